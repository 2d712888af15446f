#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import HierarchyModel

// Written from Apple's AppKit documentation. On Linux it is compiled and tested against stand-in
// AppKit, QuartzCore and CoreGraphics modules declared from Apple's interfaces
// (Tests/AppleSurface); every decision it feeds (upward y turned down, windows ordered by level,
// ids, sizes, hiding) is made and tested in the platform-neutral core.

/// An `NSView` as the capture reads it. Its frame is read as is (anchor at the centre; a scale
/// when the bounds' size differs from the frame's): a `frameCenterRotation` is not captured. A window is read as its frame view (title
/// bar and content) placed at the window's frame on the screen.
@MainActor
public struct AppKitView: CapturableView {
    /// The view read.
    public let view: NSView
    /// The window `view` stands for, when it is one's frame view; nil for other views.
    public let window: NSWindow?

    /// The capture's view of `view`.
    public init(_ view: NSView) {
        self.view = view
        self.window = nil
    }

    /// The capture's view of `window`: its frame view (the content view's superview, which also
    /// holds the title bar), at the window's frame in screen coordinates and at its level.
    /// Nil when the window has no content view.
    public init?(window: NSWindow) {
        guard let frameView = window.contentView?.superview ?? window.contentView else { return nil }
        self.view = frameView
        self.window = window
    }

    /// The object's identity (never its `hash`/`isEqual:`): the window's for a window, so that
    /// `exclude` and `redact` find it by `ObjectIdentifier(window)`.
    public var captureIdentity: ObjectIdentifier { window.map(ObjectIdentifier.init) ?? ObjectIdentifier(view) }
    /// The class name without its module; a window's class for a window.
    public var className: String { window.map { String(describing: type(of: $0)) } ?? String(describing: type(of: view)) }
    /// `accessibilityIdentifier()`; nil when empty.
    public var accessibilityIdentifier: String? {
        let identifier = view.accessibilityIdentifier()
        return identifier.isEmpty ? nil : identifier
    }
    /// `accessibilityLabel()`.
    public var accessibilityLabel: String? { view.accessibilityLabel() }
    /// `tag`.
    public var tag: Int { view.tag }
    /// The centre of `frame`, in the superview's coordinates (upward unless it is flipped); a
    /// window's in screen coordinates (upward).
    public var position: Point {
        let frame = window?.frame ?? view.frame
        return Point(x: Double(frame.midX), y: Double(frame.midY))
    }
    /// `bounds`.
    public var bounds: Rect { Rect(view.bounds) }
    /// The identity, unless the bounds' size differs from the frame's (a magnified scroll view's
    /// clip view): then the scale that draws the bounds over the frame, so that the view is where
    /// its `frame` says.
    public var transform: Transform2D {
        guard window == nil else { return .identity }
        return CaptureGeometry.boundsScale(frame: Rect(view.frame), bounds: Rect(view.bounds))
    }
    /// The centre, so that the frame is written as AppKit has it.
    public var anchorPoint: Point { .centre }
    /// `clipsToBounds`: declared in the macOS 14 SDK, available since macOS 10.9, so read on every
    /// version this package supports (macOS 13 and later; building needs the macOS 14 SDK).
    public var clipsToBounds: Bool { view.clipsToBounds }
    /// `alphaValue`.
    public var alpha: Double { Double(view.alphaValue) }
    /// `isHidden`.
    public var isHidden: Bool { view.isHidden }
    /// The backing layer's background colour, in sRGB, when the view has a layer.
    public var backgroundColor: Color? {
        guard let color = view.layer?.backgroundColor.flatMap({ NSColor(cgColor: $0)?.usingColorSpace(.sRGB) }) else { return nil }
        return Color(unitRed: Double(color.redComponent), green: Double(color.greenComponent),
                     blue: Double(color.blueComponent), alpha: Double(color.alphaComponent))
    }
    /// A text field's string value, a text view's string, a button's title. A secure text
    /// field's (SwiftUI's `SecureField` on macOS is one) is read as bullets of its length.
    public var text: String? {
        switch view {
        case let field as NSSecureTextField: String(repeating: "\u{2022}", count: field.stringValue.count)
        case let field as NSTextField: field.stringValue
        case let textView as NSTextView: textView.string
        case let button as NSButton: button.title
        default: nil
        }
    }
    /// Whether the view is an `NSSecureTextField`.
    public var isSecureTextEntry: Bool { view is NSSecureTextField }
    /// The controller whose `view` this is: AppKit makes it the view's next responder.
    public var viewController: ViewController? {
        guard let controller = view.nextResponder as? NSViewController, controller.isViewLoaded, controller.view === view else { return nil }
        let title = controller.title
        return ViewController(className: String(describing: type(of: controller)), title: title?.isEmpty == false ? title : nil)
    }
    /// The class and its superclasses, from the Objective-C runtime; the window's for a window
    /// (`NSPanel`, `NSWindow`, …), as its class name is.
    public var classChain: [String] {
        var names: [String] = []
        var current: AnyClass? = window.map { type(of: $0) } ?? type(of: view)
        while let cls = current {
            names.append(String(describing: cls))
            current = class_getSuperclass(cls)
        }
        return names
    }
    /// The backing layer's class, nil for a view without a layer.
    public var layerClassName: String? { view.layer.map { String(describing: type(of: $0)) } }
    /// The classes of the layer's own sublayers and theirs, subviews' layers left out (at most 256).
    public var sublayerClassNames: [String] {
        let subviewLayers = Set(view.subviews.compactMap { $0.layer.map(ObjectIdentifier.init) })
        var stack = (view.layer?.sublayers ?? []).filter { !subviewLayers.contains(ObjectIdentifier($0)) }
        var names: [String] = []
        while let layer = stack.popLast(), names.count < 256 {
            names.append(String(describing: type(of: layer)))
            stack += layer.sublayers ?? []
        }
        return names
    }
    /// Whether a sublayer that is not a subview's layer lies in front of a subview's layer.
    public var hasSublayersAboveSubviews: Bool {
        let subviewLayers = Set(view.subviews.compactMap { $0.layer.map(ObjectIdentifier.init) })
        guard let sublayers = view.layer?.sublayers,
              let first = sublayers.firstIndex(where: { subviewLayers.contains(ObjectIdentifier($0)) }) else { return false }
        return sublayers[(first + 1)...].contains { !subviewLayers.contains(ObjectIdentifier($0)) && !$0.isHidden }
    }

