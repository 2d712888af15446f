import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

extension Screen {
    /// `hierarchy textures`: each layer's final texture (what render and export draw) written as
    /// `folder/<name>.png`, with `folder/index.json` listing each layer's id, depth, visible frame
    /// and texture file and size in painter's order. Everything is written into a staging folder
    /// inside `folder` and moved into place when complete, the index last (`ExportDestination`):
    /// a failure midway leaves `folder` as it was, and when the index is there every texture it
    /// names is complete. An existing file is replaced only when `rule` allows it.
    /// - Throws: `InputError` for a file the rule refuses, a snapshot that cannot be read or a
    ///   file that cannot be written.
    public func writeTextures(into folder: String, rule: OutputRule) throws {
        let names = TextureFiles.names(for: layout)
        let destination = ExportDestination(
            path: folder + "/index.json", companions: names.sorted { $0.key < $1.key }.map(\.value), replace: rule.replace)
        try destination.check(protecting: rule.inputs)
        let index = Self.textureIndex(layout, names: names)
        try destination.write { (staging) throws(InputError) in
            try TextureFiles.write(layout, from: document, names: names, into: staging.path)
            try staging.write(Array(index.utf8), to: "index.json")
        }
    }

    /// The index `textures` writes: per layer in painter's order, its id, depth, visible frame and
    /// texture file and size (null when the layer has no texture).
    static func textureIndex(_ layout: Layout, names: [Int: String]) -> String {
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

    /// `hierarchy import -o` with a screenshot: `document`'s tree with its screenshot cut into one
    /// snapshot per drawn view (each layer's slice over its whole bounds) in `snapshots/` beside
    /// `output`, the tree's snapshot paths naming them (views that are not drawn get none). The
    /// folder and the document are staged and moved into place together, the document last
    /// (`ExportDestination`): a failure midway leaves nothing; an existing `snapshots/` or
    /// document is replaced only when `rule` allows it.
    /// - Throws: `InputError` for an output the rule refuses or a file that cannot be written.
    public static func writeSliced(_ document: LoadedDocument, to output: String, rule: OutputRule) throws(InputError) {
        let destination = ExportDestination(path: output, companions: ["snapshots"], replace: rule.replace)
        try destination.check(protecting: rule.inputs)
        try destination.write { (staging) throws(InputError) in
            let tree = try slicedTree(of: document, into: staging.path("snapshots"))
            try staging.write(Array(TreeDocument.encode(tree).utf8), to: destination.name)
        }
    }

    /// `document`'s tree with a snapshot per drawn view written into `folder` (created).
    static func slicedTree(of document: LoadedDocument, into folder: String) throws(InputError) -> ViewTree {
        let layout = try document.layout(LayoutOptions())
        let names = TextureFiles.names(for: layout)
        let slicer = document.textures(for: layout)
        try FileSystem.createFolder(folder)
        var tree = document.tree
        for index in tree.nodes.indices { tree.update(index) { $0.snapshot = nil } }
        for (index, layer) in layout.layers.enumerated() {
            guard let plan = layer.texture, let name = names[index] else { continue }
            let whole = PixelRect(x: 0, y: 0, width: plan.source.width, height: plan.source.height)
            try PNG.write(slicer.slice(layer, snapshotSize: plan.source, crop: whole), to: folder + "/" + name)
            tree.update(layer.node) { $0.snapshot = "snapshots/" + name }
        }
        return tree
    }
}
