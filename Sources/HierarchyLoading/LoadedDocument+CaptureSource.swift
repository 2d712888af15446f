import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import HierarchySource

extension LoadedDocument: CaptureSource {
    /// The files an output must never overwrite: the document and every snapshot it names, or
    /// its screenshot.
    public var inputFiles: [String] {
        if let screenshotFile { return [file, screenshotFile] }
        return [file] + snapshotSizes.keys.sorted().map(snapshotFile)
    }

    /// The dump's lines, read again from the file; nil for a view-hierarchy document.
    public func readDumpLines() -> [String]? {
        guard format != nil, let bytes = try? FileSystem.read(file) else { return nil }
        return DumpImporter.sourceLines(bytes)
    }

    /// The view's snapshot file; with a screenshot, its slice when it is a layer of `layout`.
    public func picture(of node: Int, layout: Layout, textures: LayerTextures) -> ViewPicture? {
        guard let path = tree[node].snapshot else { return nil }
        guard screenshot != nil else { return .file(snapshotFile(path)) }
        guard case .layer(let index) = layout.status[node], let plan = layout.layers[index].texture else { return nil }
        let whole = PixelRect(x: 0, y: 0, width: plan.source.width, height: plan.source.height)
        return .image(textures.slice(layout.layers[index], snapshotSize: plan.source, crop: whole))
    }
}
