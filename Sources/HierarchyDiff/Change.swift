/// One way a view differs between two captures: each is a word in the report, in this order.
public enum Change: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Its origin in its superview moved by more than `DiffOptions.geometryTolerance` (a view that
    /// moved only because an ancestor moved or scrolled is not moved); for a view that changed its
    /// superview, its origin on the screen.
    case moved
    /// Its width or height changed by more than the tolerance.
    case resized
    /// Its content offset (`bounds.origin`) changed: it scrolled, taking its subviews along.
    case scrolled
    case alpha
    case hidden
    /// Its snapshot's pixels differ beyond a small perceptual threshold, compared at the same size.
    case content
    case `class`
    /// Its accessibility identifier or label.
    case name
    /// The text it shows.
    case text
    case background
    /// `clipsToBounds`.
    case clips
    /// Its transform or anchor point.
    case transform
    /// The attributes a UI test checks (enabled, checked, selected, value…).
    case attributes
    /// Its place among its siblings changed, or it changed its superview.
    case order
    /// Its layer depth in the exploded stack changed (a view whose depth changed only with its
    /// nearest layer ancestor's is not reported).
    case depth

    public static func < (a: Change, b: Change) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