    /// `subviews`, back to front.
    public var subviews: [AppKitView] { view.subviews.map(AppKitView.init) }
    /// Unflipped views (AppKit's default) have y growing upward.
    public var coordinatesGrowUpward: Bool { !view.isFlipped }
    /// The window's backing scale factor.
    public var screenScale: Double { Double(view.window?.backingScaleFactor ?? NSScreen.main?.backingScaleFactor ?? 1) }
    /// A window's `level`; 0 for other views.
    public var windowLevel: Double { window.map { Double($0.level.rawValue) } ?? 0 }

    /// Hides or shows the view's layer, never `isHidden`: that calls the app's `viewDidHide`,
    /// moves the focus out of a focused field for good and detaches a stack view's arranged
    /// views. A view without a layer cannot be hidden so (its superview then has no snapshot).
    public func setHiddenForSnapshot(_ hidden: Bool) throws {
        guard let layer = view.layer else { throw CaptureDrawingError("\(className) has no layer to hide") }
        layer.isHidden = hidden
    }

    /// One `CATransaction`, actions disabled, around the whole capture: nothing hidden for a
    /// moment is committed to the screen.
    public static func withCaptureTransaction(_ body: () -> Void) {
        CATransaction.withoutActions(body)
    }

    /// The view and its subviews as AppKit draws them (`cacheDisplay(in:to:)` of the canvas's
    /// part), for content `render(in:)` leaves out. Not the window server's image: that needs
    /// ScreenCaptureKit and the screen-recording permission (`CGWindowListCreateImage` is
    /// obsoleted in the macOS 15 SDK), and it would hold whatever overlaps the view, excluded and
    /// redacted views included. Content only the render server draws (video, Metal) may be blank.
    public func drawFromScreen(into canvas: inout CaptureCanvas) throws {
        try cacheDisplay(into: &canvas)
    }

    /// `cacheDisplay(in:to:)` of the canvas's part of the bounds, drawn over the canvas.
    func cacheDisplay(into canvas: inout CaptureCanvas) throws {
        let rect = partInView(canvas)
        guard let rep = view.bitmapImageRepForCachingDisplay(in: rect) else { throw CaptureDrawingError("no bitmap for \(rect)") }
        view.cacheDisplay(in: rect, to: rep)
        guard let image = rep.cgImage else { throw CaptureDrawingError("the cached display has no image") }
        try Self.draw(image, into: &canvas)
    }

