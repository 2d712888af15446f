// Stand-in for Apple's UIKit, for compiling HierarchyCapture's UIKit adapter and the snapshot
// strategy's UIView path on Linux. Only what they and their tests use, declared as the iOS SDK
// declares it for Swift; each declaration names its source (Apple's documentation pages, whose
// "Declaration" sections are the SDK's Swift interface).
@_exported import Foundation
@_exported import QuartzCore
@_spi(StandIn) import CoreGraphics
@_spi(StandIn) import QuartzCore

/// Source: https://developer.apple.com/documentation/uikit/uiresponder
/// (`@MainActor open class UIResponder : NSObject`; `var next: UIResponder? { get }`).
@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
}

/// Source: https://developer.apple.com/documentation/uikit/uiview (`@MainActor open class UIView
/// : UIResponder`; `init(frame: CGRect)`; `var frame`, `var bounds`, `var center`,
/// `var transform: CGAffineTransform`, `var layer: CALayer { get }`, `var clipsToBounds`,
/// `var alpha: CGFloat`, `var isHidden`, `var backgroundColor: UIColor?`, `var tag: Int`,
/// `var superview: UIView? { get }`, `var subviews: [UIView] { get }`,
/// `var window: UIWindow? { get }`, `func addSubview(_:)`, `func draw(_ rect: CGRect)`,
/// `var traitCollection: UITraitCollection { get }`, `var overrideUserInterfaceStyle` (iOS 13),
/// `func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool` (iOS 7,
/// https://developer.apple.com/documentation/uikit/uiview/drawhierarchy(in:afterscreenupdates:)),
/// `var accessibilityIdentifier: String?` (UIAccessibilityIdentification, iOS 5) and
/// `var accessibilityLabel: String?` (the UIAccessibility informal protocol on NSObject)).
///
/// As in UIKit, the geometry, alpha, hiding and clipping live in the backing layer: `center` is
/// `layer.position`, `bounds` `layer.bounds`, `alpha` `layer.opacity`, `isHidden`
/// `layer.isHidden`, `clipsToBounds` `layer.masksToBounds`, `transform` the layer's affine transform.
@MainActor
open class UIView: UIResponder {
    public let layer: CALayer
    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []
    open var tag = 0
    open var accessibilityIdentifier: String?
    open var accessibilityLabel: String?
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
    /// The controller whose view this is (UIKit makes it the view's next responder).
    weak var owningController: UIViewController?

    /// Source: https://developer.apple.com/documentation/uikit/uiview/layerclass
    /// (`class var layerClass: AnyClass { get }`).
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        layer = (Self.layerClass as! CALayer.Type).init()
        super.init()
        self.frame = frame
        layer.standInDrawContent = { [unowned self] context in
            MainActor.assumeIsolated { self.drawContent(in: context) }
        }
    }
    public convenience override init() { self.init(frame: .zero) }

    open override var next: UIResponder? { owningController ?? superview }

    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The bounding box of the transformed bounds in the superview (UIKit's `frame`).
    open var frame: CGRect {
        get {
            let size = bounds.size, anchor = layer.anchorPoint
            let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (fx: CGFloat, fy: CGFloat) -> CGPoint in
                let p = CGPoint(x: (fx - anchor.x) * size.width, y: (fy - anchor.y) * size.height).applying(transform)
                return CGPoint(x: p.x + center.x, y: p.y + center.y)
            }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds.size = newValue.size
            center = CGPoint(x: newValue.minX + layer.anchorPoint.x * newValue.width, y: newValue.minY + layer.anchorPoint.y * newValue.height)
        }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.resolvedColor(with: traitCollection).cgColor }
    }

    open var window: UIWindow? { (self as? UIWindow) ?? superview?.window }

    open var traitCollection: UITraitCollection {
        var view: UIView? = self
        var style = UIUserInterfaceStyle.unspecified
        while let v = view, style == .unspecified { style = v.overrideUserInterfaceStyle; view = v.superview }
        return UITraitCollection(style: style == .unspecified ? .light : style, scale: window?.screen.scale ?? 0)
    }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// Draws the view's own content; UIKit calls it with the layer's context pushed.
    open func draw(_ rect: CGRect) {}

    private func drawContent(in context: CGContext) {
        UIGraphicsPushContext(context)
        draw(bounds)
        UIGraphicsPopContext()
    }

    /// Draws what the screen shows of the view's bounds into `rect` of the current context;
    /// false (nothing drawn) when the view is not in a window, as a device has no snapshot then.
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard window != nil, let context = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0 else { return false }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.setAlpha(alpha)
        if !isHidden { layer.standInRenderAsOnScreen(in: context) }
        context.restoreGState()
        return true
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uigraphicspushcontext(_:) ,
/// https://developer.apple.com/documentation/uikit/uigraphicspopcontext() ,
/// https://developer.apple.com/documentation/uikit/uigraphicsgetcurrentcontext()
/// (`func UIGraphicsPushContext(_ context: CGContext)`, `func UIGraphicsPopContext()`,
/// `func UIGraphicsGetCurrentContext() -> CGContext?`; not isolated: usable from any thread
/// since iOS 4; the stand-in keeps one stack, enough for the tests' one thread).
nonisolated(unsafe) private var contextStack: [CGContext] = []
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
public func UIGraphicsPopContext() { _ = contextStack.popLast() }
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
