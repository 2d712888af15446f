import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchySource

/// A screen's textures at their planned sizes, each made once however often it is asked for:
/// the two thumbnails, the viewer and the diff's page draw the same layers, and slicing the
/// screenshot (filling in what views in front covered) is most of a report's time. Held for one
/// screen at a time; keyed by layer id, so for one layout (or the diff page's, whose BEFORE ids
/// are prefixed) only.
final class PlannedTextures<Source: LayerTextureSource>: LayerTextureSource, @unchecked Sendable {
    let source: Source
    private let lock = NSLock()
    private var made: [String: RGBAImage?] = [:]

    init(_ source: Source) { self.source = source }

    func texture(for layer: Layer) throws(InputError) -> RGBAImage? {
        if let known = lock.withLock({ made[layer.id] }) { return known }
        let image = try source.texture(for: layer)
        lock.withLock { made[layer.id] = image }
        return image
    }

    /// The planned texture, whatever the picture shows: a thumbnail shows less, and the renderer
    /// reduces it (the plan is at most `--max-texture` a side, so a thumbnail never needs more).
    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? { try texture(for: layer) }
}

/// A loaded capture whose textures are one `PlannedTextures` for its layout, for the diff's page.
struct PlannedCapture: CaptureSource {
    let document: LoadedDocument
    let textures: PlannedTextures<LayerTextures>

    /// `textures`: the document's for the layout (`LoadedDocument.textures(for:)`).
    init(_ document: LoadedDocument, textures: LayerTextures) {
        self.document = document
        self.textures = PlannedTextures(textures)
    }

    var tree: ViewTree { document.tree }
    var file: String { document.file }
    var inputFiles: [String] { document.inputFiles }
    func textures(for layout: Layout) -> PlannedTextures<LayerTextures> { textures }
    func readDumpLines() -> [String]? { document.readDumpLines() }
    func picture(of node: Int, layout: Layout, textures: PlannedTextures<LayerTextures>) -> ViewPicture? {
        document.picture(of: node, layout: layout, textures: textures.source)
    }
}
