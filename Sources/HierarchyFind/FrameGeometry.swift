import HierarchyModel

/// Where every view is on the screen, unclipped: what a test's `rect` reports.
enum FrameGeometry {
    /// Each view's whole frame in the root's bounds space (the layout's), indexed like the nodes:
    /// the box around its bounds carried through every transform and offset above it.
    static func absoluteFrames(_ tree: ViewTree) -> [Rect] {
        var toRoot = [Transform2D](repeating: .identity, count: tree.count)
        var frames = [Rect](repeating: .zero, count: tree.count)
        for index in tree.preorder() {
            let node = tree[index]
            if let parent = node.parent { toRoot[index] = toRoot[parent].concatenating(after: node.toSuperview) }
            frames[index] = node.parent == nil ? node.bounds : (Rect.bounding(node.bounds.corners.map(toRoot[index].apply)) ?? node.frame)
        }
        return frames
    }
}
