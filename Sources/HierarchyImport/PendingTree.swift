import HierarchyModel

/// Views collected in pre-order (each after its parent) before the tree is built, so that what a
/// format leaves out can be filled in from the views around it: a missing size from the union of
/// the view's subviews, a missing origin from its superview (absolute) or 0 (relative), a root
/// with no size from its subviews.
struct PendingTree {
    /// The views, their frames absolute (screen) or relative to the superview as the format gives them.
    private(set) var nodes: [ViewNode] = []
    private(set) var parents: [Int] = []
    private var hasOrigin: [Bool] = []
    private var hasSize: [Bool] = []

    var count: Int { nodes.count }

    /// Adds a view under `parent` (-1 for the root); returns its index.
    @discardableResult
    mutating func add(_ node: ViewNode, parent: Int, hasOrigin: Bool = true, hasSize: Bool = true) -> Int {
        nodes.append(node)
        parents.append(parent)
        self.hasOrigin.append(hasOrigin)
        self.hasSize.append(hasSize)
        return nodes.count - 1
    }

    /// The tree: with `absolute` frames made relative to their superviews (bounds origins 0).
    func build(absolute: Bool, screenScale: Double = 1) -> ViewTree {
        var frames = nodes.map(\.frame)
        // Origins first, top down: a view without one sits at its superview's.
        for index in frames.indices where !hasOrigin[index] {
            let parent = parents[index]
            let origin = absolute && parent >= 0 ? (frames[parent].x, frames[parent].y) : (0.0, 0.0)
            frames[index].x = origin.0
            frames[index].y = origin.1
        }
        // Sizes bottom up: a view without one (or a root without one) spans its subviews.
        var extent = [Rect?](repeating: nil, count: frames.count)
        for index in frames.indices.reversed() {
            let isRoot = parents[index] < 0
            if !hasSize[index] || (isRoot && frames[index].width == 0 && frames[index].height == 0), let union = extent[index] {
                if absolute && !isRoot && !hasOrigin[index] {
                    // Neither origin nor size: exactly where its subviews are.
                    frames[index] = union
                } else if absolute {
                    let minX = isRoot ? min(0, union.x) : min(frames[index].x, union.x)
                    let minY = isRoot ? min(0, union.y) : min(frames[index].y, union.y)
                    frames[index] = Rect(x: minX, y: minY, width: union.maxX - minX, height: union.maxY - minY)
                } else {
                    frames[index].width = max(0, union.maxX)
                    frames[index].height = max(0, union.maxY)
                }
            }
            let parent = parents[index]
            guard parent >= 0 else { continue }
            extent[parent] = extent[parent].map { $0.union(frames[index]) } ?? frames[index]
        }
        var root = nodes[0]
        root.frame = frames[0]
        root.bounds = Rect(x: 0, y: 0, width: frames[0].width, height: frames[0].height)
        if absolute {
            var builder = AbsoluteTreeBuilder(root: root, screenScale: screenScale)
            for index in nodes.indices.dropFirst() {
                var node = nodes[index]
                node.frame = frames[index]
                _ = builder.append(node, to: parents[index])
            }
            return builder.tree
        }
        var tree = ViewTree(root: root, screenScale: screenScale)
        tree.reserveCapacity(nodes.count)
        for index in nodes.indices.dropFirst() {
            var node = nodes[index]
            node.frame = frames[index]
            node.bounds = Rect(x: 0, y: 0, width: frames[index].width, height: frames[index].height)
            tree.append(node, to: parents[index])
        }
        return tree
    }
}

extension ViewNode {
    /// The keys a view-hierarchy document gives a view itself: an extra of that name would be
    /// written twice, so it is kept as `dump-<key>` (Espresso's numeric `id`, a Sentry `tag`).
    static let documentKeys: Set<String> = [
        "id", "class", "name", "text", "tag", "frame", "bounds", "transform", "anchorPoint", "clipsToBounds",
        "alpha", "hidden", "backgroundColor", "snapshot", "attributes", "source", "children",
    ]

    /// Keeps a value the model does not interpret, under a key that cannot collide with the document's.
    mutating func keepExtra(_ key: String, _ value: JSONValue) {
        extras[ViewNode.documentKeys.contains(key) ? "dump-" + key : key] = value
    }
}
