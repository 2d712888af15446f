import HierarchyLayout
import HierarchyModel

/// The layer under a point of a picture.
public struct Pick: Hashable, Sendable {
    /// Index into the layout's `layers`.
    public var layerIndex: Int
    public var layer: Layer
    /// Where the ray meets the layer, in the root's bounds space (points).
    public var x: Double
    public var y: Double
}

extension Renderer {
    /// The frontmost layer at the continuous pixel position (x, y) of the picture `render` draws
    /// for `layout` (pixel (i, j) has its centre at (i + 0.5, j + 0.5)); nil where none is.
    ///
    /// Picking is geometric, like the drawing: the ray through the point is met with each layer's
    /// plane, front to back in drawing order, and the first layer whose visible region (frame or polygon) holds the
    /// hit wins. Only layers in the depth range count (the layout has already applied focus).
    /// A layer counts over its whole rectangle whatever its pixels are: transparent texels, and
    /// layers drawn only as an outline (no texture, no background), are hits, as in Xcode.
    public func pick(_ layout: Layout, x: Double, y: Double) -> Pick? {
        pick(layout, from: viewpoint(for: layout), x: x, y: y)
    }

    /// The frontmost layer at (x, y) of the picture seen from `viewpoint` (see `pick(_:x:y:)`).
    public func pick(_ layout: Layout, from viewpoint: Viewpoint, x: Double, y: Double) -> Pick? {
        guard x >= 0, y >= 0, x < Double(viewpoint.imageSize.width), y < Double(viewpoint.imageSize.height) else { return nil }
        let (origin, direction) = viewpoint.ray(x: x, y: y)
        // A ray parallel to the planes meets none of them.
        guard abs(direction.z) > 1e-12 else { return nil }
        let geometry = StackGeometry(spacing: options.spacing)
        let near = LayerProjection.nearFraction * (viewpoint.target - viewpoint.eye).length
        for index in DrawOrder.sorted(layout, options: options, viewpoint: viewpoint).reversed() {
            let layer = layout.layers[index]
            let distance = (geometry.z(depth: layer.depth) - origin.z) / direction.z
            // The drawing cuts perspective layers at the near plane; orthographic views see all.
            if viewpoint.projection == .perspective && distance * direction.dot(viewpoint.forward) < near { continue }
            let hit = origin + distance * direction
            let (px, py) = (hit.x, -hit.y)
            if layer.holds(px, py) {
                return Pick(layerIndex: index, layer: layer, x: px, y: py)
            }
        }
        return nil
    }

    /// The frontmost layer at the centre of pixel (column, row).
    public func pick(_ layout: Layout, column: Int, row: Int) -> Pick? {
        pick(layout, x: Double(column) + 0.5, y: Double(row) + 0.5)
    }
}

extension Layer {
    /// Whether the screen point (x, y) is in the layer's visible region: half-open on its frame,
    /// like the drawing's coverage samples, or inside its polygon when it is not a rectangle.
    func holds(_ x: Double, _ y: Double) -> Bool {
        guard let outline else {
            return x >= frame.minX && x < frame.maxX && y >= frame.minY && y < frame.maxY
        }
        return ConvexPolygon.contains(outline, Point(x: x, y: y))
    }
}
