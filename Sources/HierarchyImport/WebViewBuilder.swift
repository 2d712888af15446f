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
/// The nodes are taken in (`append`) and the tree is built once they are all in (`finish()`):
/// each view's attributes are made once, with its place in the order the browser paints
/// (`paint-order`, by `WebPaintOrder` from the traits of each node's record).
struct WebViewBuilder {
    /// The nodes taken in, and each one's parent (a view index; the root is view 0).
    private var records: [WebNodeRecord] = []
    private var parents: [Int] = [-1]
    /// The tree as it is built, in `finish()`.
    private var tree: ViewTree
    /// The root's attributes, set with the others.
    private let rootAttributes: [(String, String)]
    /// The absolute (untransformed) origin of each view, indexed like the tree's nodes.
    private var origins: [Point]
    /// For each view, the map from its content's untransformed coordinates to the screen, and back.
    private var toScreen: [Transform2D]
    private var fromScreen: [Transform2D]
    /// The index path of each view (its id): made from its parent's as it is added, where
    /// `ViewTree.append` walks up to the root for each view.
    private var paths: [String]

    init(root: ViewNode, screenScale: Double) {
        var root = root
        rootAttributes = root.attributes.map { ($0.key, $0.value) }
        root.attributes = ViewAttributes()
        tree = ViewTree(root: root, screenScale: screenScale)
        origins = [Point(x: root.frame.x, y: root.frame.y)]
        toScreen = [.identity]
        fromScreen = [.identity]
        paths = [tree.indexPath(of: 0)]
    }

    /// The number of views taken in, the root's among them: the next one's index.
    var count: Int { parents.count }

    /// Makes room for `count` views in all.
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        parents.reserveCapacity(count)
    }

    /// The tag of the view at `view` (the root's class for the root).
    func tag(of view: Int) -> String {
        view == 0 ? tree.root.className : records[view - 1].tag
    }

    /// The paint traits of the view at `view` (the root's: none).
    func traits(of view: Int) -> WebPaintOrder.Traits {
        view == 0 ? WebPaintOrder.Traits() : records[view - 1].traits
    }

    /// The page's attribute `key` of the view at `view` (nil for the root's).
    func pageAttribute(_ key: String, of view: Int) -> String? {
        view == 0 ? nil : records[view - 1].attributes.first { $0.0 == key }?.1
    }

    /// Takes the node in as the frontmost subview of the view at `parent` (an earlier view's index).
    mutating func append(_ record: consuming WebNodeRecord, parent: Int) {
        precondition(parent >= 0 && parent < parents.count, "no view at index \(parent)")
        records.append(record)
        parents.append(parent)
    }

    /// The tree of the views taken in, each with its attributes, `paint-order` last among them.
    mutating func finish() -> ViewTree {
        let positions = WebPaintOrder.positions(parents: parents, traits: [WebPaintOrder.Traits(tree.root)] + records.map(\.traits))
        let count = parents.count
        tree.reserveCapacity(count)
        origins.reserveCapacity(count)
        toScreen.reserveCapacity(count)
        fromScreen.reserveCapacity(count)
        paths.reserveCapacity(count)
        let rootAttributes = ViewAttributes(self.rootAttributes + [("paint-order", String(positions[0]))])
        tree.update(0) { $0.attributes = rootAttributes }
        var records: [WebNodeRecord] = []
        swap(&records, &self.records)
        // Each record built where it lies (a record is a few hundred bytes: copies cost).
        for offset in records.indices {
            build(&records[offset], parent: parents[offset + 1], position: positions[offset + 1])
        }
        return tree
    }

    /// Adds the node as the frontmost subview of the view at `parent` (a tree index), `position`
    /// its place in paint order.
    private mutating func build(_ record: inout WebNodeRecord, parent: Int, position: Int) {
        let scroll = Point(x: tree.nodes[parent].bounds.x, y: tree.nodes[parent].bounds.y)
        let origin = origins[parent]
        let box = placed(record, parent: parent) ?? Rect(x: origin.x - scroll.x, y: origin.y - scroll.y, width: 0, height: 0)
        // The page's own attributes alone, for CSS selectors (the computed ones would answer `[value]`, `[role]`).
        var extras: [String: JSONValue] = [:]
        if !record.attributes.isEmpty {
            var attrs = [String: JSONValue](minimumCapacity: record.attributes.count)
            for (key, value) in record.attributes where attrs[key] == nil { attrs[key] = .string(value) }
            extras["attrs"] = .object(attrs)
        }
        var map = (to: toScreen[parent], from: fromScreen[parent])
        var transform = Transform2D.identity
        if let linear = record.linear, record.box != nil, let inverse = linear.inverted() {
            transform = linear
            // About its centre: c + L(x − c), and back c + L⁻¹(x − c).
            let centre = Point(x: box.midX, y: box.midY)
            let turn = Transform2D.translation(centre.x, centre.y).concatenating(after: linear).concatenating(after: .translation(-centre.x, -centre.y))
            let back = Transform2D.translation(centre.x, centre.y).concatenating(after: inverse).concatenating(after: .translation(-centre.x, -centre.y))
            map = (map.to.concatenating(after: turn), back.concatenating(after: map.from))
        }
        let id = paths[parent] + "." + String(tree.nodes[parent].children.count)
        // Made whole at once: each property set after would go through the node's out-of-line box.
        let node = ViewNode(id: id, className: record.tag, name: record.label, text: record.text ?? record.value,
                            frame: Rect(x: box.x - origin.x + scroll.x, y: box.y - origin.y + scroll.y, width: box.width, height: box.height),
                            bounds: Rect(x: record.scroll.x, y: record.scroll.y, width: box.width, height: box.height), transform: transform,
                            clipsToBounds: record.clips, alpha: record.opacity, isHidden: record.isHidden, backgroundColor: record.background,
                            attributes: Self.attributes(record, paintOrder: position), extras: extras)
        paths.append(id)
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

    /// The page's attributes, then the computed ones (which win a clash), then the tag and the
    /// place in paint order: made in one array, sorted where it lies.
    static func attributes(_ record: WebNodeRecord, paintOrder: Int) -> ViewAttributes {
        var entries: [ViewAttributes.Entry] = []
        entries.reserveCapacity(record.attributes.count + record.computed.count + 5)
        for (key, value) in record.attributes { entries.append(.init(key: key, value: value)) }
        if let label = record.label { entries.append(.init(key: "label", value: label)) }
        if let value = record.value { entries.append(.init(key: "value", value: value)) }
        if let hidden = record.hiddenBy { entries.append(.init(key: "hidden-by", value: hidden)) }
        for (key, value) in record.computed { entries.append(.init(key: key, value: value)) }
        entries.append(.init(key: "tag", value: record.tag))
        entries.append(.init(key: "paint-order", value: String(paintOrder)))
        return ViewAttributes(unsorted: entries)
    }
}
