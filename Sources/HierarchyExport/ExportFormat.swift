import Foundation
import HierarchyLayout
import HierarchySource
import HierarchyViewer

/// The export formats, their one list: the command line's `--format`, the extension a file name
/// is read as, what `--help` says of it, and where each is written. A new format is a case here,
/// its `summary` and `write` branches, and its writer beside `GLTF/`, `JSON/` and `Viewer/`.
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

    /// What the format writes, as `hierarchy export --help` says it.
    public var summary: String {
        switch self {
        case .gltf:
            "gltf writes PATH (.gltf) with PATH's name .bin and a textures folder beside it: a glTF 2.0 scene with one node per layer, "
                + "nested as the view tree, and the camera render would use with the same options (docs/gltf.md)"
        case .glb: "glb writes the same scene in one self-contained file"
        case .json: "json writes the document of 'layout --format json' with each texture in a textures folder beside it"
        case .html:
            "html writes one page that any browser opens offline, textures inside, at most \(HTMLViewer.defaultMaxTextureSize) px a side "
                + "unless --max-texture says otherwise; --yaw, --pitch, --spacing, --min-depth and --max-depth set its first view (docs/viewer.md)"
        }
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
