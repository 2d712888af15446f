import HierarchyModel

/// Strings as small integers, shared by both trees of a comparison so that equal strings get
/// equal numbers; nil is -1.
struct Interner {
    private var numbers: [String: Int] = [:]

    mutating func number(_ text: String?) -> Int {
        guard let text else { return -1 }
        if let known = numbers[text] { return known }
        numbers[text] = numbers.count
        return numbers.count - 1
    }
}

/// What matching compares of every view of one tree, computed once: interned class, name and
/// text, the frame, a hash of the whole subtree, and where the view's origin is on the screen.
struct TreeFeatures {
    let classes: [Int]
    let names: [Int]
    let texts: [Int]
    let frames: [Rect]
    /// Equal for subtrees that look alike: the same classes, names, texts and sizes, in the same shape.
    let subtreeHashes: [Int]
    /// Each view's origin in the root's bounds space.
    let screenOrigins: [(x: Double, y: Double)]

    init(_ tree: ViewTree, interner: inout Interner) {
        var classes: [Int] = [], names: [Int] = [], texts: [Int] = []
        classes.reserveCapacity(tree.count); names.reserveCapacity(tree.count); texts.reserveCapacity(tree.count)
        for node in tree.nodes {
            classes.append(interner.number(node.className))
            names.append(interner.number(node.name))
            texts.append(interner.number(node.text))
        }
        (self.classes, self.names, self.texts) = (classes, names, texts)
        frames = tree.nodes.map(\.frame)
        let order = tree.preorder()
        subtreeHashes = TreeFeatures.subtreeHashes(tree, order: order, classes: classes, names: names, texts: texts)
        screenOrigins = TreeFeatures.screenOrigins(tree, order: order)
    }

    /// Hashes bottom-up: a node's hash covers its own features and its children's hashes in order.
    private static func subtreeHashes(_ tree: ViewTree, order: [Int], classes: [Int], names: [Int], texts: [Int]) -> [Int] {
        var hashes = [Int](repeating: 0, count: tree.count)
        for index in order.reversed() {
            let node = tree[index]
            var hasher = Hasher()
            hasher.combine(classes[index])
            hasher.combine(names[index])
            hasher.combine(texts[index])
            // Sizes to the nearest half point: capture noise does not make subtrees different.
            hasher.combine(Int((node.frame.width * 2).rounded()))
            hasher.combine(Int((node.frame.height * 2).rounded()))
            hasher.combine(node.children.count)
            for child in node.children { hasher.combine(hashes[child]) }
            hashes[index] = hasher.finalize()
        }
        return hashes
    }

    /// Origins top-down: where the top-left corner of each view's bounds lands in the root's
    /// bounds space, through every superview's placement (content offsets and transforms).
    static func screenOrigins(_ tree: ViewTree, order: [Int]) -> [(x: Double, y: Double)] {
        var maps = [Transform2D](repeating: .identity, count: tree.count)
        var origins = [(x: Double, y: Double)](repeating: (0, 0), count: tree.count)
        for index in order {
            let node = tree[index]
            // The root's own placement is left out: the root's bounds space is the screen.
            if let parent = node.parent { maps[index] = maps[parent].concatenating(after: node.toSuperview) }
            let corner = maps[index].apply(Point(x: node.bounds.x, y: node.bounds.y))
            origins[index] = (corner.x, corner.y)
        }
        return origins
    }
}
