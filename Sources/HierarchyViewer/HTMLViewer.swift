import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// The exploded stack as one self-contained HTML page: an interactive 3D view debugger that any
/// current browser opens from a file, offline.
///
/// The page holds its markup, style, script and every texture (PNG, de-duplicated, as base64) in
/// one file and fetches nothing: its Content-Security-Policy forbids any connection. CSS 3D
/// transforms draw the stack (one element per depth level, one per layer inside it), so the
/// browser's compositor turns it; the script only builds the elements, moves the camera, picks
/// and keeps the panels in sync. The script interface is `window.hierarchyViewer` (docs/viewer.md).
///
/// > Note: The output is deterministic: the same layout and textures give the same bytes.
public enum HTMLViewer {
    /// The texture side used when the caller has no limit of its own: large enough to read text on
    /// a 3x phone screenshot at twice its point size, small enough to keep pages attachable.
    public static let defaultMaxTextureSize = 2048

    /// The page for `layout`, with each layer's texture from `textures` (asked once per textured
    /// layer, at the planned size, concurrently).
    ///
    /// - Throws: `RenderError` for a first view out of range (`HTMLViewerOptions.validate()`);
    ///   `InputError` when a texture cannot be made or encoded, naming the layer.
    public static func page(
        for layout: Layout, textures: some TextureProvider, options: HTMLViewerOptions = HTMLViewerOptions(),
        annotations: HTMLViewerAnnotations? = nil
    ) throws -> String {
        page(title: options.title, data: try data(for: layout, textures: textures, options: options, annotations: annotations))
    }

    /// The page's data alone: the JSON document its script reads (free of `<`), textures
    /// included. `page(title:data:)` makes the page of it; `hierarchy serve` also sends it alone
    /// to a page already open, which updates itself in place (`hierarchyViewer.update`).
    /// - Throws: as `page(for:textures:options:annotations:)`.
    public static func data(
        for layout: Layout, textures: some TextureProvider, options: HTMLViewerOptions = HTMLViewerOptions(),
        annotations: HTMLViewerAnnotations? = nil
    ) throws -> String {
        try options.validate()
        let encoded = try HTMLTextureSet.encode(layout, textures: textures, compression: options.compression, memo: options.memo)
        return HTMLViewerData.json(layout, textures: encoded, options: options, annotations: annotations)
    }

    /// The page titled `title` around `data` (what `data(for:…)` gives).
    public static func page(title: String, data: String) -> String {
        HTMLViewerMarkup.page(title: title, data: data)
    }

    /// The page's data and its textures apart, for a page that stores textures itself (the
    /// report, which stores each once for all its screens): the data's `"textures"` entries are
    /// what `textureText` writes for each PNG of `pngs`.
    public static func parts(
        for layout: Layout, textures: some TextureProvider, options: HTMLViewerOptions = HTMLViewerOptions(),
        annotations: HTMLViewerAnnotations? = nil, textureText: ([UInt8]) -> String
    ) throws -> HTMLViewerParts {
        try options.validate()
        let encoded = try HTMLTextureSet.encode(layout, textures: textures, compression: options.compression, memo: options.memo)
        let data = HTMLViewerData.json(layout, textures: encoded, options: options, annotations: annotations, textureText: textureText)
        return HTMLViewerParts(data: data, pngs: encoded.pngs)
    }

    /// The whole page with the slots `{{title}}` and `{{data}}` left in it: a page that carries
    /// several viewers fills them in the browser.
    public static var template: String { HTMLViewerMarkup.page(title: "{{title}}", data: "{{data}}") }

    /// The page for `layout` with the final textures read from `document`'s snapshots.
    public static func page(
        for layout: Layout, document: some CaptureSource, options: HTMLViewerOptions = HTMLViewerOptions()
    ) throws -> String {
        try page(for: layout, textures: document.textures(for: layout), options: options)
    }
}

/// A viewer's data (the JSON the page's script reads, free of `<`) and the distinct PNGs its
/// `"textures"` entries stand for, in order.
public struct HTMLViewerParts: Sendable {
    public var data: String
    public var pngs: [[UInt8]]
}

/// What the page shows first and how its textures are stored.
public struct HTMLViewerOptions: Hashable, Sendable {
    /// The Spacing slider's end, in points: finer steps over the spacings people use; `+` and
    /// `setView` go on to `RenderOptions.maximumSpacing`.
    public static let spacingSliderMaximum = 120.0

    /// The page title and the name in the toolbar, e.g. the document's file name.
    public var title: String
    /// The first camera, from the renderer's defaults; the page's Reset returns to it.
    public var yaw: Double
    public var pitch: Double
    public var spacing: Double
    public var style: RenderStyle
    /// The first depth range (nil: no bound); the sliders still reach every depth.
    public var minDepth: Int?
    public var maxDepth: Int?
    /// `.small` by default: the page is meant to be attached to bug reports.
    public var compression: PNGCompression
    /// The input as the command line named it, for the page's "Command line" (`hierarchy render
    /// SOURCE …`); nil: the page writes a placeholder. Only this name goes into the page.
    public var source: String?
    /// The dump's text a line each, from which a selected view's source lines are quoted; nil:
    /// the page names a view's lines (if it has any) without quoting them.
    public var dumpLines: [String]?
    /// Encodings kept by content across pages (a report's screens share most textures); nil:
    /// every texture is encoded.
    public var memo: PNGMemo?

    public init(
        title: String = "View hierarchy", yaw: Double = RenderOptions().yaw, pitch: Double = RenderOptions().pitch,
        spacing: Double = RenderOptions().spacing, style: RenderStyle = .both, compression: PNGCompression = .small
    ) {
        self.title = title
        self.yaw = yaw
        self.pitch = pitch
        self.spacing = spacing
        self.style = style
        self.minDepth = nil
        self.maxDepth = nil
        self.compression = compression
    }

    /// Throws for a first view the renderer would refuse (`RenderOptions.validate()`): a yaw,
    /// pitch or spacing that is not finite, a negative spacing, a depth range whose low end is above
    /// its high end. The page's script takes the options as they are.
    public func validate() throws(RenderError) {
        var render = RenderOptions()
        (render.yaw, render.pitch, render.spacing) = (yaw, pitch, spacing)
        (render.minDepth, render.maxDepth) = (minDepth, maxDepth)
        try render.validate()
    }
}

/// Keys a page adds to the viewer's data (the diff page's sides, marks and changes).
public struct HTMLViewerAnnotations {
    /// For each layer, keys appended to its object (in order); empty or missing: none.
    public var layers: [[(String, OrderedJSON)]]
    /// Keys added to the document after `view`, before the layers.
    public var top: [(String, OrderedJSON)]

    public init(layers: [[(String, OrderedJSON)]] = [], top: [(String, OrderedJSON)] = []) {
        self.layers = layers
        self.top = top
    }
}