    /// The canvas's part of the bounds in the view's own coordinates: the canvas's origin is its
    /// top left, which in an unflipped view is the part's maxY.
    func partInView(_ canvas: CaptureCanvas) -> CGRect {
        let part = CGRect(x: canvas.origin.x, y: canvas.origin.y, width: Double(canvas.width) / canvas.scaleX, height: Double(canvas.height) / canvas.scaleY)
        guard !view.isFlipped else { return part }
        let bounds = view.bounds
        return CGRect(x: part.minX, y: bounds.maxY - part.maxY + bounds.minY, width: part.width, height: part.height)
    }

    /// `image` drawn over the whole canvas, upright.
    static func draw(_ image: CGImage, into canvas: inout CaptureCanvas) throws {
        let (width, height) = (canvas.width, canvas.height)
        let drawn = canvas.pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(
                data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return false }
            context.interpolationQuality = .high
            // An image drawn into a whole context lands upright: its top row is the buffer's first.
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw CaptureDrawingError("no bitmap context of \(width)×\(height) pixels") }
    }

    /// The view's layer rendered (`render(in:)`: its hidden sublayers, the subviews', are not
    /// drawn) at full opacity — the layer's opacity set to 1 and restored inside the capture's
    /// transaction, as the document writes `alpha` — `bounds.origin` at the top left. A view
    /// without a layer is drawn with `cacheDisplay(in:to:)`: only when it has no shown subview, since
    /// a subview is hidden at its layer and a view whose subview cannot be hidden gets no snapshot.
    public func drawAlone(into canvas: inout CaptureCanvas) throws {
        guard let layer = view.layer else { return try cacheDisplay(into: &canvas) }
        // The part drawn: the bounds, or their visible part (its origin from the canvas). Core
        // Graphics' y grows upward, as an unflipped view's; a flipped view's is turned.
        let part = partInView(canvas)
        try layer.render(into: &canvas, origin: CGPoint(x: part.minX, y: part.minY), flipsY: view.isFlipped)
    }
}

/// An `NSView` is captured as itself through `HierarchyCapture.capture(_:to:options:)`.
extension NSView: NativeView {
    public var captureAdapter: AppKitView { AppKitView(self) }
}

extension HierarchyCapture {
    /// Captures a window's content view.
    @MainActor
    public static func capture(_ window: NSWindow, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(contentView(of: window), to: folder, options: options)
    }

    /// Captures a window's content view all on the main actor, for unit tests.
    @MainActor
    public static func captureSynchronously(_ window: NSWindow, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(contentView(of: window), to: folder, options: options)
    }

    /// Captures every visible window of the app under an `NSScreen` root the size of `screen`,
    /// back to front by window level (panels and menus in front of document windows). Windows on
    /// other screens lie outside the root and are left out by the layout as off screen.
    @MainActor
    public static func capture(_ screen: NSScreen, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(screen: Rect(screen.frame), className: "NSScreen", scale: Double(screen.backingScaleFactor),
                          windows: visibleWindows(), coordinatesGrowUpward: true, to: folder, options: options)
    }

    /// Captures every visible window of the app on `screen` all on the main actor, for tests.
    @MainActor
    public static func captureSynchronously(_ screen: NSScreen, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(screen: Rect(screen.frame), className: "NSScreen", scale: Double(screen.backingScaleFactor),
                                 windows: visibleWindows(), coordinatesGrowUpward: true, to: folder, options: options)
    }

    /// Captures the app's key window (else its main window): what a debug menu's "capture"
    /// item does. Nil when the app has neither.
    @MainActor
    public static func captureKeyWindow(to folder: URL, options: Options = Options()) async throws -> CaptureReport? {
        guard let window = NSApp.keyWindow ?? NSApp.mainWindow else { return nil }
        return try await capture(window, to: folder, options: options)
    }

    @MainActor
    private static func contentView(of window: NSWindow) throws -> NSView {
        guard let content = window.contentView else { throw CaptureDrawingError("the window has no content view") }
        return content
    }

    /// The app's visible windows on the active space, back to front (the window server lists
    /// them front to back); the core then orders them by level.
    @MainActor
    private static func visibleWindows() -> [AppKitView] {
        let numbers = NSWindow.windowNumbers(options: []) ?? []
        return numbers.reversed().compactMap { NSApp.window(withWindowNumber: $0.intValue).flatMap(AppKitView.init(window:)) }
    }
}
#endif
