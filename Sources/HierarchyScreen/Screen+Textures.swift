import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLoading
import HierarchyModel

extension Screen {
    /// `hierarchy textures`: each layer's final texture (what render and export draw) written as
    /// `folder/<name>.png`, each checked against `rule` first. Returns the index that lists each
    /// layer's id, depth, visible frame and texture file and size in painter's order, for the
    /// caller to write last (`folder/index.json`): when it is there, every texture it names is complete.
    /// - Throws: `InputError` for a file the rule refuses or a snapshot that cannot be read.
    public func writeTextures(into folder: String, rule: OutputRule) throws -> String {
        let names = TextureFiles.names(for: layout)
        for name in names.values { try rule.check(folder + "/" + name) }
        try TextureFiles.write(layout, from: document, names: names, into: folder)
        let entries = layout.layers.enumerated().map { index, layer -> OrderedJSON in
            var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("depth", .number(Double(layer.depth))), ("frame", TreeDocument.rect(layer.frame))]
            if let plan = layer.texture, let name = names[index] {
                keys += [("texture", .string(name)), ("width", .number(Double(plan.width))), ("height", .number(Double(plan.height)))]
            } else {
                keys.append(("texture", .null))
            }
            return .object(keys)
        }
        return OrderedJSON.array(entries).text(pretty: true) + "\n"
    }

    /// `hierarchy import -o`: `document`'s tree with its screenshot cut into one snapshot per
    /// drawn view (each layer's slice over its whole bounds), written to `snapshots/` beside
    /// `output`, each checked against `rule` first; the tree's snapshot paths name them (views that
    /// are not drawn get none).
    /// - Throws: `InputError` for a file the rule refuses or that cannot be written.
    public static func slicedTree(of document: LoadedDocument, besideDocument output: String, rule: OutputRule) throws(InputError) -> ViewTree {
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
