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
    public var tag: Int
    /// For a transformed view, the frame it has with the identity transform (not UIKit's bounding box).
    public var frame: Rect
    public var bounds: Rect
    /// The view's own alpha, in [0, 1].
    public var alpha: Double
    /// Path of a PNG of this view alone, relative to the document's folder, stretched over its bounds.
    public var snapshot: String?
    public var backgroundColor: Color?
    public var clipsToBounds: Bool
    public var isHidden: Bool
    /// The properties most views leave at their defaults, out of line: nil while they all are, so
    /// that a plain view takes half the memory (a tree of a million views is held whole).
    private var rare: OutOfLine<RareFields>?
    /// Indices of the subviews in the tree's `nodes`, back to front.
    public internal(set) var children: [Int] = []
    /// The superview's index, -1 for the root; 32 bits, as a tree holds fewer than 2^31 views.
    private var parentIndex: Int32 = -1
    private var positionIndex: Int32 = 0
    /// The source's lines, 0 for none: 32 bits each, inline, as an imported view always has them
    /// (out of line they would box every imported view); a file of more lines is clamped.
    private var sourceLine: Int32 = 0
    private var sourceEndLine: Int32 = 0
    /// The XML element's index + 1, 0 for none.
    private var sourceElement: Int32 = 0

    /// Accessibility identifier or label.
    public var name: String? { get { OutOfLine.value(rare, \.name, absent: nil) } set { OutOfLine.set(&rare, \.name, to: newValue) } }
    /// What the view shows in words (a label's or a field's text, a button's title), when the capture says.
    public var text: String? { get { OutOfLine.value(rare, \.text, absent: nil) } set { OutOfLine.set(&rare, \.text, to: newValue) } }
    /// Applied about the anchor point, in the superview's bounds space; identity by default.
    public var transform: Transform2D { get { OutOfLine.value(rare, \.transform, absent: .identity) } set { OutOfLine.set(&rare, \.transform, to: newValue) } }
    /// The point the transform turns about, as fractions of the bounds size; (0.5, 0.5) by default.
    public var anchorPoint: Point { get { OutOfLine.value(rare, \.anchorPoint, absent: .centre) } set { OutOfLine.set(&rare, \.anchorPoint, to: newValue) } }
    /// The attributes a UI test checks (`resource-id`, `clickable`…), as the dump wrote them.
    public var attributes: ViewAttributes { get { OutOfLine.value(rare, \.attributes, absent: ViewAttributes()) } set { OutOfLine.set(&rare, \.attributes, to: newValue) } }
    /// The view controller whose root view this is (the in-app capture's `viewController`).
    public var viewController: ViewController? { get { OutOfLine.value(rare, \.viewController, absent: nil) } set { OutOfLine.set(&rare, \.viewController, to: newValue) } }
    /// Keys this model does not interpret, kept for round trips.
    public var extras: [String: JSONValue] { get { OutOfLine.value(rare, \.extras, absent: [:]) } set { OutOfLine.set(&rare, \.extras, to: newValue) } }

    /// The lines of the file the view was read from (an imported dump's); nil for a capture's view.
    /// Not part of what the view is: two reads of one screen from different lines hold equal views.
    public var source: SourceSpan? {
        get {
            guard sourceLine > 0 else { return nil }
            return SourceSpan(line: Int(sourceLine), endLine: Int(sourceEndLine), element: sourceElement > 0 ? Int(sourceElement) - 1 : nil)
        }
        set {
            sourceLine = newValue.map { Int32(clamping: $0.line) } ?? 0
            sourceEndLine = newValue.map { Int32(clamping: $0.endLine) } ?? 0
            sourceElement = newValue?.element.map { Int32(clamping: $0 + 1) } ?? 0
        }
    }

    /// Index of the superview in the tree's `nodes`; nil for the root.
    public internal(set) var parent: Int? {
        get { parentIndex < 0 ? nil : Int(parentIndex) }
        set { parentIndex = newValue.map { Int32($0) } ?? -1 }
    }
    /// Position among the superview's subviews (0 for the root).
    public internal(set) var position: Int {
        get { Int(positionIndex) }
        set { positionIndex = Int32(newValue) }
    }

    /// A view; `id` defaults to the index path once added to a tree, `bounds` to the frame's size at the origin.
    public init(
        id: String? = nil, className: String = "View", name: String? = nil, text: String? = nil, tag: Int = 0,
        frame: Rect, bounds: Rect? = nil, transform: Transform2D = .identity,
        anchorPoint: Point = .centre, clipsToBounds: Bool = false, alpha: Double = 1,
        isHidden: Bool = false, backgroundColor: Color? = nil, snapshot: String? = nil,
        attributes: ViewAttributes = ViewAttributes(), extras: [String: JSONValue] = [:], viewController: ViewController? = nil
    ) {
        self.id = id ?? ""
        self.className = className
        self.tag = tag
        self.frame = frame
        self.bounds = bounds ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.clipsToBounds = clipsToBounds
        self.alpha = alpha
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.snapshot = snapshot
        if name != nil || text != nil || !attributes.isEmpty || !extras.isEmpty || viewController != nil
            || !RareFields.isIdentity(transform) || !RareFields.isCentre(anchorPoint) {
            rare = OutOfLine.box(RareFields(
                name: name, text: text, transform: transform, anchorPoint: anchorPoint, attributes: attributes, extras: extras,
                viewController: viewController))
        }
    }

    /// Whether the two views are the same, leaving out their place in a tree (parent and children indices).
    public func sameProperties(as other: ViewNode) -> Bool {
        id == other.id && className == other.className && name == other.name && text == other.text && tag == other.tag
            && frame == other.frame && bounds == other.bounds && transform == other.transform
            && anchorPoint == other.anchorPoint && clipsToBounds == other.clipsToBounds
            && alpha == other.alpha && isHidden == other.isHidden && backgroundColor == other.backgroundColor
            && snapshot == other.snapshot && attributes == other.attributes && extras == other.extras
            && viewController == other.viewController
    }

    // Equal and hashed by what they hold, however it is stored (no box and a box of defaults are
    // alike); where a view was read from (`source`) is left out, as it is of `sameProperties`.
    public static func == (a: ViewNode, b: ViewNode) -> Bool {
        a.sameProperties(as: b) && a.parentIndex == b.parentIndex && a.children == b.children && a.positionIndex == b.positionIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(className)
        hasher.combine(tag)
        hasher.combine(frame)
        hasher.combine(bounds)
        hasher.combine(alpha)
        hasher.combine(snapshot)
        hasher.combine(backgroundColor)
        hasher.combine(clipsToBounds)
        hasher.combine(isHidden)
        hasher.combine(OutOfLine.fields(of: rare))
        hasher.combine(parentIndex)
        hasher.combine(children)
        hasher.combine(positionIndex)
    }

}

