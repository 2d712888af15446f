import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// A captured screen as its readers hand it on: the view tree, where it came from, and where each
/// layer's texture comes from. The exporters and the diff page take one of these, so that they
/// know nothing of how the input was read (HierarchyLoading's `LoadedDocument` is the reader's).
public protocol CaptureSource: Sendable {
    associatedtype Textures: LayerTextureSource

    /// The views, as read.
    var tree: ViewTree { get }
    /// The input file as the user named it, for titles and messages.
    var file: String { get }
    /// The files an output must never replace: the input and every file it reads.
    var inputFiles: [String] { get }
    /// Where the layers of `layout` (a layout of `tree`) get their textures.
    func textures(for layout: Layout) -> Textures
    /// The whole picture of view `node` (an index of `tree`), for comparing captures; `textures`
    /// are this capture's for `layout`. Nil when the capture has none for it.
    func picture(of node: Int, layout: Layout, textures: Textures) -> ViewPicture?
    /// The text of the dump the tree was imported from, a line each as its views' `source`
    /// numbers them (read again from the file), for the viewer to quote; nil for a document or a
    /// capture (a document's views may name lines, but of another file).
    func readDumpLines() -> [String]?
}

extension CaptureSource {
    public func readDumpLines() -> [String]? { nil }
}

/// A texture provider that also gives a layer's whole texture at its planned size, for outputs
/// that keep every pixel (exported texture files, the viewer).
public protocol LayerTextureSource: TextureProvider {
    /// The texture of `layer` at its planned size; nil when it has none.
    func texture(for layer: Layer) throws(InputError) -> RGBAImage?
}

/// A view's picture as captured, for comparing two captures: the snapshot file it names (two
/// files with the same bytes are the same picture, without decoding), or pixels made from the
/// capture (a screenshot's slice).
public enum ViewPicture: Sendable {
    case file(String)
    case image(RGBAImage)
}
