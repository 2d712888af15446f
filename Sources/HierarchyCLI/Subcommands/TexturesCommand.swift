import ArgumentParser
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

/// `hierarchy textures`: every layer's final texture as a PNG, with an index.
struct TexturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textures",
        abstract: "Write each layer's final texture (cropped to its visible part, reduced to --max-texture) as DIR/<id>.png, with DIR/index.json.",
        discussion: "These are exactly the textures render and export draw: the quickest way to debug a capture. index.json lists each layer's id, depth, visible frame and texture file and size, in painter's order.")

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var synthesis: SynthesisOptions

    @Option(name: .shortAndLong, help: "The folder to write into (created if missing).")
    var output: String

    @OptionGroup var force: ForceOption

    func run() throws {
        let document = try input.load()
        let rule = input.outputRule(force).protecting(document.inputFiles)
        let screen = try Screen(document, options: input.reading.screenOptions(layout.options, screenshot: input.screenshot, synthesize: synthesis.isOn))
        // Staged and moved into place, the index last: when it is there, every texture it names is complete.
        try screen.writeTextures(into: output, rule: rule)
    }
}
