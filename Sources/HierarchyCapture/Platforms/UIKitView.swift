// UIKit is importable on watchOS too, where UIView, CALayer rendering and UIWindowScene do not
// exist: the adapter is built for iOS, iPadOS, Mac Catalyst, tvOS and visionOS.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import HierarchyModel
import UIKit

// Written from Apple's UIKit documentation. On Linux it is compiled and tested against stand-in
// UIKit, QuartzCore and CoreGraphics modules declared from Apple's interfaces
// (Tests/AppleSurface); every decision it feeds (ids, sizes, hiding, ordering, what is drawn from
// the screen) is made and tested in the platform-neutral core.

/// A `UIView` as the capture reads it.
@MainActor
public struct UIKitView: CapturableView {
    /// The view read.
    public let view: UIView

    /// The capture's view of `view`.
    public init(_ view: UIView) {
        self.view = view
    }

    /// The view object's identity (never its `hash`/`isEqual:`, which apps may override).
    public var captureIdentity: ObjectIdentifier { ObjectIdentifier(view) }
    /// The class name without its module, e.g. `UITableViewCell`.
    public var className: String { String(describing: type(of: view)) }
    /// `accessibilityIdentifier`.
    public var accessibilityIdentifier: String? { view.accessibilityIdentifier }
    /// `accessibilityLabel`.
    public var accessibilityLabel: String? { view.accessibilityLabel }
    /// `tag`.
    public var tag: Int { view.tag }
    /// `center`: where the anchor point lies in the superview (a window's is in screen points).
    public var position: Point { Point(x: Double(view.center.x), y: Double(view.center.y)) }
    /// `bounds`; its origin is a scroll view's content offset.
    public var bounds: Rect { Rect(view.bounds) }
    /// `transform` (the affine part of the layer's transform).
    public var transform: Transform2D {
        let t = view.transform
        return Transform2D(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }
    /// The layer's `anchorPoint`.
    public var anchorPoint: Point { Point(x: Double(view.layer.anchorPoint.x), y: Double(view.layer.anchorPoint.y)) }
    /// `clipsToBounds`.
    public var clipsToBounds: Bool { view.clipsToBounds }
    /// `alpha`.
    public var alpha: Double { Double(view.alpha) }
    /// `isHidden`.
    public var isHidden: Bool { view.isHidden }
    /// `backgroundColor`, resolved for the view's traits (dark mode), in sRGB.
    public var backgroundColor: Color? {
        guard let color = view.backgroundColor?.resolvedColor(with: view.traitCollection) else { return nil }
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return nil }
        return Color(unitRed: Double(r), green: Double(g), blue: Double(b), alpha: Double(a))
    }
    /// A label's or text view's text, a text field's text, a button's current title. A secure
    /// field's or text view's text is read as bullets of its length: its characters are never
    /// copied out of it (the core writes bullets again whatever this says).
    public var text: String? {
        switch view {
        case let label as UILabel: label.text
        case let field as UITextField: field.isSecureTextEntry ? Self.bullets(field.text) : field.text
        case let textView as UITextView: textView.isSecureTextEntry ? Self.bullets(textView.text) : textView.text
        case let button as UIButton: button.currentTitle
        default: nil
        }
    }
    /// `isSecureTextEntry` of a text field (SwiftUI's `SecureField` is one underneath) or text view.
    public var isSecureTextEntry: Bool {
        (view as? UITextField)?.isSecureTextEntry == true || (view as? UITextView)?.isSecureTextEntry == true
    }
    /// The controller whose `view` this is: UIKit makes it the view's next responder.
    public var viewController: ViewController? {
        guard let controller = view.next as? UIViewController, controller.viewIfLoaded === view else { return nil }
        let title = controller.title ?? controller.navigationItem.title
        return ViewController(className: String(describing: type(of: controller)), title: title?.isEmpty == false ? title : nil)
    }
    /// The class and its superclasses, from the Objective-C runtime.
    public var classChain: [String] { Self.classChain(of: view) }
    /// The backing layer's class (`AVPlayerLayer` for a player view, `CAMetalLayer`…).
    public var layerClassName: String? { String(describing: type(of: view.layer)) }
    /// The classes of the layer's own sublayers and theirs, subviews' layers left out (at most 256).
    public var sublayerClassNames: [String] {
        let subviewLayers = Set(view.subviews.map { ObjectIdentifier($0.layer) })
        var stack = (view.layer.sublayers ?? []).filter { !subviewLayers.contains(ObjectIdentifier($0)) }
        var names: [String] = []
        while let layer = stack.popLast(), names.count < 256 {
            names.append(String(describing: type(of: layer)))
            stack += layer.sublayers ?? []
        }
        return names
    }
    /// Whether a sublayer that is not a subview's layer lies in front of a subview's layer.
    public var hasSublayersAboveSubviews: Bool {
        let subviewLayers = Set(view.subviews.map { ObjectIdentifier($0.layer) })
        guard let sublayers = view.layer.sublayers,
              let first = sublayers.firstIndex(where: { subviewLayers.contains(ObjectIdentifier($0)) }) else { return false }
        return sublayers[(first + 1)...].contains { !subviewLayers.contains(ObjectIdentifier($0)) && !$0.isHidden }
    }

    /// `subviews`, back to front.
    public var subviews: [UIKitView] { view.subviews.map(UIKitView.init) }
    /// The display scale of the view's traits (the screen's scale once the view is on screen).
    public var screenScale: Double {
        let scale = Double(view.window?.traitCollection.displayScale ?? view.traitCollection.displayScale)
        return scale > 0 ? scale : 1
    }
    /// A window's `windowLevel`; 0 for other views.
    public var windowLevel: Double { (view as? UIWindow).map { Double($0.windowLevel.rawValue) } ?? 0 }

