import HierarchyModel

/// Rules a. and b.: which views are shown, and the visible frame of each after its ancestors' clipping.
enum Visibility {
    /// What a node passes to its subviews.
    private struct Context {
        /// Maps this node's bounds space to the root's.
        var toRoot = Transform2D.identity
        /// The intersection of the clipping ancestors' bounds (this node included), in root space;
        /// nil when nothing clips. `clipper` is the node that made it smallest.
        var clip: Rect?
        /// The same region when a clipping ancestor is turned (not a rectangle any more); it then
        /// replaces `clip`.
        /// (An index into the walk's list of polygons, so that contexts stay plain values that copy
        /// without reference counting: the walk copies one per view.)
        var clipPolygon: Int?
        var clipEmpty = false
        var clipper = 0
        var alpha = 1.0
        /// The omission that hides this whole subtree, and the node that caused it.
        var hiddenBy: Int?
    }

    /// A view on the path from the root to the view being laid out: what it passes to its subviews.
    private struct Ancestor {
        var node: Int
        var context: Context
        /// The view's layer index if it is one, otherwise its nearest ancestor layer's.
        var nearestLayer: Int?
        /// The view controller the view belongs to: its own, else its nearest ancestor's.
        var controller: ViewController?
    }

    /// A view's place on the screen: its whole bounds mapped to root space.
    private struct Placement {
        /// The bounding box of the mapped bounds (the mapped bounds themselves when `corners` is nil).
        var full: Rect
        /// The mapped bounds, clockwise on screen, when they are not an upright rectangle.
        var corners: [Point]?
        /// Whether the map to the root squashes the view to nothing: a singular transform, or one so
        /// nearly singular that the mapped bounds are a sliver the polygon clipping would discard.
        var isSingular = false
    }

    /// The visible part of a view: its bounding box and, when it is not that rectangle, its polygon.
    private struct Visible {
        var frame: Rect
        var outline: [Point]?
    }

    /// The layers (depth 0 and no textures yet) in painter's order and every node's status,
    /// walking the tree without recursion.
    static func resolve(_ tree: ViewTree, options: LayoutOptions, focus: Int?) -> Layout {
        let screen = tree.root.bounds
        // Read in place: `tree[index]` would copy each view (and retain its strings) to read a few fields.
        let nodes = tree.nodes
        var status = [Layout.NodeStatus](repeating: .omitted(.outsideFocus), count: tree.count)
        var layers: [Layer] = []
        // Room for every view (pages never written cost nothing): the layers are not copied as they grow.
        layers.reserveCapacity(tree.count)
        // The contexts and nearest layers of the ancestors of the view at hand, root first: a view
        // needs only its superview's, and in pre-order the superview is on this path (a list per
        // view would hold a million contexts for a million views).
        var path: [Ancestor] = []
        let inFocus = focus.map { Set(tree.preorder(from: $0)) }
        var polygons: [[Point]] = []

        for index in tree.preorder() {
            let node = nodes[index]
            if let parent = node.parent {
                while path[path.count - 1].node != parent { path.removeLast() }
            } else {
                path.removeAll()
            }
            var context = path.last?.context ?? Context()
            let place: Placement
            if node.parent == nil {
                place = Placement(full: node.bounds)
            } else {
                place = placement(of: node, in: &context)
            }
            let inherited = path.last?.nearestLayer
            var nearestLayer = inherited
            let controller = node.viewController ?? path.last?.controller
            context.alpha *= node.alpha

            var visible: Visible?
            let omission: Omission?
            if let ancestor = context.hiddenBy {
                omission = .insideOmitted(ancestor: ancestor)
            } else if let own = ownOmission(node, options: options) {
                omission = own
                context.hiddenBy = index
            } else if let inFocus, !inFocus.contains(index) {
                omission = .outsideFocus
            } else if place.full.isEmpty || place.isSingular || node.bounds.isEmpty {
                omission = .empty
            } else if options.showClipped {
                visible = Visible(frame: place.full, outline: place.corners)
                omission = nil
            } else if place.corners == nil && context.clipPolygon == nil {
                (visible, omission) = clipRectangle(place.full, context: context, screen: screen)
            } else {
                (visible, omission) = clipPolygon(place.corners ?? place.full.corners, context: context, polygons: polygons, screen: screen)
            }
            if node.clipsToBounds && !options.showClipped {
                narrowClip(&context, by: place, node: index, polygons: &polygons)
            }

            if let visible {
                status[index] = .layer(layers.count)
                nearestLayer = layers.count
                layers.append(Layer(
                    node: index, id: node.id, className: node.className, name: node.name, text: node.text,
                    attributes: node.attributes, tag: node.tag,
                    frame: visible.frame, fullFrame: place.full, transform: context.toRoot, outline: visible.outline,
                    visibleBounds: visibleBounds(visible, node: node, place: place, toRoot: context.toRoot),
                    alpha: context.alpha, backgroundColor: node.backgroundColor, parentLayer: inherited))
                if let controller { layers[layers.count - 1].viewController = controller }
                if let source = node.source { layers[layers.count - 1].source = source }
            } else if let omission {
                status[index] = .omitted(omission)
            }
            if !node.children.isEmpty { path.append(Ancestor(node: index, context: context, nearestLayer: nearestLayer, controller: controller)) }
        }
        // Built in pre-order (each view's context comes from its superview's); a web page's are
        // then put in the order its browser paints.
        return Layout(screen: screen, layers: layers, status: status).inPaintOrder(of: tree)
    }

