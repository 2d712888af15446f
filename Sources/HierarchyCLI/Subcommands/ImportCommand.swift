import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

/// `hierarchy import`: a dump turned into a view-hierarchy document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a dump into a view-hierarchy document.",
        discussion: "The dumps read: \(DumpFormat.titles). With --screenshot, the screenshot is cut into one snapshot per view (the pixels each view owns) written to snapshots/ beside the document.")

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Write the document here (tree.json); standard output when absent.")
    var output: String?

    @OptionGroup var force: ForceOption

    func validate() throws {
        if input.screenshot != nil && output == nil { throw ValidationError("--screenshot needs -o: the snapshots are written beside the document") }
    }

    func run() throws {
        let document = try input.load()
        let rule = input.outputRule(force).protecting(document.inputFiles)
        if let output { try rule.check(output) }
        if document.screenshot != nil, let output {
            // The snapshots and the document, staged and moved into place together.
            return try Screen.writeSliced(document, to: output, rule: rule)
        }
        try OutputFile.write(TreeDocument.encode(document.tree), to: output, rule: rule, isDocument: true)
    }
}
