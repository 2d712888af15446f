#if canImport(UIKit)
import Foundation
import HierarchyModel
import UIKit

// Written from Apple's UIKit documentation. UIKit does not exist on the Linux machine this package
// is developed and tested on, so this file has not been compiled there; every decision it feeds
// (ids, sizes, hiding, ordering) is made and tested in the platform-neutral core.

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
    /// A label's or text view's text, a text field's text, a button's current title.
    public var text: String? {
        switch view {
        case let label as UILabel: label.text
        case let field as UITextField: field.text
        case let textView as UITextView: textView.text
        case let button as UIButton: button.currentTitle
        default: nil
        }
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

    /// Hides or shows the view's layer. The layer, not the view: UIView's `setHidden:` is what
    /// raises on some private system views (FLEX #716), and Swift cannot catch that exception.
    public func setHiddenForSnapshot(_ hidden: Bool) throws {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.layer.isHidden = hidden
        CATransaction.commit()
    }

    /// The seed article's drawing: the layer rendered into a bitmap context over the canvas's
    /// pixels, y turned downwards, `bounds.origin` at the top left, at full opacity.
    public func drawAlone(into canvas: inout CaptureCanvas) throws {
        let (width, height, scaleX, scaleY) = (canvas.width, canvas.height, canvas.scaleX, canvas.scaleY)
        let origin = view.bounds.origin
        let layer = view.layer
        let opacity = layer.opacity
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        defer {
            layer.opacity = opacity
            CATransaction.commit()
        }
        let drawn = canvas.pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(
                data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return false }
            // Core Graphics puts the origin at the bottom left; UIKit draws with y down.
            context.translateBy(x: 0, y: CGFloat(height))
            context.scaleBy(x: CGFloat(scaleX), y: -CGFloat(scaleY))
            context.translateBy(x: -origin.x, y: -origin.y)
            layer.render(in: context)
            return true
        }
        guard drawn else { throw UIKitCaptureError(description: "no bitmap context of \(width)×\(height) pixels") }
    }
}

/// A drawing that UIKit could not do.
public struct UIKitCaptureError: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
}

extension HierarchyCapture {
    /// Captures `view` and everything under it into `folder`; views are read and drawn on the
    /// main actor, PNGs encoded off it. From a debug menu: `try await HierarchyCapture.capture(window, to: url)`.
    @MainActor
    public static func capture(_ view: UIView, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(UIKitView(view), to: folder, options: options)
    }

    /// Captures `view` all on the main actor, for unit tests and test hosts.
    @MainActor
    public static func captureSynchronously(_ view: UIView, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(UIKitView(view), to: folder, options: options)
    }

    /// Captures every window of `scene` under a `UIScreen` root the size of the scene, back to
    /// front by window level (alerts and the keyboard in front of the app's window).
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
