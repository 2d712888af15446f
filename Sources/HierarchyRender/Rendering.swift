import HierarchyImaging

/// A finished picture and how it was made.
public struct Rendering: Sendable {
    /// The picture, 8-bit RGBA with straight alpha.
    public var image: RGBAImage
    /// The camera it was seen from (the fitted one unless the caller gave one).
    public var viewpoint: Viewpoint
    /// Indices into the layout's `layers` of the layers drawn, back to front.
    public var drawOrder: [Int]

    /// True when no layer was drawn (an empty layout, or nothing in the depth range): the picture
    /// is the background alone, which a caller may want to warn about.
    public var isEmpty: Bool { drawOrder.isEmpty }
}
