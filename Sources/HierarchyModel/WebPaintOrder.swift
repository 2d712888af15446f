/// The order in which a browser paints the views of a web page (a tree whose views carry the web
/// capture's attributes: `position`, `z-index`, `stacking-context`, `float`, `display`), by CSS
/// 2.1 Appendix E and CSS Positioned Layout 3. Each stacking context paints:
/// 1. its own box;
/// 2. the stacking contexts it holds with a negative z-index, by z-index, then in tree order;
/// 3. its in-flow, non-positioned block-level descendants, in tree order;
/// 4. its non-positioned floats, each whole (its own flow content with it);
/// 5. its inline-level content (texts, inline elements; an inline block whole), in tree order;
/// 6. its positioned descendants with z-index `auto` and the stacking contexts with z-index 0 or
///    `auto`, in tree order: a context whole, a positioned element with its flow content (its
///    positioned descendants join the enclosing context's lists, as the specification says);
/// 7. the stacking contexts with a positive z-index, by z-index, then in tree order.
///
/// A frame's document (the child of an `iframe` view) is painted with its frame, whole, and a
/// `#shadow-root` view as a block in its host's flow, a flex or grid item as an inline block. Not
/// modelled: flex and grid items' `order`, the layers a browser makes for scrollers (Chromium's
/// own `paintOrders`, in its snapshot, say those).
public enum WebPaintOrder {
    /// How a view takes part in the painting of its stacking context.
    private enum Kind {
        case context(z: Int)
        case positioned
        case float
        case atomicInline
        case inline
        case block
    }

    /// What the walk does next.
    private enum Step {
        case emit(Int)
        case context(Int)
        case flow(Int)
    }

    /// Each view's position in paint order (0 first, painted furthest back), indexed like the
    /// tree's nodes: a permutation of `0..<tree.count`.
    public static func positions(_ tree: ViewTree) -> [Int] {
        let nodes = tree.nodes
        let laysOutItems = nodes.map(isFlexOrGrid)
        let kinds = nodes.indices.map { index in
            kind(of: nodes[index], isDocumentRoot: isDocumentRoot(index, nodes: nodes), isItem: nodes[index].parent.map { laysOutItems[$0] } ?? false)
        }
        var lists = Lists(count: nodes.count)
        // Each view's stacking context and flow owner (the nearest ancestor whose flow holds it).
        var contextOf = [Int](repeating: 0, count: nodes.count)
        var ownerOf = [Int](repeating: 0, count: nodes.count)
        for index in tree.preorder() {
            guard let parent = nodes[index].parent else { continue }
            let context = startsContext(kinds[parent]) || nodes[parent].parent == nil ? parent : contextOf[parent]
            let owner = startsFlow(kinds[parent]) || nodes[parent].parent == nil ? parent : ownerOf[parent]
            (contextOf[index], ownerOf[index]) = (context, owner)
            if isDocumentRoot(index, nodes: nodes) {
                lists.documents[parent].append(index)
            } else {
                lists.add(index, kind: kinds[index], context: context, owner: owner)
            }
        }
        return lists.walk(from: 0, kinds: kinds)
    }

    /// The tree with each view's position in paint order as its `paint-order` attribute: by
    /// Chromium's own paint layers when its views say them (`paint-layer`, from a snapshot's
    /// `paintOrders`), else computed (`positions(_:)`).
    public static func annotated(_ tree: ViewTree) -> ViewTree {
        let layers = tree.nodes.map { $0.attributes["paint-layer"].flatMap { Int($0) } }
        let positions = layers.contains { $0 != nil } ? positions(tree, layers: layers) : positions(tree)
        var tree = tree
        for (index, position) in positions.enumerated() {
            tree.update(index) { $0.attributes["paint-order"] = String(position) }
        }
        return tree
    }

