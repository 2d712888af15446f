import HierarchyModel

/// A view that is drawn: a plane at `depth`, the size of its visible frame.
public struct Layer: Hashable, Sendable {
    /// Index of the view in the tree's `nodes`.
    public var node: Int
    public var id: String
    public var className: String
    public var name: String?
    /// What the view shows in words, when the capture says.
    public var text: String?
    /// The attributes a UI test checks, as the dump wrote them.
    public var attributes: ViewAttributes
    public var tag: Int
    public var depth: Int
    /// The part of the view that shows after its ancestors' clipping and the screen's, in the root's
    /// bounds space: for a transformed view (or one cut by a turned ancestor), the bounding box of `polygon`.
    public var frame: Rect
    /// The whole view in the same space (the bounding box of its transformed bounds).
    public var fullFrame: Rect
    /// The map from the view's bounds space to the root's (every transform and offset above it).
    public var transform: Transform2D
    /// The visible region when it is not the rectangle `frame`: a convex polygon in the root's
    /// bounds space, clockwise on the screen; nil when the region is exactly `frame`.
    public var outline: [Point]?
    /// The bounding box of the visible region mapped back into the view's bounds space: the part of
    /// the bounds whose content shows. Used only when `transform` is more than a translation.
    public var visibleBounds: Rect
    /// The product of the alphas from the root down to the view.
    public var alpha: Double
    public var backgroundColor: Color?
    public var texture: TexturePlan?
    /// Index in the layout's `layers` of the nearest ancestor that is a layer.
    public var parentLayer: Int?

    public init(
        node: Int, id: String, className: String, name: String? = nil, text: String? = nil,
        attributes: ViewAttributes = ViewAttributes(), tag: Int = 0, depth: Int = 0,
        frame: Rect, fullFrame: Rect, transform: Transform2D? = nil, outline: [Point]? = nil,
        visibleBounds: Rect? = nil, alpha: Double = 1, backgroundColor: Color? = nil,
        texture: TexturePlan? = nil, parentLayer: Int? = nil
    ) {
        self.node = node
        self.id = id
        self.className = className
        self.name = name
        self.text = text
        self.attributes = attributes
        self.tag = tag
        self.depth = depth
        self.frame = frame
        self.fullFrame = fullFrame
        self.transform = transform ?? .translation(fullFrame.x, fullFrame.y)
        self.outline = outline
        self.visibleBounds = visibleBounds ?? frame.offsetBy(dx: -fullFrame.x, dy: -fullFrame.y)
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.texture = texture
        self.parentLayer = parentLayer
    }

    /// Whether clipping took part of the view away.
    public var isClipped: Bool { frame != fullFrame || (outline.map { $0.count != 4 } ?? false) }

    /// The visible region as a convex polygon in the root's bounds space, clockwise on the screen.
    public var polygon: [Point] { outline ?? frame.corners }

    /// Whether the view is drawn upright and unscaled (only moved), so that `frame` maps to its
    /// content one to one.
    public var isUntransformed: Bool { transform.isTranslation }
}
