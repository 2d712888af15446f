import HierarchyModel

/// Rule c.: a depth for every layer, by one of three modes.
enum DepthAssigner {
    /// Depths indexed like `layout.layers`; `focus` is the node whose subtree is laid out (the root by default).
    static func depths(for layout: Layout, tree: ViewTree, mode: DepthMode, focus: Int) -> [Int] {
        switch mode {
        case .overlap: overlapDepths(layout.layers)
        case .seed: seedDepths(layout, tree: tree, start: focus)
        case .nesting: nestingDepths(layout.layers, tree: tree, focus: focus)
        }
    }

    /// In painter's order: one more than the nearest ancestor layer when that comes earlier (a web
    /// page paints a negative z-index box before its superview), and in front of every earlier
    /// layer it overlaps on screen.
    static func overlapDepths(_ layers: [Layer]) -> [Int] {
        guard !layers.isEmpty else { return [] }
        let world = layers.indices.dropFirst().reduce(layers[0].frame) { $0.union(layers[$1].frame) }
        var index = DepthIndex(world: world, expectedCount: layers.count)
        var depths = [Int](repeating: 0, count: layers.count)
        // By index: `for layer in layers` would copy each layer (a few hundred bytes) to read two fields.
        for i in layers.indices {
            let frame = layers[i].frame
            let base = layers[i].parentLayer.flatMap { $0 < i ? depths[$0] + 1 : nil } ?? 0
            depths[i] = max(base, index.maxDepth(overlapping: frame, above: base - 1) + 1)
            index.insert(frame, depth: depths[i])
        }
        return depths
    }

    /// The depth of each layer's view in the tree, counted from `focus`.
    static func nestingDepths(_ layers: [Layer], tree: ViewTree, focus: Int) -> [Int] {
        let levels = tree.levels()
        return layers.map { levels[$0.node] - levels[focus] }
    }

    /// The article's algorithm, with an explicit stack instead of recursion. Each view at depth d
    /// places a subview at d + 1, or one past the deepest depth used so far by its earlier siblings'
    /// subtrees when the subview's frame intersects an earlier sibling's frame.
    static func seedDepths(_ layout: Layout, tree: ViewTree, start: Int) -> [Int] {
        func isShown(_ node: Int) -> Bool {
            if case .omitted(let why) = layout.status[node], why.hidesSubtree { return false }
            return true
        }
        var viewDepth = [Int](repeating: 0, count: tree.count)
        var stack: [SeedFrame] = isShown(start) ? [SeedFrame(node: start, depth: 0, tree: tree)] : []
        while !stack.isEmpty {
            let top = stack.count - 1
            let children = tree[stack[top].node].children
            guard stack[top].next < children.count else {
                let done = stack.removeLast()
                if !stack.isEmpty { stack[stack.count - 1].maxChild = max(stack[stack.count - 1].maxChild, done.maxChild) }
                continue
            }
            let child = children[stack[top].next]
            stack[top].next += 1
            // UIKit's frame: the box of a transformed subview, as the article's algorithm saw it.
            let frame = tree[child].transformedFrame
            let childDepth = stack[top].intersectsEarlier(frame) ? stack[top].maxChild + 1 : stack[top].depth + 1
            stack[top].add(frame)
            if isShown(child) {
                viewDepth[child] = childDepth
                stack.append(SeedFrame(node: child, depth: childDepth, tree: tree))
            } else {
                stack[top].maxChild = max(stack[top].maxChild, childDepth)
            }
        }
        return layout.layers.map { viewDepth[$0.node] }
    }
}

/// One level of the seed algorithm's walk: a view, its depth, and what its subviews have used.
private struct SeedFrame {
    let node: Int
    let depth: Int
    var next = 0
    var maxChild: Int
    /// The frames of the subviews seen so far; indexed spatially when there are many subviews.
    private var frames: [Rect] = []
    private var index: DepthIndex?

    init(node: Int, depth: Int, tree: ViewTree) {
        self.node = node
        self.depth = depth
        self.maxChild = depth
        let children = tree[node].children
        if children.count > 64 {
            let world = children.dropFirst().reduce(tree[children[0]].transformedFrame) { $0.union(tree[$1].transformedFrame) }
            index = DepthIndex(world: world, expectedCount: children.count)
        }
    }

    func intersectsEarlier(_ frame: Rect) -> Bool {
        if let index { return index.maxDepth(overlapping: frame) >= 0 }
        return frames.contains { $0.overlaps(frame) }
    }

    mutating func add(_ frame: Rect) {
        if index != nil { index!.insert(frame, depth: 0) } else { frames.append(frame) }
    }
}
