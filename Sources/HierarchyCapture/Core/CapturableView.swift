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
    /// Whether the view shows secure text (`UITextField.isSecureTextEntry`, `NSSecureTextField`,
    /// SwiftUI's `SecureField`, which is one of these underneath). Its `text` is never written,
    /// only its length as bullets, and nothing below it is drawn or has its text written.
    var isSecureTextEntry: Bool { get }
    /// The view controller whose root view this is, nil for other views.
    var viewController: ViewController? { get }
    /// The view's class and its superclasses, most derived first (`["MyMap", "MKMapView",
    /// "UIView", …]`); decides which views the render server draws (``RenderServerContent``).
    var classChain: [String] { get }
    /// The class of the view's backing layer (`AVPlayerLayer`, `CAMetalLayer`…), nil when none.
    var layerClassName: String? { get }
    /// The classes of the view's own sublayers and theirs (not its subviews' layers), e.g. an
    /// `AVPlayerLayer` added with `addSublayer`: content the render server draws lives there too.
    var sublayerClassNames: [String] { get }
    /// Whether some of the view's own sublayers (not a subview's layer) lie in front of a
    /// subview's layer: drawn with the view, they end up behind its subviews (noted).
    var hasSublayersAboveSubviews: Bool { get }

    /// Hides (`true`) or shows again (`false`) this view while its superview is drawn alone. May
    /// throw where the platform refuses (FLEX #716): that superview then gets no snapshot.
    func setHiddenForSnapshot(_ hidden: Bool) throws
    /// Draws this view's layer as it is now (subviews the core has hidden do not show) into
    /// `canvas`: `canvas.scaleX`×`canvas.scaleY` pixels per point, `bounds.origin` at the top left,
    /// premultiplied RGBA. Draws without the view's own alpha. Throws when drawing fails.
    func drawAlone(into canvas: inout CaptureCanvas) throws
    /// Draws what the screen shows of this view, subviews included, into `canvas` as
    /// ``drawAlone(into:)`` does (UIKit's `drawHierarchy(in:afterScreenUpdates: false)`,
    /// AppKit's `cacheDisplay(in:to:)` of the view and its subviews): for content the render server draws, which
    /// `drawAlone` leaves blank (``RenderServerContent``). Throws where the platform cannot.
    func drawFromScreen(into canvas: inout CaptureCanvas) throws
    /// Runs `body`, every hiding, drawing and showing again of one capture, as one change to the
    /// app: UIKit and AppKit open one `CATransaction` with actions disabled around it, so that
    /// nothing hidden for a moment reaches the screen or starts an animation.
    static func withCaptureTransaction(_ body: () -> Void)
}

extension CapturableView {
    /// Views use downward y unless they say otherwise.
    public var coordinatesGrowUpward: Bool { false }
    /// Views that are not windows all sit at level 0.
    public var windowLevel: Double { 0 }
    /// Views show no secure text unless they say so.
    public var isSecureTextEntry: Bool { false }
    /// No controller unless the view says so.
    public var viewController: ViewController? { nil }
    /// The class alone.
    public var classChain: [String] { [className] }
    /// No layer class known.
    public var layerClassName: String? { nil }
    /// No sublayers known.
    public var sublayerClassNames: [String] { [] }
    /// No sublayer in front of subviews.
    public var hasSublayersAboveSubviews: Bool { false }
    /// Views that cannot draw from the screen say so: the view then has no snapshot (noted).
    public func drawFromScreen(into canvas: inout CaptureCanvas) throws {
        throw ScreenDrawingUnavailable(className: className)
    }
    /// Without a platform transaction, the body alone.
    public static func withCaptureTransaction(_ body: () -> Void) { body() }
}

/// The error of a view type that cannot draw what the screen shows.
public struct ScreenDrawingUnavailable: Error, CustomStringConvertible {
    /// The class of the view.
    public var className: String
    /// One line.
    public var description: String { "\(className) cannot be drawn from the screen" }
}

/// A drawing the platform (UIKit, AppKit) could not do; the view is then kept without its
/// snapshot, with this in its notes.
public struct CaptureDrawingError: Error, CustomStringConvertible {
    /// What failed, in one line.
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
