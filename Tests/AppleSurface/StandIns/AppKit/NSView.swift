// Stand-in for Apple's AppKit, for compiling HierarchyCapture's AppKit adapter on Linux. Only what
// it and its tests use, declared as the macOS SDK declares it for Swift; each declaration names
// its source (Apple's documentation pages, whose "Declaration" sections are the SDK's interface).
@_exported import Foundation
@_exported import QuartzCore
@_spi(StandIn) import CoreGraphics
@_spi(StandIn) import QuartzCore

/// Source: https://developer.apple.com/documentation/appkit/nsresponder
/// (`@MainActor open class NSResponder : NSObject`; `var nextResponder: NSResponder?`).
@MainActor
open class NSResponder: NSObject {
    public override init() { super.init() }
    open var nextResponder: NSResponder?
}

/// Source: https://developer.apple.com/documentation/appkit/nsview (`@MainActor open class NSView
/// : NSResponder`; `init(frame frameRect: NSRect)`; `var frame: NSRect`, `var bounds: NSRect`,
/// `var isFlipped: Bool { get }`, `var wantsLayer: Bool`, `var layer: CALayer?`,
/// `var subviews: [NSView]`, `var superview: NSView? { get }`, `var window: NSWindow? { get }`,
/// `var tag: Int { get }`, `var alphaValue: CGFloat`, `var isHidden: Bool`,
/// `var clipsToBounds: Bool` (macOS 14 SDK, back to 10.9), `func addSubview(_:)`,
/// `func removeFromSuperview()`, `func draw(_ dirtyRect: NSRect)`,
/// `func bitmapImageRepForCachingDisplay(in rect: NSRect) -> NSBitmapImageRep?`,
/// `func cacheDisplay(in rect: NSRect, to bitmapImageRep: NSBitmapImageRep)`; from
/// NSAccessibilityProtocol `func accessibilityIdentifier() -> String`,
/// `func setAccessibilityIdentifier(_:)`, `func accessibilityLabel() -> String?`,
/// `func setAccessibilityLabel(_:)`).
///
/// Coordinates: `frame` is in the superview's space, y up unless the superview is flipped;
/// `bounds` is the view's own. A layer-backed view's layer follows its frame and bounds
/// (position at the frame's centre, anchor at the middle). The view's own content is drawn by
/// `draw(_:)`, with y as the view has it.
@MainActor
open class NSView: NSResponder {
    open var frame: NSRect { didSet { if frame.size != oldValue.size { bounds.size = frame.size }; syncLayer() } }
    open var bounds: NSRect { didSet { syncLayer() } }
    open var isFlipped: Bool { false }
    open var tag: Int { 0 }
    open var alphaValue: CGFloat = 1 { didSet { layer?.opacity = Float(alphaValue) } }
    open var isHidden = false { didSet { layer?.isHidden = isHidden } }
    open var clipsToBounds = false { didSet { layer?.masksToBounds = clipsToBounds } }
    open private(set) var subviews: [NSView] = []
    open private(set) weak var superview: NSView?
    weak var windowStandIn: NSWindow?
    private var identifier = ""
    private var label: String?
    open var layer: CALayer? {
        didSet {
            layer?.standInDrawContent = { [unowned self] context in MainActor.assumeIsolated { self.drawOwnContent(in: context) } }
            syncLayer()
        }
    }
    open var wantsLayer = false {
        didSet {
            if wantsLayer, layer == nil { layer = CALayer() }
            for view in subviews { if let sublayer = view.layer { layer?.addSublayer(sublayer) } }
        }
    }

    public init(frame frameRect: NSRect) {
        frame = frameRect
        bounds = NSRect(origin: .zero, size: frameRect.size)
        super.init()
    }

    open var window: NSWindow? { windowStandIn ?? superview?.window }

    open func accessibilityIdentifier() -> String { identifier }
    open func setAccessibilityIdentifier(_ accessibilityIdentifier: String?) { identifier = accessibilityIdentifier ?? "" }
    open func accessibilityLabel() -> String? { label }
    open func setAccessibilityLabel(_ accessibilityLabel: String?) { label = accessibilityLabel }

