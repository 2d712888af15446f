import HierarchyModel

/// Builds a view tree from elements placed in absolute screen coordinates, as accessibility dumps
/// give them: each frame becomes relative to its parent (absolute minus the parent's absolute
/// origin) and every bounds origin stays 0, so no content offset is invented.
struct AbsoluteTreeBuilder {
    private(set) var tree: ViewTree
    /// The absolute origin of each node, indexed like the tree's nodes.
    private var origins: [(x: Double, y: Double)]

    /// A tree whose root (the screen) sits at `root.frame`, in absolute coordinates.
    init(root: ViewNode, screenScale: Double = 1) {
        tree = ViewTree(root: root, screenScale: screenScale)
        origins = [(root.frame.x, root.frame.y)]
    }

    /// Adds `node`, whose frame is absolute, as the frontmost subview of `parent`; returns its index.
    mutating func append(_ node: ViewNode, to parent: Int) -> Int {
        var node = node
        let absolute = node.frame
        node.frame = absolute.offsetBy(dx: -origins[parent].x, dy: -origins[parent].y)
        node.bounds = Rect(x: 0, y: 0, width: absolute.width, height: absolute.height)
        origins.append((absolute.x, absolute.y))
        return tree.append(node, to: parent)
    }
}
