import HierarchyLayout
import HierarchyModel

extension RenderOptions {
    /// Pixels per point of a straight-on picture whose size is not given: a phone screenshot's
    /// density, at which a 12 pt caption is 36 px tall and reads as on the phone.
    public static let straightOnDensity = 3.0
    /// The longest side of such a picture: past it (a tablet, a long scroll view) the picture gets
    /// fewer pixels a point rather than more than 8 million pixels.
    public static let straightOnLongestSide = 2800

    /// The picture size that shows the layers of `layout` this drawing includes straight on at
    /// `straightOnDensity` pixels a point (`unitsPerPoint` document units a point: an Android
    /// dump read without its density is in pixels), with `margin` around them as the camera's fit
    /// keeps it, at most `straightOnLongestSide` a side.
    public func straightOnSize(for layout: Layout, unitsPerPoint: Double) -> PixelSize {
        let geometry = StackGeometry(spacing: spacing)
        var points = layout.layers.filter { includes(depth: $0.depth) }.flatMap(geometry.outline(of:))
        if points.isEmpty {
            points = geometry.corners(of: Layer(node: 0, id: "", className: "", frame: layout.screen, fullFrame: layout.screen))
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let width = max(1, xs.max()! - xs.min()!), height = max(1, ys.max()! - ys.min()!)
        var density = RenderOptions.straightOnDensity / max(1e-9, unitsPerPoint)
        let fraction = max(0, min(0.45, margin))
        // The fit insets by margin × the smaller side: the smaller side is that of the drawing over 1 - 2 × margin.
        func sides(_ density: Double) -> (Double, Double) {
            let inset = fraction * min(width, height) * density / (1 - 2 * fraction)
            return (width * density + 2 * inset, height * density + 2 * inset)
        }
        let (w, h) = sides(density)
        density *= min(1, Double(RenderOptions.straightOnLongestSide) / max(w, h))
        let (finalWidth, finalHeight) = sides(density)
        func side(_ value: Double) -> Int { Int(max(1, min(Double(RenderOptions.straightOnLongestSide), value.rounded()))) }
        return PixelSize(width: side(finalWidth), height: side(finalHeight))
    }
}