    /// Each view's position in paint order from Chromium's paint layers: `layers` holds, indexed
    /// like the nodes, the number of each view's enclosing paint layer (a snapshot's
    /// `paintOrders`; nil for a view with none, which takes its superview's). Chromium numbers
    /// the layers in the order it paints them, each one before the layers it holds, a stacking
    /// context's negative z-index layers right after its own: the view that makes a layer (the
    /// first of its views in tree order) paints at the layer's number, the layer's other views
    /// (its flow content) after the negative z-index layers of its stacking context; within that,
    /// in the order `positions(_:)` computes (blocks, then floats, then inline content).
    public static func positions(_ tree: ViewTree, layers: [Int?]) -> [Int] {
        let nodes = tree.nodes, order = tree.preorder()
        let rank = positions(tree)
        // The layers' numbers as dense indices (in their order) for the tables below: Chromium's
        // are below the number of layout objects, a hostile file's may be anything.
        let numbers = Array(Set(layers.compactMap { $0 })).sorted()
        let dense = Dictionary(uniqueKeysWithValues: numbers.enumerated().map { ($1, $0) })
        let layers = layers.map { $0.flatMap { dense[$0] } }
        var layer = [Int](repeating: -1, count: nodes.count), context = [Int](repeating: 0, count: nodes.count)
        // The view that makes each layer (the first of its views in tree order), -1 for none yet.
        var owner = [Int](repeating: -1, count: numbers.count)
        let contexts = nodes.indices.map { isContext($0, nodes: nodes) }
        for index in order {
            if let parent = nodes[index].parent {
                layer[index] = layers[index] ?? layer[parent]
                context[index] = contexts[parent] ? parent : context[parent]
            }
            if let own = layers[index], owner[own] < 0 { owner[own] = index }
        }
        // The last layer in each view's subtree.
        var last = layer
        for index in order.reversed() {
            if let parent = nodes[index].parent { last[parent] = max(last[parent], last[index]) }
        }
        // The last layer each context paints below its flow content: its negative z-index ones'.
        // Indexed by layer + 1: the views in no layer (-1) have a context too.
        var below = [Int?](repeating: nil, count: numbers.count + 1)
        for index in order where contexts[index] && (nodes[index].attributes["z-index"].flatMap { Int($0) } ?? 0) < 0 {
            guard let own = layers[index], owner[own] == index else { continue }
            let held = layer[context[index]]
            below[held + 1] = max(below[held + 1] ?? held, last[index])
        }
        let keys = nodes.indices.map { index -> (Int, Int, Int, Int) in
            let own = layer[index]
            if own >= 0, owner[own] == index { return (own, 0, 0, rank[index]) }
            // A deeper layer's flow content first: it is among the negative layers of this one's context.
            return (below[own + 1] ?? own, 1, -own, rank[index])
        }
        var positions = [Int](repeating: 0, count: nodes.count)
        for (position, index) in nodes.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { positions[index] = position }
        return positions
    }

    /// Whether the view makes a stacking context: it says so, or it is a document's root element.
    private static func isContext(_ index: Int, nodes: [ViewNode]) -> Bool {
        nodes[index].attributes["stacking-context"] == "true" || isDocumentRoot(index, nodes: nodes)
    }

    /// Whether the view is a document's root element: the top one (a child of the tree's root) or
    /// a frame's (a child of an `iframe` or `frame` view).
    private static func isDocumentRoot(_ index: Int, nodes: [ViewNode]) -> Bool {
        guard let parent = nodes[index].parent else { return false }
        let above = nodes[parent].className
        return nodes[parent].parent == nil || above == "iframe" || above == "frame"
    }

    /// Whether the view lays out its children as flex or grid items: its display is `flex`,
    /// `inline-flex`, `grid` or `inline-grid` (or a longer form ending so). A suffix test, not a
    /// substring search: this runs for every view of a page.
    private static func isFlexOrGrid(_ node: ViewNode) -> Bool {
        guard let display = node.attributes["display"] else { return false }
        return display.hasSuffix("flex") || display.hasSuffix("grid")
    }

