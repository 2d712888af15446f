import HierarchyModel

/// The exploded stack of a view tree: which views are drawn, where, and at what depth.
public struct Layout: Hashable, Sendable {
    /// The root's bounds: the screen, in the root's bounds space (the space of every frame here).
    public var screen: Rect
    /// Layers in painter's order: pre-order, subviews back to front; a web page's in the order its
    /// browser paints (`inPaintOrder(of:)`), where a view may come before its superview.
    public var layers: [Layer]
    /// For every node of the tree, indexed like `nodes`: its layer index, or why it is not one.
    public var status: [NodeStatus]

    /// A node's fate in the layout.
    public enum NodeStatus: Hashable, Sendable {
        case layer(Int)
        case omitted(Omission)
    }

    public init(screen: Rect, layers: [Layer], status: [NodeStatus]) {
        self.screen = screen
        self.layers = layers
        self.status = status
    }

    /// The largest layer depth, 0 when there are none.
    public var maxDepth: Int { layers.map(\.depth).max() ?? 0 }

    /// The layer of the view with this id, if it is one.
    public func layer(withID id: String) -> Layer? {
        layers.first { $0.id == id }
    }
}

extension Layout {
    /// Lays out `tree`: the shown views, their visible frames, depths and texture plans.
    ///
    /// - Parameters:
    ///   - snapshotSizes: the pixel size of each snapshot, keyed by the path the document gives;
    ///     a view whose snapshot is missing here gets no texture.
    /// - Throws: `InputError` when `options.focusID` names no view.
    public static func compute(
        _ tree: ViewTree, options: LayoutOptions = LayoutOptions(), snapshotSizes: [String: PixelSize] = [:]
    ) throws(InputError) -> Layout {
        var focus: Int?
        if let id = options.focusID {
            guard let index = tree.index(ofID: id) else { throw InputError(location: "--focus", "no view has the id '\(id)'") }
            focus = index
        }
        var layout = Visibility.resolve(tree, options: options, focus: focus)
        // The views read in place: `tree[i]` would copy each one to read two fields.
        let nodes = tree.nodes
        for index in layout.layers.indices where !snapshotSizes.isEmpty {
            let node = layout.layers[index].node
            guard let path = nodes[node].snapshot, let size = snapshotSizes[path] else { continue }
            layout.layers[index].texture = TexturePlanner.plan(
                path: path, source: size, bounds: nodes[node].bounds, layer: layout.layers[index],
                maxTextureSize: options.maxTextureSize)
        }
        let depths = DepthAssigner.depths(for: layout, tree: tree, mode: options.depthMode, focus: focus ?? 0)
        for index in layout.layers.indices { layout.layers[index].depth = depths[index] }
        return layout
    }
}
