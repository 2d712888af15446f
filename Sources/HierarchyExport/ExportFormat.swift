import Foundation
import HierarchyLayout
import HierarchySource

/// The export formats, their one list: the command line's `--format`, the extension a file name
/// is read as, and where each is written. A new format is a case here, its `write` branch, and
/// its writer beside `GLTF/`, `JSON/` and `Viewer/`.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
    /// A glTF 2.0 scene: `.gltf` with its `.bin` and a textures folder beside it.
    case gltf
    /// The same scene in one self-contained binary file.
    case glb
    /// The layout document (`layout --format json`) with a textures folder beside it.
    case json
    /// The interactive viewer in one HTML file.
    case html

    /// The format a file name's extension stands for, if any.
    public init?(fileName: String) {
        self.init(rawValue: (fileName as NSString).pathExtension.lowercased())
    }

    /// The largest texture side when the user gives none: the viewer keeps its page small.
    public var defaultMaxTextureSize: Int {
        self == .html ? HTMLViewer.defaultMaxTextureSize : LayoutOptions.defaultMaxTextureSize
    }

    /// Whether the layers outside the depth range are left out (the scenes); json and html keep
    /// the whole layout.
    public var honoursDepthRange: Bool { self == .gltf || self == .glb }

    /// Writes `layout` with its textures from `source` to `path` in this format, staged beside it
    /// and moved into place at the end.
    /// - Throws: `RenderError` for options out of range; `InputError` for a texture that cannot be
    ///   read, an output that exists (unless `replace`), is an input, or cannot be written.
    public func write(_ layout: Layout, from source: some CaptureSource, to path: String, options: ExportOptions, replace: Bool) throws {
        switch self {
        case .gltf, .glb:
            try GLTFExport.write(layout, from: source, to: path, container: self == .glb ? .glb : .gltf, options: options, replace: replace)
        case .json:
            try JSONExport.write(layout, from: source, to: path, replace: replace)
        case .html:
            try HTMLExport.write(layout, from: source, to: path, options: HTMLExport.viewerOptions(options.render, document: source), replace: replace)
        }
    }
}
