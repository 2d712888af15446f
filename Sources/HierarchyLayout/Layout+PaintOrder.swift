import HierarchyModel

extension Layout {
    /// The layout with its layers in the order the browser paints them, for a web page (a
    /// `#viewport` root) whose views say their place in that order (`paint-order`: the web
    /// capture's, by `WebPaintOrder`, or Chromium's own in its snapshot, where the views of one
    /// paint layer share a number): layers sorted by it, a tie in tree order, a view without one
    /// taking its superview's. Any other tree's layers stay in pre-order. The tree itself is not
    /// reordered (locators see document order); `status` and `parentLayer` follow the new indices.
    func inPaintOrder(of tree: ViewTree) -> Layout {
        guard tree.root.className == "#viewport", let keys = Self.paintKeys(tree) else { return self }
        let order = layers.indices.sorted { (keys[layers[$0].node], $0) < (keys[layers[$1].node], $1) }
        guard order != Array(layers.indices) else { return self }
        var newIndex = [Int](repeating: 0, count: layers.count)
        for (position, old) in order.enumerated() { newIndex[old] = position }
        var sorted = order.map { layers[$0] }
        for index in sorted.indices { sorted[index].parentLayer = sorted[index].parentLayer.map { newIndex[$0] } }
        let remapped = status.map { status -> NodeStatus in
            if case .layer(let old) = status { return .layer(newIndex[old]) }
            return status
        }
        return Layout(screen: screen, layers: sorted, status: remapped)
    }

    /// Each view's `paint-order`, else its nearest ancestor's (the root's -1); nil when no view has one.
    private static func paintKeys(_ tree: ViewTree) -> [Int]? {
        var keys = [Int](repeating: -1, count: tree.count)
        var found = false
        for index in tree.preorder() {
            let node = tree.nodes[index]
            if let own = node.attributes["paint-order"].flatMap({ Int($0) }) {
                keys[index] = own
                found = true
            } else if let parent = node.parent {
                keys[index] = keys[parent]
            }
        }
        return found ? keys : nil
    }
}