extension ViewNode: CustomReflectable {
    /// Every property by name, as the stored properties were before some went out of line: what
    /// `print` and test failures show.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "className": className, "name": name as Any, "text": text as Any, "tag": tag, "frame": frame,
            "bounds": bounds, "transform": transform, "anchorPoint": anchorPoint, "clipsToBounds": clipsToBounds,
            "alpha": alpha, "isHidden": isHidden, "backgroundColor": backgroundColor as Any, "snapshot": snapshot as Any,
            "attributes": attributes, "extras": extras, "viewController": viewController as Any, "source": source as Any,
            "parent": parent as Any, "children": children, "position": position,
        ], displayStyle: .struct)
    }
}

/// The properties of a view that most views leave at their defaults.
private struct RareFields: OutOfLineFields {
    var name: String?
    var text: String?
    var transform = Transform2D.identity
    var anchorPoint = Point.centre
    var attributes = ViewAttributes()
    var extras: [String: JSONValue] = [:]
    var viewController: ViewController?

    /// Whether every property is its default, bit for bit (a transform of -0 is kept as given).
    var isDefault: Bool {
        name == nil && text == nil && attributes.isEmpty && extras.isEmpty && viewController == nil && Self.isIdentity(transform) && Self.isCentre(anchorPoint)
    }

    static func isIdentity(_ t: Transform2D) -> Bool {
        same(t.a, 1) && same(t.b, 0) && same(t.c, 0) && same(t.d, 1) && same(t.tx, 0) && same(t.ty, 0)
    }

    static func isCentre(_ point: Point) -> Bool { same(point.x, 0.5) && same(point.y, 0.5) }

    private static func same(_ value: Double, _ standard: Double) -> Bool { value.bitPattern == standard.bitPattern }
}
