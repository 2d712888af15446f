#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import HierarchyModel

// Written from Apple's AppKit documentation. AppKit does not exist on the Linux machine this
// package is developed and tested on, so this file has not been compiled there; every decision it
// feeds (upward y turned down, windows ordered by level, ids, sizes, hiding) is made and tested in
// the platform-neutral core.

/// An `NSView` as the capture reads it. Its frame is read as is (anchor at the centre, no
/// transform): a `frameCenterRotation` is not captured. A window is read as its frame view (title
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

    /// The view object's identity (never its `hash`/`isEqual:`).
    public var captureIdentity: ObjectIdentifier { ObjectIdentifier(view) }
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
    /// The identity: AppKit places views by their frame.
    public var transform: Transform2D { .identity }
    /// The centre, so that the frame is written as AppKit has it.
    public var anchorPoint: Point { .centre }
    /// `clipsToBounds` (macOS 14 and later). Before macOS 14 AppKit clipped every view to its
    /// bounds unless its layer said otherwise: the layer's `masksToBounds`, true without a layer.
    public var clipsToBounds: Bool {
        if #available(macOS 14, *) { return view.clipsToBounds }
        return view.layer?.masksToBounds ?? true
    }
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
    /// A text field's string value, a text view's string, a button's title.
    public var text: String? {
        switch view {
        case let field as NSTextField: field.stringValue
        case let textView as NSTextView: textView.string
        case let button as NSButton: button.title
        default: nil
        }
    }
    /// `subviews`, back to front.
    public var subviews: [AppKitView] { view.subviews.map(AppKitView.init) }
    /// Unflipped views (AppKit's default) have y growing upward.
    public var coordinatesGrowUpward: Bool { !view.isFlipped }
    /// The window's backing scale factor.
    public var screenScale: Double { Double(view.window?.backingScaleFactor ?? NSScreen.main?.backingScaleFactor ?? 1) }
    /// A window's `level`; 0 for other views.
    public var windowLevel: Double { window.map { Double($0.level.rawValue) } ?? 0 }

    /// `isHidden`, which NSView does not refuse.
    public func setHiddenForSnapshot(_ hidden: Bool) throws {
        view.isHidden = hidden
    }

    /// `cacheDisplay(in:to:)` of the bounds (hidden subviews are not drawn), then that bitmap
    /// drawn over the canvas's pixels at the canvas's size.
    public func drawAlone(into canvas: inout CaptureCanvas) throws {
        guard let rep = view.bitmapImageRepForCachingDisplay(in: view.bounds) else {
            throw AppKitCaptureError(description: "no bitmap for bounds \(view.bounds)")
        }
        view.cacheDisplay(in: view.bounds, to: rep)
        guard let image = rep.cgImage else { throw AppKitCaptureError(description: "the cached display has no image") }
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
        guard drawn else { throw AppKitCaptureError(description: "no bitmap context of \(width)×\(height) pixels") }
    }
}

/// A drawing that AppKit could not do.
public struct AppKitCaptureError: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
}

extension HierarchyCapture {
    /// Captures `view` and everything under it into `folder`; views are read and drawn on the
    /// main actor, PNGs encoded off it.
    @MainActor
    public static func capture(_ view: NSView, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(AppKitView(view), to: folder, options: options)
    }

    /// Captures `view` all on the main actor, for unit tests.
    @MainActor
    public static func captureSynchronously(_ view: NSView, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(AppKitView(view), to: folder, options: options)
    }

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

    @MainActor
    private static func contentView(of window: NSWindow) throws -> NSView {
        guard let content = window.contentView else { throw AppKitCaptureError(description: "the window has no content view") }
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