    open func addSubview(_ view: NSView) {
        view.superview?.subviews.removeAll { $0 === view }
        subviews.append(view)
        view.superview = self
        view.nextResponder = view.nextResponder ?? self
        if let sublayer = view.layer { layer?.addSublayer(sublayer) }
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        layer?.removeFromSuperlayer()
    }

    open func draw(_ dirtyRect: NSRect) {}

    open func bitmapImageRepForCachingDisplay(in rect: NSRect) -> NSBitmapImageRep? {
        let scale = window?.backingScaleFactor ?? 1
        let (w, h) = (Int((rect.width * scale).rounded()), Int((rect.height * scale).rounded()))
        guard w > 0, h > 0 else { return nil }
        return NSBitmapImageRep(pixelsWide: w, pixelsHigh: h, size: rect.size)
    }

    /// Draws `rect` of the view, and its shown subviews, into `bitmapImageRep` (transparent where
    /// nothing is drawn), as AppKit documents.
    open func cacheDisplay(in rect: NSRect, to bitmapImageRep: NSBitmapImageRep) {
        guard let context = bitmapImageRep.context else { return }
        context.saveGState()
        context.scaleBy(x: CGFloat(bitmapImageRep.pixelsWide) / rect.width, y: CGFloat(bitmapImageRep.pixelsHigh) / rect.height)
        // The bitmap's y grows upward, as an unflipped view's; a flipped view's is turned.
        if isFlipped {
            context.translateBy(x: 0, y: rect.height)
            context.scaleBy(x: 1, y: -1)
        }
        context.translateBy(x: -rect.minX, y: -rect.minY)
        display(into: context, onScreen: true)
        context.restoreGState()
    }

    /// Not Apple's: rectangles (view space) and colours that only the screen shows (a video, a
    /// Metal drawable) — absent from the layer's `render(in:)`.
    @_spi(StandIn) public var standInScreenContent: [(NSRect, CGColor)] = []

    private func drawOwnContent(in context: CGContext) {
        NSGraphicsContextStack.push(context)
        draw(bounds)
        NSGraphicsContextStack.pop()
    }

    /// The view and its shown subviews, in this view's space.
    private func display(into context: CGContext, onScreen: Bool) {
        if let color = layer?.backgroundColor {
            context.setFillColor(color)
            context.fill(bounds)
        }
        drawOwnContent(in: context)
        if onScreen { for (rect, color) in standInScreenContent { context.setFillColor(color); context.fill(rect) } }
        for view in subviews where !view.isHidden && !(view.layer?.isHidden ?? false) {
            context.saveGState()
            context.translateBy(x: view.frame.minX, y: view.frame.minY)
            if view.isFlipped != isFlipped {
                context.translateBy(x: 0, y: view.frame.height)
                context.scaleBy(x: 1, y: -1)
            }
            context.scaleBy(x: view.frame.width / max(view.bounds.width, 1e-9), y: view.frame.height / max(view.bounds.height, 1e-9))
            context.translateBy(x: -view.bounds.minX, y: -view.bounds.minY)
            context.setAlpha(context.standInAlpha * view.alphaValue)
            view.display(into: context, onScreen: onScreen)
            context.restoreGState()
        }
    }

    private func syncLayer() {
        guard let layer else { return }
        layer.bounds = bounds
        layer.position = CGPoint(x: frame.midX, y: frame.midY)
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
    }
}

/// The current AppKit drawing context, as `NSGraphicsContext.current` gives it to `draw(_:)`.
@MainActor
enum NSGraphicsContextStack {
    static var stack: [CGContext] = []
    static func push(_ context: CGContext) { stack.append(context) }
    static func pop() { _ = stack.popLast() }
}

/// Source: https://developer.apple.com/documentation/appkit/nsgraphicscontext
/// (`class var current: NSGraphicsContext?`, `var cgContext: CGContext { get }`).
@MainActor
open class NSGraphicsContext: NSObject {
    public let cgContext: CGContext
    init(_ context: CGContext) { cgContext = context }
    open class var current: NSGraphicsContext? { NSGraphicsContextStack.stack.last.map(NSGraphicsContext.init) }
}
