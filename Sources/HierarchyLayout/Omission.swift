/// Why a view is not a layer.
public enum Omission: Hashable, Sendable {
    case hidden
    /// Its alpha is below 0.01.
    case transparent(alpha: Double)
    case excludedTag(Int)
    case excludedClass(String)
    case excludedID
    /// An ancestor is hidden, transparent or excluded: the whole subtree is left out with it.
    case insideOmitted(ancestor: Int)
    /// Clipped away by the ancestor at this node index (it clips to its bounds).
    case clippedOut(by: Int)
    /// Entirely outside the root's bounds.
    case offScreen
    /// Its frame has no area.
    case empty
    /// Outside the focused subtree.
    case outsideFocus

    /// Omissions that leave out the whole subtree with the view.
    public var hidesSubtree: Bool {
        switch self {
        case .hidden, .transparent, .excludedTag, .excludedClass, .excludedID, .insideOmitted, .outsideFocus: true
        case .clippedOut, .offScreen, .empty: false
        }
    }
}
