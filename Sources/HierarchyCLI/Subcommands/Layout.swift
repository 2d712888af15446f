import ArgumentParser
import HierarchyFormats
import HierarchyModel

/// `hierarchy layout`: the layers, their depths and visible frames, as text or JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the exploded layout: which views are drawn, at what depth, and where.",
        discussion: "text is an indented tree like UIKit's recursiveDescription that says why each view that is not drawn is not; json is the document described in docs/layout-json.md.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup

    @Option(help: "text or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        try input.refuseOverwritingInput(output)
        var clock = PhaseClock()
        let document = try input.load()
        clock.lap("load")
        let result = try document.layout(layout.options)
        clock.lap("layout")
        switch format {
        case .text: try OutputFile.write(LayoutText.render(result, tree: document.tree), to: output)
        case .json: try OutputFile.write(to: output) { (sink) throws(InputError) in try LayoutDocument.write(result, to: sink) }
        }
        clock.lap("write")
        clock.report()
    }
}
