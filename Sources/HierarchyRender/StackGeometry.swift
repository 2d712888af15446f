import HierarchyLayout
import HierarchyModel

/// Where the layers of a layout sit in world space: each layer is the rectangle of its visible
/// frame in the plane z = depth × spacing, with x to the right and y up (the screen's y is flipped,
/// as in SceneKit), so world (x, -y) is the point (x, y) of the root's bounds space.
public struct StackGeometry: Hashable, Sendable {
    public var spacing: Double

    public init(spacing: Double) {
        self.spacing = spacing
    }

    /// The z of the plane of layers at `depth`.
    public func z(depth: Int) -> Double { Double(depth) * spacing }

    /// The world point of the screen point (x, y) on the plane at `depth`.
    public func point(x: Double, y: Double, depth: Int) -> Vector3 {
        Vector3(x, -y, z(depth: depth))
    }

    /// The corners of the layer's textured quad in world space: the top-left, top-right,
    /// bottom-right and bottom-left corners of its content (texture coordinates (0, 0), (1, 0),
    /// (1, 1), (0, 1)). For an untransformed layer that is its visible frame, as the screen shows
    /// it (clockwise seen from the front: y is flipped, the turn is not; exporters that cull by
    /// winding order their triangles themselves); for a transformed one, the
    /// parallelogram its `visibleBounds` is mapped to, whose visible part is `layer.polygon`.
    public func corners(of layer: Layer) -> [Vector3] {
        let f = layer.frame
        guard !layer.isUntransformed else {
            return [(f.minX, f.minY), (f.maxX, f.minY), (f.maxX, f.maxY), (f.minX, f.maxY)].map {
                point(x: $0.0, y: $0.1, depth: layer.depth)
            }
        }
        return layer.visibleBounds.corners.map { corner in
            let p = layer.transform.apply(corner)
            return point(x: p.x, y: p.y, depth: layer.depth)
        }
    }

    /// The layer's visible region in world space: the corners of its polygon (of its frame when
    /// it is upright and uncut), what a camera must see of it.
    public func outline(of layer: Layer) -> [Vector3] {
        layer.polygon.map { point(x: $0.x, y: $0.y, depth: layer.depth) }
    }

    /// The texture coordinates (s, t) of the screen point `p` on the layer's quad (see `corners(of:)`).
    public func textureCoordinates(of p: Point, on layer: Layer) -> (s: Double, t: Double) {
        let (origin, box): (Point, Rect)
        if layer.isUntransformed {
            (origin, box) = (p, layer.frame)
        } else {
            (origin, box) = (layer.transform.inverted()?.apply(p) ?? p, layer.visibleBounds)
        }
        return ((origin.x - box.minX) / box.width, (origin.y - box.minY) / box.height)
    }
}
