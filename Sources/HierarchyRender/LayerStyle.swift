import HierarchyModel

/// How one layer is drawn differently from the rest, for pictures that mark some views (what
/// `hierarchy diff` draws: unchanged views dimmed, changed ones outlined in a colour).
public struct LayerStyle: Hashable, Sendable {
    /// Multiplies the layer's fill (texture or background colour), in [0, 1].
    public var opacity: Double
    /// The outline's colour; nil keeps the options' own (and their style's choice of outlines).
    /// A colour draws the outline whatever the style.
    public var outlineColor: Color?
    /// Multiplies the outline width.
    public var outlineScale: Double

    public init(opacity: Double = 1, outlineColor: Color? = nil, outlineScale: Double = 1) {
        self.opacity = opacity
        self.outlineColor = outlineColor
        self.outlineScale = outlineScale
    }
}
