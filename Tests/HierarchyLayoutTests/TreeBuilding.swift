import HierarchyLayout
import HierarchyModel

/// A nested description of a view for building small trees in tests.
struct V {
    var node: ViewNode
    var children: [V]

    init(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
         bounds: Rect? = nil, transform: Transform2D = .identity, anchor: Point = .centre, clips: Bool = false, alpha: Double = 1, hidden: Bool = false,
         tag: Int = 0, cls: String = "View", snapshot: String? = nil, _ children: [V] = []) {
        node = ViewNode(id: id, className: cls, tag: tag, frame: Rect(x: x, y: y, width: w, height: h), bounds: bounds,
                        transform: transform, anchorPoint: anchor,
                        clipsToBounds: clips, alpha: alpha, isHidden: hidden, snapshot: snapshot)
        self.children = children
    }

    func tree() -> ViewTree {
        var tree = ViewTree(root: node)
        // Nodes are appended in pre-order, so node indices follow painter's order.
        var pending = children.reversed().map { ($0, 0) }
        while let (spec, parent) = pending.popLast() {
            let index = tree.append(spec.node, to: parent)
            pending += spec.children.reversed().map { ($0, index) }
        }
        return tree
    }
}

extension Layout {
    /// Depth of the layer with `id`, nil when that view is not a layer.
    func depth(_ id: String) -> Int? { layer(withID: id)?.depth }
    var ids: [String] { layers.map(\.id) }
}

func layout(_ root: V, _ options: LayoutOptions = LayoutOptions(), sizes: [String: PixelSize] = [:]) throws -> Layout {
    try Layout.compute(root.tree(), options: options, snapshotSizes: sizes)
}
