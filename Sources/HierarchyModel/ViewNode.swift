/// One view of a captured hierarchy: its geometry in its superview, how it is drawn, and its place
/// in the tree. Geometry follows UIKit: `frame` is in the superview's bounds space, and `bounds.origin`
/// is the content offset, so a point p of an untransformed view is at `frame.origin + (p - bounds.origin)`
/// above. A transformed view turns about its anchor point (see `ViewNode+Geometry`); its `frame` is
/// then the untransformed one, the frame it has with the identity transform.
public struct ViewNode: Hashable, Sendable {
    /// Unique in its tree; the index path ("0.2.1") when the capture gave none.
    public var id: String
    /// The view's class, "View" when unknown.
    public var className: String
    /// Accessibility identifier or label.
    public var name: String?
    /// What the view shows in words (a label's or a field's text, a button's title), when the capture says.
    public var text: String?
    public var tag: Int
    /// For a transformed view, the frame it has with the identity transform (not UIKit's bounding box).
    public var frame: Rect
    public var bounds: Rect
    /// Applied about the anchor point, in the superview's bounds space; identity by default.
    public var transform: Transform2D
    /// The point the transform turns about, as fractions of the bounds size; (0.5, 0.5) by default.
    public var anchorPoint: Point
    public var clipsToBounds: Bool
    /// The view's own alpha, in [0, 1].
    public var alpha: Double
    public var isHidden: Bool
    public var backgroundColor: Color?
    /// Path of a PNG of this view alone, relative to the document's folder, stretched over its bounds.
    public var snapshot: String?
    /// The attributes a UI test checks (`resource-id`, `clickable`…), as the dump wrote them.
    public var attributes: ViewAttributes
    /// Keys this model does not interpret, kept for round trips.
    public var extras: [String: JSONValue]

    /// Index of the superview in the tree's `nodes`; nil for the root.
    public internal(set) var parent: Int?
    /// Indices of the subviews in the tree's `nodes`, back to front.
    public internal(set) var children: [Int] = []
    /// Position among the superview's subviews (0 for the root).
    public internal(set) var position: Int = 0

    /// A view; `id` defaults to the index path once added to a tree, `bounds` to the frame's size at the origin.
    public init(
        id: String? = nil, className: String = "View", name: String? = nil, text: String? = nil, tag: Int = 0,
        frame: Rect, bounds: Rect? = nil, transform: Transform2D = .identity,
        anchorPoint: Point = .centre, clipsToBounds: Bool = false, alpha: Double = 1,
        isHidden: Bool = false, backgroundColor: Color? = nil, snapshot: String? = nil,
        attributes: ViewAttributes = ViewAttributes(), extras: [String: JSONValue] = [:]
    ) {
        self.id = id ?? ""
        self.className = className
        self.name = name
        self.text = text
        self.tag = tag
        self.frame = frame
        self.bounds = bounds ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.transform = transform
        self.anchorPoint = anchorPoint
        self.clipsToBounds = clipsToBounds
        self.alpha = alpha
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.snapshot = snapshot
        self.attributes = attributes
        self.extras = extras
    }

    /// Whether the two views are the same, leaving out their place in a tree (parent and children indices).
    public func sameProperties(as other: ViewNode) -> Bool {
        id == other.id && className == other.className && name == other.name && text == other.text && tag == other.tag
            && frame == other.frame && bounds == other.bounds && transform == other.transform
            && anchorPoint == other.anchorPoint && clipsToBounds == other.clipsToBounds
            && alpha == other.alpha && isHidden == other.isHidden && backgroundColor == other.backgroundColor
            && snapshot == other.snapshot && attributes == other.attributes && extras == other.extras
    }
}
