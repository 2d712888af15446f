import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// JSON export: the layout document of `hierarchy layout --format json` with every layer's final
/// texture written as `textures/<file>.png` beside it and the document's texture paths pointing
/// there (relative to the document), so that the folder is self-contained.
public enum JSONExport {
    /// The folder the textures go into, beside the document.
    public static let textureFolder = "textures"

    /// The document, with each texture path `textures/<name>` for the layers `names` lists (keys
    /// are layer indices, as `TextureFiles.names(for:)` gives them).
    public static func document(_ layout: Layout, names: [Int: String]) -> String {
        var byNode: [Int: String] = [:]
        for (index, name) in names { byNode[layout.layers[index].node] = name }
        return LayoutDocument.encode(layout) { layer in byNode[layer.node].map { textureFolder + "/" + $0 } }
    }

    /// Writes the document to `path` and the textures beside it, read from `source`; the output
    /// is written beside the target and moved into place, the document last.
    /// - Throws: `InputError` for a snapshot that cannot be read, an output that exists (unless
    ///   `replace`), is the input, or cannot be written.
    public static func write(_ layout: Layout, from source: some CaptureSource, to path: String, replace: Bool) throws(InputError) {
        let names = TextureFiles.names(for: layout)
        let destination = ExportDestination(path: path, companions: names.isEmpty ? [] : [textureFolder], replace: replace)
        try destination.check(protecting: source.inputFiles)
        try destination.write { (staging) throws(InputError) in
            if !names.isEmpty { try TextureFiles.write(layout, from: source, names: names, into: staging.path(textureFolder)) }
            try staging.write(Array(document(layout, names: names).utf8), to: destination.name)
        }
    }
}