    /// Hides or shows the view's layer, inside the capture's one transaction. The layer, not the
    /// view: UIView's `setHidden:` is what raises on some private system views (FLEX #716), and
    /// Swift cannot catch that exception.
    public func setHiddenForSnapshot(_ hidden: Bool) throws {
        view.layer.isHidden = hidden
    }

    /// One `CATransaction`, actions disabled, around the whole capture: the layers hidden and
    /// shown again and the opacities set and restored are committed once, unchanged, so nothing
    /// reaches the screen, no animation starts and no layout pass runs in the middle.
    public static func withCaptureTransaction(_ body: () -> Void) {
        CATransaction.withoutActions(body)
    }

    /// What the screen shows of the view (`drawHierarchy(in:afterScreenUpdates: false)`: the
    /// render server's last frame, subviews included, nothing committed first), for content that
    /// `render(in:)` leaves blank: video, Metal, web, maps, SceneKit, visual effect backdrops. The
    /// whole bounds are drawn with `canvas.origin` at the top left, as `drawAlone` draws them.
    public func drawFromScreen(into canvas: inout CaptureCanvas) throws {
        let (width, height, scaleX, scaleY) = (canvas.width, canvas.height, canvas.scaleX, canvas.scaleY)
        let bounds = view.bounds
        // The rectangle the bounds are drawn into, in canvas points: only part of a view over the
        // side limit is drawn (a tall web page in a scroll view), from the canvas's origin.
        let target = CGRect(x: bounds.minX - CGFloat(canvas.origin.x), y: bounds.minY - CGFloat(canvas.origin.y),
                            width: bounds.width, height: bounds.height)
        var drewAnything = false
        let drawn = canvas.pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext.canvas(buffer, width: width, height: height) else { return false }
            context.translateBy(x: 0, y: CGFloat(height))
            context.scaleBy(x: CGFloat(scaleX), y: -CGFloat(scaleY))
            UIGraphicsPushContext(context)
            drewAnything = view.drawHierarchy(in: target, afterScreenUpdates: false)
            UIGraphicsPopContext()
            return true
        }
        guard drawn else { throw CaptureDrawingError("no bitmap context of \(width)×\(height) pixels") }
        guard drewAnything else { throw CaptureDrawingError("drawHierarchy found no snapshot (the view is not on screen)") }
    }

    /// `text`'s length as bullets.
    static func bullets(_ text: String?) -> String? { text.map { String(repeating: "\u{2022}", count: $0.count) } }

    /// The names of `object`'s class and superclasses, most derived first.
    static func classChain(of object: AnyObject) -> [String] {
        var names: [String] = []
        var current: AnyClass? = type(of: object)
        while let cls = current {
            names.append(String(describing: cls))
            current = class_getSuperclass(cls)
        }
        return names
    }

    /// The seed article's drawing: the layer rendered into a bitmap context over the canvas's
    /// pixels, y turned downwards, `bounds.origin` at the top left, at full opacity (the layer's
    /// opacity set to 1 and restored inside the capture's transaction: the document has `alpha`).
    public func drawAlone(into canvas: inout CaptureCanvas) throws {
        // `bounds.origin`, or the visible part's; Core Graphics puts the origin at the bottom left,
        // UIKit draws with y down.
        try view.layer.render(into: &canvas, origin: CGPoint(x: canvas.origin.x, y: canvas.origin.y), flipsY: true)
    }
}

/// A `UIView` (a window too) is captured as itself through `HierarchyCapture.capture(_:to:options:)`;
/// from a debug menu: `try await HierarchyCapture.capture(window, to: url)`.
extension UIView: NativeView {
    public var captureAdapter: UIKitView { UIKitView(self) }
}

extension HierarchyCapture {
    /// Captures the app's key window: what a debug menu's "capture" button does. With several
    /// foreground scenes (iPad multitasking, an external display) the key window says which:
    /// `connectedScenes` is a set, in no order. Nil when no foreground-active scene holds the key
    /// window (capture a scene or a window of your choice then).
    @MainActor
    public static func captureKeyWindow(to folder: URL, options: Options = Options()) async throws -> CaptureReport? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let active = scenes.filter { $0.activationState == .foregroundActive }
        guard let window = active.lazy.flatMap(\.windows).first(where: \.isKeyWindow) else { return nil }
        return try await capture(window, to: folder, options: options)
    }

    /// Captures every window of `scene` under a `UIScreen` root the size of the scene, back to
    /// front by window level (alerts in front of the app's window). The app's windows only: the
    /// keyboard is hosted by another process and the status bar drawn by the system, and neither
    /// is in `scene.windows`.
    @MainActor
    public static func capture(_ scene: UIWindowScene, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(screen: Rect(scene.coordinateSpace.bounds), className: "UIScreen",
                          scale: Double(scene.traitCollection.displayScale), windows: scene.windows.map(UIKitView.init),
                          to: folder, options: options)
    }

    /// Captures every window of `scene` all on the main actor, for tests.
    @MainActor
    public static func captureSynchronously(_ scene: UIWindowScene, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(screen: Rect(scene.coordinateSpace.bounds), className: "UIScreen",
                                 scale: Double(scene.traitCollection.displayScale), windows: scene.windows.map(UIKitView.init),
                                 to: folder, options: options)
    }
}
#endif
