/// A captured view hierarchy, stored flat: `nodes[0]` is the root and every node names its parent
/// and children by index. Flat storage lets trees of any depth be built, walked and freed without
/// recursion (a 100,000-level chain would overflow the stack as nested values).
public struct ViewTree: Hashable, Sendable {
    /// Trees are equal when they have the same shape and the same views in the same places, however
    /// their nodes happen to be numbered.
    public static func == (a: ViewTree, b: ViewTree) -> Bool {
        guard a.screenScale == b.screenScale, a.count == b.count else { return false }
        for (i, j) in zip(a.preorder(), b.preorder()) {
            let (x, y) = (a[i], b[j])
            guard x.children.count == y.children.count, x.position == y.position, x.sameProperties(as: y) else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(screenScale)
        hasher.combine(count)
        for index in preorder() { hasher.combine(nodes[index].id) }
    }

    /// Pixels per point of the device the tree was captured on; informational only.
    public var screenScale: Double
    public private(set) var nodes: [ViewNode]

    /// A tree of one view. A root without an id gets "0".
    public init(root: ViewNode, screenScale: Double = 1) {
        var root = root
        root.parent = nil
        root.children = []
        root.position = 0
        if root.id.isEmpty { root.id = "0" }
        self.screenScale = screenScale
        self.nodes = [root]
    }

    public var root: ViewNode { nodes[0] }
    public var count: Int { nodes.count }

    public subscript(index: Int) -> ViewNode { nodes[index] }

    /// Adds `node` as the frontmost subview of `parent` and returns its index. A node without an id
    /// gets its index path.
    @discardableResult
    public mutating func append(_ node: consuming ViewNode, to parent: Int) -> Int {
        precondition(nodes.indices.contains(parent), "no node at index \(parent)")
        let index = nodes.count
        node.parent = parent
        node.children = []
        node.position = nodes[parent].children.count
        let unnamed = node.id.isEmpty
        nodes.append(node)
        nodes[parent].children.append(index)
        if unnamed { nodes[index].id = indexPath(of: index) }
        return index
    }

    /// Makes room for `count` views, so that a reader that knows about how many it will add
    /// builds the tree without copying it as it grows.
    public mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
    }

    /// Changes a node's own properties; its place in the tree stays as it is.
    public mutating func update(_ index: Int, _ change: (inout ViewNode) -> Void) {
        let (parent, children, position) = (nodes[index].parent, nodes[index].children, nodes[index].position)
        change(&nodes[index])
        nodes[index].parent = parent
        nodes[index].children = children
        nodes[index].position = position
    }

    /// Node indices in painter's order: pre-order, subviews back to front. Iterative.
    public func preorder(from start: Int = 0) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(start == 0 ? nodes.count : 16)
        var stack = [start]
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        return order
    }

    /// The number of ancestors of each node (root 0), indexed like `nodes`.
    public func levels() -> [Int] {
        var levels = [Int](repeating: 0, count: nodes.count)
        for index in preorder() {
            if let parent = nodes[index].parent { levels[index] = levels[parent] + 1 }
        }
        return levels
    }

    /// The positions from the root down to the node: "0" for the root, "0.2.1" for the second
    /// subview of its third subview. The default id of a view.
    public func indexPath(of index: Int) -> String {
        positions(of: index).map(String.init).joined(separator: ".")
    }

    /// Where the node sits in a view-hierarchy document: `root.children[2].children[1]` for "0.2.1".
    public func jsonPath(of index: Int) -> String {
        positions(of: index).dropFirst().reduce("root") { $0 + ".children[\($1)]" }
    }

    private func positions(of index: Int) -> [Int] {
        var positions: [Int] = []
        var current: Int? = index
        while let i = current {
            positions.append(nodes[i].position)
            current = nodes[i].parent
        }
        return positions.reversed()
    }

    /// The index of the node with this id, if any.
    public func index(ofID id: String) -> Int? {
        nodes.firstIndex { $0.id == id }
    }
}
