import HierarchyLayout

/// Where the tags of `--labels` go.
extension Rendering {
    /// One tag's place: the layer (an index into the layout's `layers`) and the pixel where the
    /// top-left corner of its visible frame is seen.
    public struct LabelAnchor: Hashable, Sendable {
        public var layer: Int
        public var x: Double
        public var y: Double
    }

    /// The anchors of the layers drawn, back to front (so nearer tags go over farther ones),
    /// leaving out corners behind the camera or outside the picture.
    public func labelAnchors(_ layout: Layout, spacing: Double) -> [LabelAnchor] {
        let geometry = StackGeometry(spacing: spacing)
        return drawOrder.compactMap { index in
            guard let corner = geometry.corners(of: layout.layers[index]).first, let p = viewpoint.project(corner),
                  p.x >= 0, p.y >= 0, p.x < Double(image.width), p.y < Double(image.height) else { return nil }
            return LabelAnchor(layer: index, x: p.x, y: p.y)
        }
    }
}
