import Foundation
@_spi(StandIn) import CoreGraphics

/// Source: https://developer.apple.com/documentation/appkit/nscontrol
/// (`@MainActor open class NSControl : NSView`; `var stringValue: String`).
@MainActor
open class NSControl: NSView {
    open var stringValue = ""
}

/// Source: https://developer.apple.com/documentation/appkit/nstextfield
/// (`@MainActor open class NSTextField : NSControl`). Draws its string value.
@MainActor
open class NSTextField: NSControl {
    open override func draw(_ dirtyRect: NSRect) {
        NSGraphicsContext.current?.cgContext.standInDrawText(stringValue, in: bounds)
    }
}

/// Source: https://developer.apple.com/documentation/appkit/nssecuretextfield
/// (`@MainActor open class NSSecureTextField : NSTextField`). Draws bullets.
@MainActor
open class NSSecureTextField: NSTextField {
    open override func draw(_ dirtyRect: NSRect) {
        NSGraphicsContext.current?.cgContext.standInDrawText(String(repeating: "\u{2022}", count: stringValue.count), in: bounds)
    }
}

/// Source: https://developer.apple.com/documentation/appkit/nstext (`var string: String`) and
/// https://developer.apple.com/documentation/appkit/nstextview (`@MainActor open class
/// NSTextView : NSText`).
@MainActor
open class NSText: NSView {
    open var string = ""
}

@MainActor
open class NSTextView: NSText {
    open override var isFlipped: Bool { true }
}

/// Source: https://developer.apple.com/documentation/appkit/nsbutton
/// (`@MainActor open class NSButton : NSControl`; `var title: String`).
@MainActor
open class NSButton: NSControl {
    open var title = ""
    open override func draw(_ dirtyRect: NSRect) {
        NSGraphicsContext.current?.cgContext.standInDrawText(title, in: bounds)
    }
}

/// Source: https://developer.apple.com/documentation/appkit/nsviewcontroller
/// (`@MainActor open class NSViewController : NSResponder`; `init(nibName: NSNib.Name?,
/// bundle: Bundle?)`, `var view: NSView` (loaded on first use), `var isViewLoaded: Bool { get }`,
/// `func loadView()`, `var title: String?`). The controller is its view's next responder
/// (macOS 10.10 and later).
@MainActor
open class NSViewController: NSResponder {
    private var loadedView: NSView?
    open var title: String?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open func loadView() { view = NSView(frame: .zero) }
    open var view: NSView {
        get {
            if loadedView == nil { loadView() }
            return loadedView!
        }
        set {
            loadedView = newValue
            newValue.nextResponder = self
        }
    }
    open var isViewLoaded: Bool { loadedView != nil }
}

/// Source: https://developer.apple.com/documentation/appkit/nscolorspace
/// (`class var sRGB: NSColorSpace { get }`).
open class NSColorSpace: NSObject, @unchecked Sendable {
    nonisolated(unsafe) public static let sRGB = NSColorSpace()
}

/// Source: https://developer.apple.com/documentation/appkit/nscolor (`open class NSColor :
/// NSObject`; `init?(cgColor: CGColor)`, `func usingColorSpace(_ space: NSColorSpace) -> NSColor?`,
/// `var redComponent`, `greenComponent`, `blueComponent`, `alphaComponent: CGFloat { get }`).
open class NSColor: NSObject, @unchecked Sendable {
    public let redComponent: CGFloat, greenComponent: CGFloat, blueComponent: CGFloat, alphaComponent: CGFloat
    public init?(cgColor: CGColor) {
        guard let c = cgColor.components, c.count == 4 else { return nil }
        (redComponent, greenComponent, blueComponent, alphaComponent) = (c[0], c[1], c[2], c[3])
    }
    open func usingColorSpace(_ space: NSColorSpace) -> NSColor? { self }
}

/// Source: https://developer.apple.com/documentation/appkit/nsbitmapimagerep
/// (`open class NSBitmapImageRep : NSImageRep`; `var cgImage: CGImage? { get }`,
/// `var pixelsWide: Int`, `var pixelsHigh: Int`). The stand-in holds premultiplied RGBA.
open class NSBitmapImageRep: NSObject {
    public let pixelsWide: Int
    public let pixelsHigh: Int
    let size: NSSize
    /// The pixels, drawn into by `cacheDisplay(in:to:)` (stand-in only).
    let context: CGContext?

    init(pixelsWide: Int, pixelsHigh: Int, size: NSSize) {
        (self.pixelsWide, self.pixelsHigh, self.size) = (pixelsWide, pixelsHigh, size)
        context = CGContext(data: nil, width: pixelsWide, height: pixelsHigh, bitsPerComponent: 8, bytesPerRow: pixelsWide * 4,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }

    open var cgImage: CGImage? { context?.makeImage() }
}
