/// The order in which a browser paints the views of a web page (a tree whose views carry the web
/// capture's attributes: `position`, `z-index`, `stacking-context`, `float`, `display`, `order`), by CSS
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
/// `#shadow-root` view as a block in its host's flow, a flex or grid item as an inline block, the
/// items of a flex or grid container in order-modified document order (by their `order`, then in
/// the document: CSS Flexbox 1 §5.4.1, CSS Grid 1 §9.1). Not modelled: the layers a browser makes
/// for scrollers (Chromium's own `paintOrders`, in its snapshot, say those).
///
/// What a view is for its painting is read once into `Traits` (from its attributes, or by an
/// importer from what it found), and the order is computed on flat arrays indexed by view: it
/// runs for every view of every page imported.
public enum WebPaintOrder {
    /// What the painting order reads of one view: what it is, and its positioning, stacking and
    /// display as the web capture records them (`position`, `z-index`, `stacking-context`,
    /// `float`, `display`, `order`), and Chromium's paint layer (`paint-layer`, from a snapshot).
    public struct Traits: Hashable, Sendable {
        /// What the view stands for.
        public enum Box: UInt8, Sendable {
            case element
            /// A text (`#text`).
            case text
            /// A `#shadow-root`.
            case shadowRoot
            /// An `iframe` or `frame`, whose child is its document's root element.
            case frame
        }

        /// The outer display type.
        public enum Display: UInt8, Sendable {
            case block
            case inline
            /// `inline-block`, `inline-flex`, `inline-table`…
            case atomicInline
        }

        public var box: Box
        public var display: Display
        /// Whether it lays out its children as flex or grid items (its display ends in `flex` or `grid`).
        public var laysOutItems: Bool
        /// Its z-index as a whole number; nil for `auto` (or none, or one that is no whole number).
        public var zIndex: Int?
        public var stackingContext: Bool
        /// Its position is not `static`.
        public var positioned: Bool
        /// Its float is not `none`.
        public var floats: Bool
        /// The number of its enclosing paint layer (Chromium's `paintOrders`); nil for none.
        public var layer: Int?
        /// Its `order`, which places a flex or grid item among its siblings (0 unless said).
        public var order = 0

        public init(box: Box = .element, display: Display = .block, laysOutItems: Bool = false, zIndex: Int? = nil, stackingContext: Bool = false,
                    positioned: Bool = false, floats: Bool = false, layer: Int? = nil) {
            (self.box, self.display, self.laysOutItems, self.zIndex) = (box, display, laysOutItems, zIndex)
            (self.stackingContext, self.positioned, self.floats, self.layer) = (stackingContext, positioned, floats, layer)
        }

        /// The traits of a view of class `className` whose attributes are `pairs` (a repeated
        /// key's last value kept): `position`, `z-index`, `stacking-context`, `float`, `display`
        /// and `paint-layer` as the web capture and the snapshot import write them.
        public init<Pairs: Sequence>(className: String, pairs: Pairs) where Pairs.Element == (String, String) {
            self.init(box: Self.box(className))
            for (key, value) in pairs {
                switch key {
                case "position": positioned = value != "static"
                case "z-index": zIndex = Int(value)
                case "stacking-context": stackingContext = value == "true"
                case "float": floats = value != "none"
                case "display": read(display: value)
                case "paint-layer": layer = Int(value)
                case "order": order = Int(value) ?? 0
                default: break
                }
            }
        }

        /// Takes the display and whether it lays out items from a computed `display`.
        public mutating func read(display value: String) {
            laysOutItems = value.hasSuffix("flex") || value.hasSuffix("grid")
            display = value == "inline" ? .inline : value.hasPrefix("inline") ? .atomicInline : .block
        }

        /// The traits of a view, from its class and attributes.
        public init(_ node: ViewNode) {
            self.init(className: node.className, pairs: node.attributes.lazy.map { ($0.key, $0.value) })
        }

