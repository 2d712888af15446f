import HierarchyLayout

/// The order in which layers are drawn: back to front along the viewing direction.
///
/// All layers lie in planes parallel to z = 0, so one order is right for every pixel: the planes
/// sorted by their distance along the view (for a perspective camera, by the distance of the plane
/// from the eye: a ray from the eye meets the planes on its side in that order; for an orthographic
/// one, by the plane's position along `forward`). Layers in the same plane keep painter's order.
public enum DrawOrder {
    /// Indices into `layout.layers` of the layers in `options`' depth range, farthest first.
    public static func sorted(_ layout: Layout, options: RenderOptions, viewpoint: Viewpoint) -> [Int] {
        let geometry = StackGeometry(spacing: options.spacing)
        let drawn = layout.layers.indices.filter { options.includes(depth: layout.layers[$0].depth) }
        // Larger key = farther = drawn earlier. Keys are exact per depth, so ties are exact too.
        let keys = drawn.map { index -> Double in
            let z = geometry.z(depth: layout.layers[index].depth)
            switch viewpoint.projection {
            case .perspective: return abs(z - viewpoint.eye.z)
            case .orthographic: return z * viewpoint.forward.z
            }
        }
        return drawn.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] > keys[b] : drawn[a] < drawn[b]
        }.map { drawn[$0] }
    }
}
