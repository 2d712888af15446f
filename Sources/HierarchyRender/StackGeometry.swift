import HierarchyLayout

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

    /// The layer's corners in world space: top left, top right, bottom right, bottom left as the
    /// screen shows them (counter-clockwise seen from the front, since y is flipped).
    public func corners(of layer: Layer) -> [Vector3] {
        let f = layer.frame
        return [(f.minX, f.minY), (f.maxX, f.minY), (f.maxX, f.maxY), (f.minX, f.maxY)].map {
            point(x: $0.0, y: $0.1, depth: layer.depth)
        }
    }
}