    /// Maps the view's bounds to root space and updates the context's map to this view's bounds space.
    private static func placement(of node: ViewNode, in context: inout Context) -> Placement {
        if node.transform.isIdentity && context.toRoot.isTranslation {
            // The common case, kept to plain additions (and to the exact results they always gave).
            let full = Rect(x: context.toRoot.tx + node.frame.x, y: context.toRoot.ty + node.frame.y,
                            width: node.bounds.width, height: node.bounds.height)
            context.toRoot.tx += node.frame.x - node.bounds.x
            context.toRoot.ty += node.frame.y - node.bounds.y
            return Placement(full: full)
        }
        context.toRoot = context.toRoot.concatenating(after: node.toSuperview)
        let m = context.toRoot
        let mapped = ConvexPolygon.clockwise(node.bounds.corners.map(m.apply))
        let full = Rect.bounding(mapped)!
        // Scales, mirrors and quarter turns keep rectangles upright: the rectangle code handles them.
        let upright = (m.b == 0 && m.c == 0) || (m.a == 0 && m.d == 0)
        // A sliver is zero size here, before clipping would drop it as cut away or off screen.
        let singular = m.inverted() == nil || (!upright && ConvexPolygon.isNegligible(mapped))
        return Placement(full: full, corners: upright ? nil : mapped, isSingular: singular)
    }

    /// The visible part of an upright rectangle: cut by the clipping ancestors' rectangle, then the screen.
    private static func clipRectangle(_ full: Rect, context: Context, screen: Rect) -> (Visible?, Omission?) {
        if context.clipEmpty || (context.clip != nil && full.intersection(context.clip!) == nil) {
            return (nil, .clippedOut(by: context.clipper))
        }
        guard let onScreen = full.intersection(context.clip ?? full).flatMap({ $0.intersection(screen) }) else {
            return (nil, .offScreen)
        }
        return (Visible(frame: onScreen), nil)
    }

    /// The visible part of a convex polygon: cut by the clipping ancestors' region, then the screen.
    private static func clipPolygon(_ corners: [Point], context: Context, polygons: [[Point]], screen: Rect) -> (Visible?, Omission?) {
        if context.clipEmpty { return (nil, .clippedOut(by: context.clipper)) }
        var region = corners
        if let clip = context.clipPolygon.map({ polygons[$0] }) ?? context.clip?.corners {
            region = ConvexPolygon.clip(region, to: clip)
            if region.isEmpty { return (nil, .clippedOut(by: context.clipper)) }
        }
        region = ConvexPolygon.clip(region, to: screen)
        guard let frame = Rect.bounding(region), !frame.isEmpty else { return (nil, .offScreen) }
        return (Visible(frame: frame, outline: region), nil)
    }

    /// Cuts the clipping region of the subviews to this view's mapped bounds.
    private static func narrowClip(_ context: inout Context, by place: Placement, node: Int, polygons: inout [[Point]]) {
        context.clipper = node
        if place.isSingular { context.clipEmpty = true }
        guard !context.clipEmpty else { return }
        if place.corners == nil && context.clipPolygon == nil {
            if let smaller = context.clip.map({ $0.intersection(place.full) }) ?? (place.full.isEmpty ? nil : place.full) {
                context.clip = smaller
            } else {
                context.clipEmpty = true
            }
            return
        }
        let own = place.corners ?? place.full.corners
        let region = (context.clipPolygon.map { polygons[$0] } ?? context.clip?.corners).map { ConvexPolygon.clip(own, to: $0) } ?? own
        if region.isEmpty {
            context.clipEmpty = true
        } else {
            context.clipPolygon = polygons.count
            polygons.append(region)
        }
    }

    /// The part of the view's bounds that shows: the visible region mapped back, boxed.
    private static func visibleBounds(_ visible: Visible, node: ViewNode, place: Placement, toRoot: Transform2D) -> Rect? {
        // Untransformed: the old offset arithmetic (Layer's default) is exact.
        guard !toRoot.isTranslation, let inverse = toRoot.inverted() else { return nil }
        let region = visible.outline ?? visible.frame.corners
        guard let box = Rect.bounding(region.map(inverse.apply)) else { return nil }
        // Rounding can push the box a hair outside the bounds; the bounds are the limit.
        return box.intersection(node.bounds) ?? box
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
