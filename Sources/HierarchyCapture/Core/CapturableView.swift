import HierarchyModel

/// A view as the capture sees it: what the platform adapters (UIKit, AppKit) and the tests' fake
/// views provide. Every decision about what to write is made by the platform-neutral core from
/// these values; an adapter only reads properties and draws.
///
/// Read on the main actor, as UIKit and AppKit require.
@MainActor
public protocol CapturableView {
    /// The identity of the underlying object. The capture keys views by it and never by the view's
    /// own `hash`/`==`, which apps may override (FLEX #627).
    var captureIdentity: ObjectIdentifier { get }
    /// The view's class name, e.g. `UITableViewCell`.
    var className: String { get }
    /// The accessibility identifier; the view's id in the document when no other view shares it.
    var accessibilityIdentifier: String? { get }
    /// The accessibility label; the document's `name` when there is no identifier.
    var accessibilityLabel: String? { get }
    /// The view's tag (`0` when the platform has none).
    var tag: Int { get }
    /// Where the anchor point lies in the superview's bounds space, in points: UIKit's `center`
    /// (CALayer's `position`).
    var position: Point { get }
    /// The view's own coordinate space; its origin is the content offset of a scroll view.
    var bounds: Rect { get }
    /// The view's transform about its anchor point (identity when none).
    var transform: Transform2D { get }
    /// The anchor point as fractions of the bounds size (`0.5, 0.5` is the centre).
    var anchorPoint: Point { get }
    /// Whether subviews are cut to the bounds.
    var clipsToBounds: Bool { get }
    /// The view's own opacity.
    var alpha: Double { get }
    /// Whether the view is hidden (with its subtree).
    var isHidden: Bool { get }
    /// The background colour, if any.
    var backgroundColor: Color? { get }
    /// The text the view shows (a label's text, a button's title, a text field's value), if any.
    var text: String? { get }
    /// The subviews, back to front.
    var subviews: [Self] { get }
    /// Whether this view's own coordinates grow upwards (AppKit's unflipped views); the core turns
    /// its subviews' geometry into the document's downward y. `false` on UIKit.
    var coordinatesGrowUpward: Bool { get }
    /// Pixels per point of the screen the view is on; snapshots are drawn at this scale (less for
    /// views larger than the texture limit). Read from the root of a capture.
    var screenScale: Double { get }
    /// The level of a window (UIKit's `windowLevel`): windows are written back to front by it.
    var windowLevel: Double { get }

    /// Hides (`true`) or shows again (`false`) this view while its superview is drawn alone. May
    /// throw where the platform refuses (FLEX #716): that superview then gets no snapshot.
    func setHiddenForSnapshot(_ hidden: Bool) throws
    /// Draws this view's layer as it is now (subviews the core has hidden do not show) into
    /// `canvas`: `canvas.scaleX`×`canvas.scaleY` pixels per point, `bounds.origin` at the top left,
    /// premultiplied RGBA. Draws without the view's own alpha. Throws when drawing fails.
    func drawAlone(into canvas: inout CaptureCanvas) throws
}

extension CapturableView {
    /// Views use downward y unless they say otherwise.
    public var coordinatesGrowUpward: Bool { false }
    /// Views that are not windows all sit at level 0.
    public var windowLevel: Double { 0 }
}
