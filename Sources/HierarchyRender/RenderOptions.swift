import HierarchyLayout
import HierarchyModel

/// How the exploded stack is projected.
public enum Projection: String, CaseIterable, Hashable, Sendable {
    case perspective
    case orthographic
}

/// What is drawn of each layer: the one list of styles, which the command line's `--style`
/// takes and the viewer's page gets through its data (`"styles"`), its menu made from it.
public enum RenderStyle: String, CaseIterable, Hashable, Sendable {
    /// Textures (or background colours) only.
    case contents
    /// Outlines only.
    case wireframe
    /// Textures with a thin outline around every layer, as Xcode's view debugger shows them.
    case both

    /// Whether layers are filled with their textures or colours.
    public var drawsContents: Bool { self != .wireframe }
    /// Whether every layer's outline is drawn.
    public var drawsOutlines: Bool { self != .contents }

    /// The style's name in the viewer's menu.
    public var title: String {
        switch self {
        case .contents: "Contents"
        case .wireframe: "Wireframe"
        case .both: "Both"
        }
    }

    /// What it draws, in words: the menu item's tooltip.
    public var summary: String {
        switch self {
        case .contents: "Contents only"
        case .wireframe: "Outlines only"
        case .both: "Contents with outlines"
        }
    }
}

/// Everything about the picture that is not the layout: camera, depth range, looks and size.
///
/// The defaults show a phone screen (about 390×844 pt with 5 to 15 depth levels) as a readable
/// exploded stack seen from the right and a little above, in perspective, with textures and
/// thin outlines, on a dark canvas like Xcode's, at 1600×1200.
public struct RenderOptions: Hashable, Sendable {
    /// Points between two depth levels. 40 pt spreads 5 to 15 levels over 200 to 600 pt, a quarter
    /// to two thirds of a phone screen's height: at the default angle the levels separate clearly
    /// (at 20 pt, as the peer script has it, a 5-level screen looks nearly flat), and the deepest
    /// stacks still fit a 4:3 picture beside the screen without shrinking it much.
    public var spacing: Double = 40
    /// Only layers whose depth is in `minDepth...maxDepth` are drawn (nil: no bound).
    public var minDepth: Int?
    public var maxDepth: Int?
    /// Orbit angles in degrees. `yaw` turns the stack about the vertical axis: negative values
    /// show it from the right, so nearer levels shift left (as in the peer script); 180 shows it
    /// from behind, mirrored. `pitch` raises the camera: positive values look down on the stack.
    /// The defaults (-35, 20) are a little steeper than the peer script's (-30, 15): a portrait
    /// screen in a landscape picture has room to turn, and the levels read better apart.
    public var yaw: Double = -35
    public var pitch: Double = 20
    public var projection: Projection = .perspective
    /// Vertical field of view in degrees, for the perspective projection. 30° is a normal lens:
    /// the depth is readable while the screen keeps its shape.
    public var fov: Double = 30
    /// Multiplies the fitted scale: 2 shows the middle half of the fitted picture.
    public var zoom: Double = 1
    /// The empty border kept around everything drawn, as a fraction of the smaller image side.
    public var margin: Double = 0.05
    public var style: RenderStyle = .both
    /// The layer whose outline is drawn thicker in `highlightColor`.
    public var highlightID: String?
    /// The canvas; a colour with alpha 0 leaves the picture transparent where nothing is drawn.
    public var background: Color = RenderOptions.canvas
    public var outlineColor = Color(red: 0xDC, green: 0xE3, blue: 0xEE, alpha: 0x78)
    public var highlightColor = Color(red: 0x2E, green: 0x8F, blue: 0xFF)
    /// Outline width in pixels; nil picks 1 px per 1200 px of the smaller image side, at least 1.
    public var outlineWidth: Double?
    public var size = PixelSize(width: 1600, height: 1200)
    /// Layers drawn their own way, by index in the layout's `layers`; the others are drawn plainly.
    public var layerStyles: [Int: LayerStyle] = [:]

    /// Xcode's dark canvas.
    public static let canvas = Color(red: 0x25, green: 0x27, blue: 0x2C)
    /// A fully transparent background.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The largest picture side.
    public static let maxSide = 16384

    public init() {}

    /// Whether a layer at `depth` is inside the depth range.
    public func includes(depth: Int) -> Bool {
        (minDepth.map { depth >= $0 } ?? true) && (maxDepth.map { depth <= $0 } ?? true)
    }

    /// The outline width in pixels, resolved from the picture size when not set.
    public var resolvedOutlineWidth: Double {
        outlineWidth ?? max(1, Double(min(size.width, size.height)) / 1200)
    }

    /// The largest spacing between depth levels, in points, on every path: `--spacing`, the
    /// exports and the HTML viewer's controls (past it a deep tree stretches over kilometres).
    public static let maximumSpacing = 500.0

    /// Throws for a size outside 1...16384 a side or an option outside its range.
    public func validate() throws(RenderError) {
        guard (1...Self.maxSide).contains(size.width), (1...Self.maxSide).contains(size.height) else {
            throw .invalidSize(width: size.width, height: size.height, limit: Self.maxSide)
        }
        try check("spacing", spacing, spacing >= 0 && spacing <= Self.maximumSpacing, "in [0, \(Int(Self.maximumSpacing))] points")
        try check("yaw", yaw, yaw.isFinite, "a finite number of degrees")
        try check("pitch", pitch, pitch.isFinite, "a finite number of degrees")
        try check("fov", fov, fov > 0 && fov < 180, "in (0, 180) degrees")
        try check("zoom", zoom, zoom.isFinite && zoom > 0, "a finite number > 0")
        try check("margin", margin, margin >= 0 && margin < 0.5, "in [0, 0.5)")
        if let width = outlineWidth {
            try check("outlineWidth", width, width.isFinite && width > 0 && width <= 64, "in (0, 64] pixels")
        }
        if let low = minDepth, let high = maxDepth, low > high { throw .invalidDepthRange(minDepth: low, maxDepth: high) }
        for style in layerStyles.values {
            try check("layerStyles.opacity", style.opacity, style.opacity >= 0 && style.opacity <= 1, "in [0, 1]")
            try check("layerStyles.outlineScale", style.outlineScale, style.outlineScale.isFinite && style.outlineScale > 0 && style.outlineScale <= 16, "in (0, 16]")
        }
    }

    private func check(_ name: String, _ value: Double, _ ok: Bool, _ expected: String) throws(RenderError) {
        guard ok else { throw .invalidOption(name: name, value: value, expected: expected) }
    }
}
