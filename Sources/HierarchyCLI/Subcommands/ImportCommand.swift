import ArgumentParser
import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

/// `hierarchy import`: a dump turned into a view-hierarchy document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a dump (recursiveDescription, Appium XML, uiautomator XML, XCUITest debugDescription, Espresso, Maestro, Sentry view-hierarchy.json, Compose semantics tree, Flutter semantics or render tree, Detox ViewHierarchy XML) into a view-hierarchy document.",
        discussion: "With --screenshot, the screenshot is cut into one snapshot per view (the pixels each view owns) written to snapshots/ beside the document.")

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Write the document here (tree.json); standard output when absent.")
    var output: String?

    @OptionGroup var force: ForceOption

    func validate() throws {
        if input.screenshot != nil && output == nil { throw ValidationError("--screenshot needs -o: the snapshots are written beside the document") }
    }

    func run() throws {
        var document = try input.load()
        let rule = input.outputRule(force).protecting(document.inputFiles)
        if let output { try rule.check(output) }
        if document.screenshot != nil, let output {
            document.tree = try writeSlices(of: document, besideDocument: output, rule: rule)
        }
        try OutputFile.write(TreeDocument.encode(document.tree), to: output, rule: rule, isDocument: true)
    }

    /// Writes each layer's slice of the screenshot over its whole bounds to `snapshots/` and
    /// returns the tree with its snapshot paths pointing there (views that are not drawn get none).
    private func writeSlices(of document: LoadedDocument, besideDocument output: String, rule: OutputRule) throws(InputError) -> ViewTree {
        let layout = try document.layout(LayoutOptions())
        let names = TextureFiles.names(for: layout)
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().appendingPathComponent("snapshots").path
        let slicer = document.textures(for: layout)
        var tree = document.tree
        for index in tree.nodes.indices { tree.update(index) { $0.snapshot = nil } }
        for (index, layer) in layout.layers.enumerated() {
            guard let plan = layer.texture, let name = names[index] else { continue }
            let whole = PixelRect(x: 0, y: 0, width: plan.source.width, height: plan.source.height)
            try rule.check(folder + "/" + name)
            try PNG.write(slicer.slice(layer, snapshotSize: plan.source, crop: whole), to: folder + "/" + name)
            tree.update(layer.node) { $0.snapshot = "snapshots/" + name }
        }
        return tree
    }
}
