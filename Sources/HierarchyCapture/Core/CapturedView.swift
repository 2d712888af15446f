import HierarchyModel

/// One view as read from the app, its geometry already in the document's terms: what
/// `tree.json` says of it. Sanitized: every number is finite and every size ≥ 0.
public struct CapturedView: Hashable, Sendable {
    /// The id in the document: the accessibility identifier when unique, else the index path.
    public var id: String
    /// The view's class name.
    public var className: String
    /// Accessibility identifier, else label.
    public var name: String?
    /// The view's tag.
    public var tag: Int
    /// The untransformed frame in the superview's bounds space (origin = position − anchor × size).
    public var frame: Rect
    /// The view's own coordinate space.
    public var bounds: Rect
    /// The view's transform about its anchor point.
    public var transform: Transform2D
    /// The anchor point as fractions of the bounds size.
    public var anchorPoint: Point
    /// Whether subviews are cut to the bounds.
    public var clipsToBounds: Bool
    /// The view's own opacity, in [0, 1].
    public var alpha: Double
    /// Whether the view is hidden.
    public var isHidden: Bool
    /// The background colour.
    public var backgroundColor: Color?
    /// The text the view shows.
    public var text: String?
    /// The view controller whose root view this is.
    public var viewController: ViewController? = nil
    /// The snapshot's path relative to the capture folder, once the view was drawn.
    public var snapshot: String?
    /// Why something about this view is not as the app has it (a NaN size, a failed drawing), one
    /// line each; written as `captureNotes`.
    public var notes: [String]
    /// Index of the superview among the capture's views (nil for the root).
    public var parent: Int?
    /// Indices of the subviews, back to front.
    public var children: [Int]
    /// Position among the superview's subviews.
    public var position: Int
}
