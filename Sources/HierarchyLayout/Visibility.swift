import HierarchyModel

/// Rules a. and b.: which views are shown, and the visible frame of each after its ancestors' clipping.
enum Visibility {
    /// What a node passes to its subviews.
    private struct Context {
        /// Maps this node's bounds space to the root's: add it to a point.
        var offsetX = 0.0, offsetY = 0.0
        /// The intersection of the clipping ancestors' bounds (this node included), in root space;
        /// nil when nothing clips. `clipper` is the node that made it smallest.
        var clip: Rect?
        var clipEmpty = false
        var clipper = 0
        var alpha = 1.0
        /// The omission that hides this whole subtree, and the node that caused it.
        var hiddenBy: Int?
    }

    /// The layers (depth 0 and no textures yet) and every node's status, walking the tree without recursion.
    static func resolve(_ tree: ViewTree, options: LayoutOptions, focus: Int?) -> Layout {
        let screen = tree.root.bounds
        var contexts = [Context](repeating: Context(), count: tree.count)
        var status = [Layout.NodeStatus](repeating: .omitted(.outsideFocus), count: tree.count)
        var layers: [Layer] = []
        var nearestLayer = [Int?](repeating: nil, count: tree.count)
        let inFocus = focus.map { Set(tree.preorder(from: $0)) }

        for index in tree.preorder() {
            let node = tree[index]
            var context = node.parent.map { contexts[$0] } ?? Context()
            let full: Rect
            if node.parent == nil {
                full = node.bounds
            } else {
                full = Rect(x: context.offsetX + node.frame.x, y: context.offsetY + node.frame.y,
                            width: node.bounds.width, height: node.bounds.height)
                context.offsetX += node.frame.x - node.bounds.x
                context.offsetY += node.frame.y - node.bounds.y
            }
            let inherited = node.parent.flatMap { nearestLayer[$0] }
            nearestLayer[index] = inherited
            context.alpha *= node.alpha

            var visible: Rect?
            let omission: Omission?
            if let ancestor = context.hiddenBy {
                omission = .insideOmitted(ancestor: ancestor)
            } else if let own = ownOmission(node, options: options) {
                omission = own
                context.hiddenBy = index
            } else if let inFocus, !inFocus.contains(index) {
                omission = .outsideFocus
            } else if full.isEmpty {
                omission = .empty
            } else if options.showClipped {
                visible = full
                omission = nil
            } else if context.clipEmpty || (context.clip != nil && full.intersection(context.clip!) == nil) {
                omission = .clippedOut(by: context.clipper)
            } else if let onScreen = full.intersection(context.clip ?? full).flatMap({ $0.intersection(screen) }) {
                visible = onScreen
                omission = nil
            } else {
                omission = .offScreen
            }
            if node.clipsToBounds && !options.showClipped {
                if let smaller = context.clip.map({ $0.intersection(full) }) ?? (full.isEmpty ? nil : full) {
                    context.clip = smaller
                } else {
                    context.clipEmpty = true
                }
                context.clipper = index
            }
            contexts[index] = context

            if let visible {
                status[index] = .layer(layers.count)
                nearestLayer[index] = layers.count
                layers.append(Layer(
                    node: index, id: node.id, className: node.className, name: node.name, tag: node.tag,
                    frame: visible, fullFrame: full, alpha: context.alpha, backgroundColor: node.backgroundColor,
                    parentLayer: inherited))
            } else if let omission {
                status[index] = .omitted(omission)
            }
        }
        return Layout(screen: screen, layers: layers, status: status)
    }

    /// Rule a.: why this view, on its own account, hides itself and its subtree.
    static func ownOmission(_ node: ViewNode, options: LayoutOptions) -> Omission? {
        if node.isHidden { return .hidden }
        if node.alpha < 0.01 { return .transparent(alpha: node.alpha) }
        if options.excludedTags.contains(node.tag) { return .excludedTag(node.tag) }
        if options.excludedClasses.contains(node.className) { return .excludedClass(node.className) }
        if options.excludedIDs.contains(node.id) { return .excludedID }
        return nil
    }
}