        /// What a view of class `className` stands for.
        public static func box(_ className: String) -> Box {
            switch className {
            case "#text": .text
            case "#shadow-root": .shadowRoot
            case "iframe", "frame": .frame
            default: .element
            }
        }
    }

    /// How a view takes part in the painting of its stacking context.
    private enum Kind {
        case context(z: Int)
        case positioned
        case float
        case atomicInline
        case inline
        case block

        var startsContext: Bool {
            if case .context = self { return true }
            return false
        }

        /// Whether the view paints its own flow content (a context, a positioned element, a float,
        /// an inline block), not its flow owner.
        var startsFlow: Bool {
            switch self {
            case .context, .positioned, .float, .atomicInline: true
            case .inline, .block: false
            }
        }

        var z: Int {
            if case .context(let z) = self { return z }
            return 0
        }
    }

    /// What the walk does next.
    private enum Step {
        case emit(Int)
        case context(Int)
        case flow(Int)
    }

    /// Each view's position in paint order (0 first, painted furthest back), indexed like the
    /// tree's nodes: a permutation of `0..<tree.count`. By Chromium's paint layers when a view
    /// says one (`positions(_:traits:)`).
    public static func positions(_ tree: ViewTree) -> [Int] {
        positions(tree, traits: tree.nodes.map(Traits.init))
    }

    /// Each view's position in paint order, `traits` indexed like the tree's nodes: by Chromium's
    /// paint layers when any view has one (`Traits.layer`), else computed from the CSS rules above.
    public static func positions(_ tree: ViewTree, traits: [Traits]) -> [Int] {
        precondition(traits.count == tree.count, "one traits for each view")
        let parents = tree.nodes.map { $0.parent ?? -1 }
        let order = orderModified(traits) { tree.nodes[$0].children }
        let rank = computed(parents: parents, order: order, traits: traits)
        guard traits.contains(where: { $0.layer != nil }) else { return rank }
        return layered(parents: parents, order: order, traits: traits, rank: rank)
    }

    /// Each view's position in paint order, for views given by their parents (`parents[i]` an
    /// index below `i`, -1 for the root, view 0), each one's subviews in the order of their
    /// indices, back to front.
    public static func positions(parents: [Int], traits: [Traits]) -> [Int] {
        precondition(traits.count == parents.count, "one traits for each view")
        let order = preorder(parents, traits: traits)
        let rank = computed(parents: parents, order: order, traits: traits)
        guard traits.contains(where: { $0.layer != nil }) else { return rank }
        return layered(parents: parents, order: order, traits: traits, rank: rank)
    }

    /// The views in pre-order, subviews in index order (a flex or grid container's by their
    /// `order` first).
    private static func preorder(_ parents: [Int], traits: [Traits]) -> [Int] {
        // Each view's subviews, in index order: `children[starts[i]..<starts[i + 1]]`.
        var starts = [Int](repeating: 0, count: parents.count + 1)
        for parent in parents where parent >= 0 { starts[parent + 1] += 1 }
        for index in parents.indices { starts[index + 1] += starts[index] }
        var children = [Int](repeating: 0, count: max(0, starts[parents.count])), filled = starts
        for (index, parent) in parents.enumerated() where parent >= 0 {
            children[filled[parent]] = index
            filled[parent] += 1
        }
        // As `orderModified`, on the flat table: this runs for every view of every page imported.
        var order: [Int] = []
        order.reserveCapacity(parents.count)
        var stack = Array(parents.indices.filter { parents[$0] < 0 }.reversed())
        while let index = stack.popLast() {
            order.append(index)
            let (first, end) = (starts[index], starts[index + 1])
            guard first < end else { continue }
            if traits[index].laysOutItems {
                stack.append(contentsOf: orderModified(children[first..<end], traits).reversed())
            } else {
                var at = end
                while at > first {
                    at -= 1
                    stack.append(children[at])
                }
            }
        }
        return order
    }

