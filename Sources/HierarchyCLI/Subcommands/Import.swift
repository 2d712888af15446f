import ArgumentParser
import HierarchyFormats

/// `hierarchy import`: a dump turned into a view-hierarchy document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a dump (recursiveDescription, Appium XML, uiautomator XML) into a view-hierarchy document.")

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Write the document here (tree.json); standard output when absent.")
    var output: String?

    func run() throws {
        let capture = try input.load()
        try OutputFile.write(TreeDocument.encode(capture.tree), to: output)
    }
}
