import ArgumentParser
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

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

    @OptionGroup var force: ForceOption

    func run() throws {
        var clock = PhaseClock()
        let document = try input.load()
        // The rule knows the snapshots once the document is read: an input is refused as one.
        let rule = input.outputRule(force).protecting(document.inputFiles)
        if let output { try rule.check(output) }
        clock.lap("load")
        let screen = try Screen(document, options: input.reading.screenOptions(layout.options, screenshot: input.screenshot))
        clock.lap("layout")
        switch format {
        case .text: try OutputFile.write(LayoutText.render(screen.layout, tree: document.tree), to: output, rule: rule, isDocument: false)
        case .json: try OutputFile.write(to: output, rule: rule) { (sink) throws(InputError) in try LayoutDocument.write(screen.layout, notes: document.warnings, to: sink) }
        }
        clock.lap("write")
        clock.report()
    }
}