    /// A flex or grid container's items sorted by their `order`, stably.
    private static func orderModified(_ items: some Collection<Int>, _ traits: [Traits]) -> [Int] {
        guard items.contains(where: { traits[$0].order != 0 }) else { return Array(items) }
        return items.enumerated().sorted { (traits[$0.element].order, $0.offset) < (traits[$1.element].order, $1.offset) }.map(\.element)
    }

    /// The views in pre-order from the tree's root (view 0), each view's
    /// subviews as `children` gives them, but for a flex or grid container's: sorted by their
    /// `order`, stably (order-modified document order).
    private static func orderModified<Children: BidirectionalCollection<Int>>(_ traits: [Traits], _ children: (Int) -> Children) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(traits.count)
        var stack = [0]
        while let index = stack.popLast() {
            order.append(index)
            let below = children(index)
            stack.append(contentsOf: traits[index].laysOutItems ? orderModified(below, traits).reversed() : Array(below.reversed()))
        }
        return order
    }

    /// The tree with each view's position in paint order as its `paint-order` attribute
    /// (`positions(_:)`).
    public static func annotated(_ tree: ViewTree) -> ViewTree {
        let positions = positions(tree)
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
    /// in the order the CSS rules give (blocks, then floats, then inline content).
    public static func positions(_ tree: ViewTree, layers: [Int?]) -> [Int] {
        var traits = tree.nodes.map(Traits.init)
        for index in traits.indices { traits[index].layer = layers[index] }
        let parents = tree.nodes.map { $0.parent ?? -1 }, order = orderModified(traits) { tree.nodes[$0].children }
        return layered(parents: parents, order: order, traits: traits, rank: computed(parents: parents, order: order, traits: traits))
    }

    /// The order by Chromium's layers (`positions(_:layers:)`), `rank` the computed one.
    private static func layered(parents: [Int], order: [Int], traits: [Traits], rank: [Int]) -> [Int] {
        let count = parents.count
        // The layers' numbers as dense indices (in their order) for the tables below: Chromium's
        // are below the number of layout objects, a hostile file's may be anything.
        var numbers = traits.compactMap(\.layer)
        numbers.sort()
        numbers = numbers.indices.compactMap { $0 == 0 || numbers[$0] != numbers[$0 - 1] ? numbers[$0] : nil }
        func dense(_ number: Int?) -> Int? {
            guard let number else { return nil }
            var (low, high) = (0, numbers.count)
            while low < high {
                let middle = (low + high) / 2
                if numbers[middle] < number { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let layers = traits.map { dense($0.layer) }
        var layer = [Int](repeating: -1, count: count), context = [Int](repeating: 0, count: count)
        // The view that makes each layer (the first of its views in tree order), -1 for none yet.
        var owner = [Int](repeating: -1, count: numbers.count)
        let contexts = parents.indices.map { traits[$0].stackingContext || isDocumentRoot($0, parents: parents, traits: traits) }
        for index in order {
            let parent = parents[index]
            if parent >= 0 {
                layer[index] = layers[index] ?? layer[parent]
                context[index] = contexts[parent] ? parent : context[parent]
            }
            if let own = layers[index], owner[own] < 0 { owner[own] = index }
        }
        // The last layer in each view's subtree.
        var last = layer
        for index in order.reversed() where parents[index] >= 0 {
            last[parents[index]] = max(last[parents[index]], last[index])
        }
        // The last layer each context paints below its flow content: its negative z-index ones'.
        // Indexed by layer + 1: the views in no layer (-1) have a context too.
        var below = [Int?](repeating: nil, count: numbers.count + 1)
        for index in order where contexts[index] && (traits[index].zIndex ?? 0) < 0 {
            guard let own = layers[index], owner[own] == index else { continue }
            let held = layer[context[index]]
            below[held + 1] = max(below[held + 1] ?? held, last[index])
        }
        let keys = parents.indices.map { index -> (Int, Int, Int, Int) in
            let own = layer[index]
            if own >= 0, owner[own] == index { return (own, 0, 0, rank[index]) }
            // A deeper layer's flow content first: it is among the negative layers of this one's context.
            return (below[own + 1] ?? own, 1, -own, rank[index])
        }
        var positions = [Int](repeating: 0, count: count)
        for (position, index) in parents.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { positions[index] = position }
        return positions
    }

    /// Whether the view is a document's root element: the top one (a child of the tree's root) or
    /// a frame's (a child of an `iframe` or `frame` view).
    private static func isDocumentRoot(_ index: Int, parents: [Int], traits: [Traits]) -> Bool {
        let parent = parents[index]
        guard parent >= 0 else { return false }
        return parents[parent] < 0 || traits[parent].box == .frame
    }

    /// How the view paints; `isItem`: it is a flex or grid item, which paints as an inline block.
    private static func kind(of traits: Traits, isDocumentRoot: Bool, isItem: Bool) -> Kind {
        switch traits.box {
        case .text: return .inline
        case .shadowRoot: return .block
        case .element, .frame: break
        }
        if isDocumentRoot || traits.stackingContext { return .context(z: traits.zIndex ?? 0) }
        if traits.positioned { return .positioned }
        if traits.floats { return .float }
        // A frame is a replaced element: its document is painted with it, whole; a flex or grid
        // item paints as an inline block (CSS Flexbox 1 §4.3, CSS Grid 1 §9.1).
        if traits.box == .frame || isItem { return .atomicInline }
        switch traits.display {
        case .block: return .block
        case .inline: return .inline
        case .atomicInline: return .atomicInline
        }
    }

    /// The order by the CSS rules: each view's position.
    private static func computed(parents: [Int], order: [Int], traits: [Traits]) -> [Int] {
        let count = parents.count
        var kinds = [Kind](repeating: .block, count: count)
        var documentRoot = [Bool](repeating: false, count: count)
        for index in 0..<count {
            let parent = parents[index]
            documentRoot[index] = isDocumentRoot(index, parents: parents, traits: traits)
            kinds[index] = kind(of: traits[index], isDocumentRoot: documentRoot[index], isItem: parent >= 0 && traits[parent].laysOutItems)
        }
        // Each view's stacking context and flow owner (the nearest ancestor whose flow holds it),
        // and the list it joins there.
        var contextOf = [Int](repeating: 0, count: count), ownerOf = [Int](repeating: 0, count: count)
        var lists = Lists(count: count)
        for index in order {
            let parent = parents[index]
            guard parent >= 0 else { continue }
            let context = kinds[parent].startsContext || parents[parent] < 0 ? parent : contextOf[parent]
            let owner = kinds[parent].startsFlow || parents[parent] < 0 ? parent : ownerOf[parent]
            (contextOf[index], ownerOf[index]) = (context, owner)
            if documentRoot[index] {
                lists.add(index, to: .documents, of: parent)
            } else {
                switch kinds[index] {
                case .context(let z) where z < 0: lists.add(index, to: .negative, of: context)
                case .context(let z) where z > 0: lists.add(index, to: .positive, of: context)
                case .context, .positioned: lists.add(index, to: .zero, of: context)
                case .float: lists.add(index, to: .floats, of: owner)
                case .atomicInline, .inline: lists.add(index, to: .inlines, of: owner)
                case .block: lists.add(index, to: .blocks, of: owner)
                }
            }
        }
        return lists.walk(from: 0, kinds: kinds)
    }

    /// The lists each context and each flow owner paints, each in tree order: one flat array of
    /// views in the order they were added, linked by owner and list (a page has as many owners
    /// as views, most with empty lists).
    private struct Lists {
        enum Name: Int, CaseIterable {
            case negative, zero, positive, blocks, floats, inlines
            /// The frame views' documents, painted with the frame.
            case documents
        }

        /// The first and last entry of each owner's list (`owner * 7 + name`), -1 for none.
        private var first: [Int32], last: [Int32]
        /// Each entry's view and the entry after it in its list (-1: none).
        private var views: [Int32] = [], next: [Int32] = []

        init(count: Int) {
            first = [Int32](repeating: -1, count: count * Name.allCases.count)
            last = first
            views.reserveCapacity(count)
            next.reserveCapacity(count)
        }

        mutating func add(_ view: Int, to name: Name, of owner: Int) {
            let list = owner * Name.allCases.count + name.rawValue
            let entry = Int32(views.count)
            views.append(Int32(view))
            next.append(-1)
            if last[list] >= 0 { next[Int(last[list])] = entry } else { first[list] = entry }
            last[list] = entry
        }

        /// The views of an owner's list, in the order added.
        func list(_ name: Name, of owner: Int) -> [Int] {
            var result: [Int] = []
            var entry = first[owner * Name.allCases.count + name.rawValue]
            while entry >= 0 {
                result.append(Int(views[Int(entry)]))
                entry = next[Int(entry)]
            }
            return result
        }

        /// Pushes, for each view of the list from its last to its first, `steps(view)` in reverse.
        private func push(_ name: Name, of owner: Int, onto steps: inout [Step], _ each: (Int, inout [Step]) -> Void) {
            let entry = first[owner * Name.allCases.count + name.rawValue]
            guard entry >= 0 else { return }
            // A list is linked forward: its views collected, then pushed from the last.
            var views: [Int] = []
            var at = entry
            while at >= 0 {
                views.append(Int(self.views[Int(at)]))
                at = next[Int(at)]
            }
            for view in views.reversed() { each(view, &steps) }
        }

        /// The views in paint order, as positions; without recursion (a page may nest deeply):
        /// a stack of steps, each step's steps pushed in reverse.
        func walk(from root: Int, kinds: [Kind]) -> [Int] {
            var positions = [Int](repeating: 0, count: kinds.count)
            var next = 0
            // The root as a context: a page's are empty (its document's root element is one), but
            // a view whose document root is no element (a hostile file's) leaves its positioned
            // descendants to it, painted so.
            var steps: [Step] = [.context(root)]
            while let step = steps.popLast() {
                switch step {
                case .emit(let index):
                    positions[index] = next
                    next += 1
                case .context(let index):
                    // Below, then its flow, then the zero list, then above: pushed in reverse.
                    // Sorted stably: equal z-indices keep tree order.
                    for view in byZ(list(.positive, of: index), kinds).reversed() { steps.append(.context(view)) }
                    push(.zero, of: index, onto: &steps) { view, steps in
                        // A context whole, a positioned element with its flow.
                        if kinds[view].startsContext {
                            steps.append(.context(view))
                        } else {
                            steps.append(.flow(view))
                            steps.append(.emit(view))
                        }
                    }
                    steps.append(.flow(index))
                    for view in byZ(list(.negative, of: index), kinds).reversed() { steps.append(.context(view)) }
                    steps.append(.emit(index))
                case .flow(let index):
                    // Blocks, floats (each with its flow), inline content (an inline block with
                    // its flow), the frames' documents: pushed in reverse.
                    push(.documents, of: index, onto: &steps) { view, steps in steps.append(.context(view)) }
                    push(.inlines, of: index, onto: &steps) { view, steps in
                        if case .atomicInline = kinds[view] { steps.append(.flow(view)) }
                        steps.append(.emit(view))
                    }
                    push(.floats, of: index, onto: &steps) { view, steps in
                        steps.append(.flow(view))
                        steps.append(.emit(view))
                    }
                    push(.blocks, of: index, onto: &steps) { view, steps in steps.append(.emit(view)) }
                }
            }
            return positions
        }

        /// The contexts sorted by z-index, stably.
        private func byZ(_ views: [Int], _ kinds: [Kind]) -> [Int] {
            guard views.count > 1 else { return views }
            return views.enumerated().sorted { (kinds[$0.element].z, $0.offset) < (kinds[$1.element].z, $1.offset) }.map(\.element)
        }
    }
}
