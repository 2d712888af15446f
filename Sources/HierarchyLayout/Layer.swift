import HierarchyModel

/// A view that is drawn: a plane at `depth`, the size of its visible frame.
public struct Layer: Hashable, Sendable {
    /// Index of the view in the tree's `nodes`.
    public var node: Int
    public var id: String
    public var className: String
    public var tag: Int
    public var depth: Int
    /// The part of the view that shows after its ancestors' clipping and the screen's, in the root's
    /// bounds space: for a transformed view (or one cut by a turned ancestor), the bounding box of `polygon`.
    public var frame: Rect
    /// The whole view in the same space (the bounding box of its transformed bounds).
    public var fullFrame: Rect
    /// The map from the view's bounds space to the root's (every transform and offset above it).
    public var transform: Transform2D
    /// The bounding box of the visible region mapped back into the view's bounds space: the part of
    /// the bounds whose content shows. Used only when `transform` is more than a translation.
    public var visibleBounds: Rect
    /// The product of the alphas from the root down to the view.
    public var alpha: Double
    public var backgroundColor: Color?
    /// Index in the layout's `layers` of the nearest ancestor that is a layer.
    public var parentLayer: Int?
    /// The properties most layers do without, out of line: nil while they all do, so that a
    /// plain layer takes about half the memory (a million-layer layout is held whole).
    private var rare: OutOfLine<RareFields>?
    /// The view's source lines, 0 for none: inline, as an imported dump's layers all have them.
    private var sourceLine: Int32 = 0
    private var sourceEndLine: Int32 = 0

    /// The lines of the dump the view was read from (its `ViewNode.source`, without the element);
    /// nil for a capture's view. Not part of what the layer is, as it is not of the view.
    public var source: SourceSpan? {
        get { sourceLine > 0 ? SourceSpan(line: Int(sourceLine), endLine: Int(sourceEndLine)) : nil }
        set {
            sourceLine = newValue.map { Int32(clamping: $0.line) } ?? 0
            sourceEndLine = newValue.map { Int32(clamping: $0.endLine) } ?? 0
        }
    }

    public var name: String? { get { OutOfLine.value(rare, \.name, absent: nil) } set { OutOfLine.set(&rare, \.name, to: newValue) } }
    /// What the view shows in words, when the capture says.
    public var text: String? { get { OutOfLine.value(rare, \.text, absent: nil) } set { OutOfLine.set(&rare, \.text, to: newValue) } }
    /// The attributes a UI test checks, as the dump wrote them.
    public var attributes: ViewAttributes { get { OutOfLine.value(rare, \.attributes, absent: ViewAttributes()) } set { OutOfLine.set(&rare, \.attributes, to: newValue) } }
    /// The visible region when it is not the rectangle `frame`: a convex polygon in the root's
    /// bounds space, clockwise on the screen; nil when the region is exactly `frame`.
    public var outline: [Point]? { get { OutOfLine.value(rare, \.outline, absent: nil) } set { OutOfLine.set(&rare, \.outline, to: newValue) } }
    /// The view controller the view belongs to: the one whose root view it is, else its nearest
    /// ancestor's (the capture's `viewController`).
    public var viewController: ViewController? { get { OutOfLine.value(rare, \.viewController, absent: nil) } set { OutOfLine.set(&rare, \.viewController, to: newValue) } }
    public var texture: TexturePlan? { get { OutOfLine.value(rare, \.texture, absent: nil) } set { OutOfLine.set(&rare, \.texture, to: newValue) } }

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
        self.tag = tag
        self.depth = depth
        self.frame = frame
        self.fullFrame = fullFrame
        self.transform = transform ?? .translation(fullFrame.x, fullFrame.y)
        self.visibleBounds = visibleBounds ?? frame.offsetBy(dx: -fullFrame.x, dy: -fullFrame.y)
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.parentLayer = parentLayer
        if name != nil || text != nil || !attributes.isEmpty || outline != nil || texture != nil {
            rare = OutOfLine.box(RareFields(name: name, text: text, attributes: attributes, outline: outline, texture: texture))
        }
    }

    /// Whether clipping took part of the view away.
    public var isClipped: Bool { frame != fullFrame || (outline.map { $0.count != 4 } ?? false) }

    /// The visible region as a convex polygon in the root's bounds space, clockwise on the screen.
    public var polygon: [Point] { outline ?? frame.corners }

    /// Whether the view is drawn upright and unscaled (only moved), so that `frame` maps to its
    /// content one to one.
    public var isUntransformed: Bool { transform.isTranslation }

    // Equal and hashed by what they hold, however it is stored (no box and a box of defaults are alike).
    public static func == (a: Layer, b: Layer) -> Bool {
        a.node == b.node && a.id == b.id && a.className == b.className && a.tag == b.tag && a.depth == b.depth
            && a.frame == b.frame && a.fullFrame == b.fullFrame && a.transform == b.transform
            && a.visibleBounds == b.visibleBounds && a.alpha == b.alpha && a.backgroundColor == b.backgroundColor
            && a.parentLayer == b.parentLayer && OutOfLine.fields(of: a.rare) == OutOfLine.fields(of: b.rare)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(id)
        hasher.combine(className)
        hasher.combine(tag)
        hasher.combine(depth)
        hasher.combine(frame)
        hasher.combine(fullFrame)
        hasher.combine(transform)
        hasher.combine(visibleBounds)
        hasher.combine(alpha)
        hasher.combine(backgroundColor)
        hasher.combine(parentLayer)
        hasher.combine(OutOfLine.fields(of: rare))
    }

}

extension Layer: CustomReflectable {
    /// Every property by name, as the stored properties were before some went out of line: what
    /// `print` and test failures show.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "node": node, "id": id, "className": className, "name": name as Any, "text": text as Any,
            "attributes": attributes, "tag": tag, "depth": depth, "frame": frame, "fullFrame": fullFrame,
            "transform": transform, "outline": outline as Any, "visibleBounds": visibleBounds, "alpha": alpha,
            "backgroundColor": backgroundColor as Any, "texture": texture as Any, "parentLayer": parentLayer as Any,
        ], displayStyle: .struct)
    }
}

/// The properties of a layer that most layers do without.
private struct RareFields: OutOfLineFields {
    var name: String?
    var text: String?
    var attributes = ViewAttributes()
    var outline: [Point]?
    var texture: TexturePlan?
    var viewController: ViewController?

    var isDefault: Bool { name == nil && text == nil && attributes.isEmpty && outline == nil && texture == nil && viewController == nil }
}
