import HierarchyModel

/// Builds the view tree of a web page from nodes placed in viewport coordinates (what the browser
/// shows): each frame made relative to its parent's content (the parent's origin taken off, its
/// scroll offset put back, as `ViewNode`'s bounds origin says); a node without a box at its
/// parent's content origin, with no size.
///
/// Boxes are snapped to the device's pixels, as the browser paints them. Under a transform the
/// box on screen is the bounding box of the turned one: the view is then its untransformed size
/// about the centre the box has, once the ancestors' transforms are undone, turned by the
/// transform's linear part about that centre (any affine map is its linear part about a point
/// moved to that point's image), so that drawn through the tree it covers what the browser shows.
///
/// Each view's attributes are set when the tree is finished (`finish()`), with its place in the
/// order the browser paints (`paint-order`, by `WebPaintOrder` from the traits each node's record
/// gives): a view's attributes are made once, not made and then changed.
struct WebViewBuilder {
    /// The views so far, without their attributes (`attribute(_:of:)` reads them).
    private(set) var tree: ViewTree
    /// Each view's attributes, in the order `ViewAttributes` takes them (a repeated key's last value kept).
    private var pairs: [[(String, String)]]
    /// What each view is for the painting order.
    private var traits: [WebPaintOrder.Traits]
    /// The absolute (untransformed) origin of each view, indexed like the tree's nodes.
    private var origins: [Point]
    /// For each view, the map from its content's untransformed coordinates to the screen, and back.
    private var toScreen: [Transform2D]
    private var fromScreen: [Transform2D]
    /// The index path of each view (its id): made from its parent's as it is added, where
    /// `ViewTree.append` walks up to the root for each view.
    private var paths: [String]

    init(root: ViewNode, screenScale: Double) {
        let tree = ViewTree(root: root, screenScale: screenScale)
        self.tree = tree
        origins = [Point(x: root.frame.x, y: root.frame.y)]
        toScreen = [.identity]
        fromScreen = [.identity]
        paths = [tree.indexPath(of: 0)]
        pairs = [root.attributes.map { ($0.key, $0.value) }]
        traits = [WebPaintOrder.Traits(root)]
        self.tree.update(0) { $0.attributes = ViewAttributes() }
    }

    /// Makes room for `count` views in all, so that the tree is not copied as it grows.
    mutating func reserveCapacity(_ count: Int) {
        tree.reserveCapacity(count)
        origins.reserveCapacity(count)
        toScreen.reserveCapacity(count)
        fromScreen.reserveCapacity(count)
        paths.reserveCapacity(count)
        pairs.reserveCapacity(count)
        traits.reserveCapacity(count)
    }

    /// The view's attribute `key` as it will be set (the last value given).
    func attribute(_ key: String, of view: Int) -> String? {
        pairs[view].last { $0.0 == key }?.1
    }

    /// The tree with every view's attributes, `paint-order` last among them.
    mutating func finish() -> ViewTree {
        let positions = WebPaintOrder.positions(tree, traits: traits)
        for index in tree.nodes.indices {
            pairs[index].append(("paint-order", String(positions[index])))
            let attributes = ViewAttributes(pairs[index])
            tree.update(index) { $0.attributes = attributes }
        }
        pairs = []
        return tree
    }

    /// Adds the node as the frontmost subview of the view at `parent` (a tree index).
    mutating func append(_ record: WebNodeRecord, parent: Int) {
        let scroll = Point(x: tree.nodes[parent].bounds.x, y: tree.nodes[parent].bounds.y)
        let origin = origins[parent]
        let box = placed(record, parent: parent) ?? Rect(x: origin.x - scroll.x, y: origin.y - scroll.y, width: 0, height: 0)
        var node = ViewNode(className: record.tag, name: record.label, text: record.text ?? record.value,
                            frame: Rect(x: box.x - origin.x + scroll.x, y: box.y - origin.y + scroll.y, width: box.width, height: box.height),
                            clipsToBounds: record.clips, alpha: record.opacity, isHidden: record.isHidden, backgroundColor: record.background)
        node.bounds = Rect(x: record.scroll.x, y: record.scroll.y, width: box.width, height: box.height)
        pairs.append(Self.attributes(record))
        traits.append(WebPaintOrder.Traits(className: record.tag, pairs: record.computed))
        // The page's own attributes alone, for CSS selectors (the computed ones would answer `[value]`, `[role]`).
        if !record.attributes.isEmpty { node.extras["attrs"] = .object(Dictionary(record.attributes.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { a, _ in a })) }
        var map = (to: toScreen[parent], from: fromScreen[parent])
        if let linear = record.linear, record.box != nil, let inverse = linear.inverted() {
            node.transform = linear
            // About its centre: c + L(x − c), and back c + L⁻¹(x − c).
            let centre = Point(x: box.midX, y: box.midY)
            let turn = Transform2D.translation(centre.x, centre.y).concatenating(after: linear).concatenating(after: .translation(-centre.x, -centre.y))
            let back = Transform2D.translation(centre.x, centre.y).concatenating(after: inverse).concatenating(after: .translation(-centre.x, -centre.y))
            map = (map.to.concatenating(after: turn), back.concatenating(after: map.from))
        }
        node.id = paths[parent] + "." + String(tree.nodes[parent].children.count)
        paths.append(node.id)
        origins.append(Point(x: box.x, y: box.y))
        toScreen.append(map.to)
        fromScreen.append(map.from)
        tree.append(node, to: parent)
    }

    /// The node's untransformed box in absolute coordinates; nil when it has none.
    private func placed(_ record: WebNodeRecord, parent: Int) -> Rect? {
        guard let box = record.box else { return nil }
        guard record.linear != nil || !toScreen[parent].isIdentity else { return snapped(box) }
        let centre = fromScreen[parent].apply(Point(x: box.midX, y: box.midY))
        let size = record.size ?? (box.width, box.height)
        return Rect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The box with its edges on the screenshot's pixels (1/screenScale of a CSS px, counted from
    /// the visual viewport's origin, the root's bounds origin).
    private func snapped(_ box: Rect) -> Rect {
        let scale = tree.screenScale, shown = tree.nodes[0].bounds
        func snap(_ value: Double, _ from: Double) -> Double { ((value - from) * scale).rounded() / scale + from }
        let (x, y) = (snap(box.x, shown.x), snap(box.y, shown.y))
        return Rect(x: x, y: y, width: max(0, snap(box.maxX, shown.x) - x), height: max(0, snap(box.maxY, shown.y) - y))
    }

    /// The page's attributes, then the computed ones (which win a clash), then the tag.
    static func attributes(_ record: WebNodeRecord) -> [(String, String)] {
        var pairs = record.attributes
        pairs.reserveCapacity(pairs.count + record.computed.count + 4)
        if let label = record.label { pairs.append(("label", label)) }
        if let value = record.value { pairs.append(("value", value)) }
        if let hidden = record.hiddenBy { pairs.append(("hidden-by", hidden)) }
        pairs += record.computed
        pairs.append(("tag", record.tag))
        return pairs
    }
}