    /// How the view paints; `isItem`: it is a flex or grid item, which paints as an inline block.
    private static func kind(of node: ViewNode, isDocumentRoot: Bool, isItem: Bool) -> Kind {
        if node.className == "#text" { return .inline }
        if node.className == "#shadow-root" { return .block }
        let attributes = node.attributes
        let z = attributes["z-index"].flatMap { Int($0) } ?? 0
        if isDocumentRoot || attributes["stacking-context"] == "true" { return .context(z: z) }
        if let position = attributes["position"], position != "static" { return .positioned }
        if let float = attributes["float"], float != "none" { return .float }
        // A frame is a replaced element: its document is painted with it, whole; a flex or grid
        // item paints as an inline block (CSS Flexbox 1 §4.3, CSS Grid 1 §9.1).
        if node.className == "iframe" || node.className == "frame" || isItem { return .atomicInline }
        guard let display = attributes["display"] else { return .block }
        if display == "inline" { return .inline }
        return display.hasPrefix("inline") ? .atomicInline : .block
    }

    private static func startsContext(_ kind: Kind) -> Bool {
        if case .context = kind { return true }
        return false
    }

    /// Whether the view paints its own flow content (a context, a positioned element, a float,
    /// an inline block), not its flow owner.
    private static func startsFlow(_ kind: Kind) -> Bool {
        switch kind {
        case .context, .positioned, .float, .atomicInline: true
        case .inline, .block: false
        }
    }

    /// The lists each context and each flow owner paints, in tree order.
    private struct Lists {
        var negative: [[Int]]
        var zero: [[Int]]
        var positive: [[Int]]
        var blocks: [[Int]]
        var floats: [[Int]]
        var inlines: [[Int]]
        /// The frame views' documents, painted with the frame.
        var documents: [[Int]]

        init(count: Int) {
            (negative, zero, positive, blocks, floats, inlines, documents) = ([], [], [], [], [], [], [])
            for _ in 0..<count {
                negative.append([]); zero.append([]); positive.append([])
                blocks.append([]); floats.append([]); inlines.append([]); documents.append([])
            }
        }

        mutating func add(_ index: Int, kind: Kind, context: Int, owner: Int) {
            switch kind {
            case .context(let z) where z < 0: negative[context].append(index)
            case .context(let z) where z > 0: positive[context].append(index)
            case .context, .positioned: zero[context].append(index)
            case .float: floats[owner].append(index)
            case .atomicInline, .inline: inlines[owner].append(index)
            case .block: blocks[owner].append(index)
            }
        }

        /// The views in paint order, as positions; without recursion (a page may nest deeply).
        func walk(from root: Int, kinds: [Kind]) -> [Int] {
            var positions = [Int](repeating: 0, count: kinds.count)
            var next = 0
            var steps: [Step] = [.flow(root), .emit(root)]
            func z(_ index: Int) -> Int {
                if case .context(let z) = kinds[index] { return z }
                return 0
            }
            while let step = steps.popLast() {
                var todo: [Step] = []
                switch step {
                case .emit(let index):
                    positions[index] = next
                    next += 1
                case .context(let index):
                    // Sorted stably: equal z-indices keep tree order.
                    let below = negative[index].enumerated().sorted { (z($0.element), $0.offset) < (z($1.element), $1.offset) }.map(\.element)
                    let above = positive[index].enumerated().sorted { (z($0.element), $0.offset) < (z($1.element), $1.offset) }.map(\.element)
                    todo = [.emit(index)] + below.map(Step.context) + [.flow(index)] + zero[index].flatMap(painted) + above.map(Step.context)
                case .flow(let index):
                    todo = blocks[index].map(Step.emit) + floats[index].flatMap { [Step.emit($0), .flow($0)] }
                        + inlines[index].flatMap(inline) + documents[index].map(Step.context)
                }
                steps.append(contentsOf: todo.reversed())
            }
            return positions

            /// A view of the zero list: a context whole, a positioned element with its flow.
            func painted(_ index: Int) -> [Step] {
                if case .context = kinds[index] { return [.context(index)] }
                return [.emit(index), .flow(index)]
            }
            func inline(_ index: Int) -> [Step] {
                if case .atomicInline = kinds[index] { return [.emit(index), .flow(index)] }
                return [.emit(index)]
            }
        }
    }
}
