import Foundation

/// Source: https://developer.apple.com/documentation/appkit/nsscreen (`@MainActor open class
/// NSScreen : NSObject`; `class var main: NSScreen? { get }`, `class var screens: [NSScreen]
/// { get }`, `var frame: NSRect { get }`, `var backingScaleFactor: CGFloat { get }`).
@MainActor
open class NSScreen: NSObject {
    open private(set) var frame: NSRect
    open private(set) var backingScaleFactor: CGFloat
    static var connected: [NSScreen] = []
    open class var main: NSScreen? { connected.first }
    open class var screens: [NSScreen] { connected }

    /// Not Apple's: connects a screen of `frame` (global coordinates, y up) at `scale`.
    @_spi(StandIn) public init(standInFrame frame: NSRect, scale: CGFloat) {
        (self.frame, backingScaleFactor) = (frame, scale)
        super.init()
        NSScreen.connected.append(self)
    }
    /// Not Apple's: disconnects every screen and closes every window (between tests).
    @_spi(StandIn) public static func standInReset() {
        connected = []
        NSApp.windowsStandIn = []
        NSApp.keyWindowStandIn = nil
    }
}

/// Source: https://developer.apple.com/documentation/appkit/nswindow (`@MainActor open class
/// NSWindow : NSResponder`; `init(contentRect: NSRect, styleMask style: NSWindow.StyleMask,
/// backing backingStoreType: NSWindow.BackingStoreType, defer flag: Bool)`, `var frame: NSRect
/// { get }`, `func setFrame(_ frameRect: NSRect, display flag: Bool)`, `var contentView: NSView?`,
/// `var windowNumber: Int { get }` (positive once on screen), `var level: NSWindow.Level`,
/// `var backingScaleFactor: CGFloat { get }`, `func orderFront(_ sender: Any?)`,
/// `func makeKeyAndOrderFront(_ sender: Any?)`, `class func windowNumbers(options:
/// NSWindow.NumberListOptions = []) -> [NSNumber]?`; `struct Level : RawRepresentable` of Int,
/// `normal` 0, `floating` 3, `modalPanel` 8). A window's content view sits in its frame view,
/// a private class (`NSThemeFrame`), which also holds the title bar.
@MainActor
open class NSWindow: NSResponder {
    public struct StyleMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let titled = StyleMask(rawValue: 1 << 0)
    }
    public enum BackingStoreType: UInt, Sendable { case retained = 0, nonretained = 1, buffered = 2 }
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public init(_ rawValue: Int) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let floating = Level(rawValue: 3)
        public static let modalPanel = Level(rawValue: 8)
    }
    public struct NumberListOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let allApplications = NumberListOptions(rawValue: 1 << 0)
    }

    open private(set) var frame: NSRect
    open var level = Level.normal
    open private(set) var windowNumber = 0
    let frameView: NSView
    private let titleHeight: CGFloat
    nonisolated(unsafe) private static var nextNumber = 100

    public init(contentRect: NSRect, styleMask style: NSWindow.StyleMask, backing backingStoreType: NSWindow.BackingStoreType, defer flag: Bool) {
        // A title bar of 28 points above the content, as a titled window has.
        titleHeight = style.contains(.titled) ? 28 : 0
        frame = NSRect(x: contentRect.minX, y: contentRect.minY, width: contentRect.width, height: contentRect.height + titleHeight)
        frameView = NSThemeFrame(frame: NSRect(origin: .zero, size: frame.size))
        super.init()
        frameView.windowStandIn = self
        contentView = NSView(frame: NSRect(origin: .zero, size: contentRect.size))
    }

    open var contentView: NSView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let contentView {
                // The frame view is unflipped: the content at the bottom, the title bar above it.
                contentView.frame = NSRect(x: 0, y: 0, width: frame.width, height: frame.height - titleHeight)
                frameView.addSubview(contentView)
            }
        }
    }

    open var backingScaleFactor: CGFloat { NSScreen.main?.backingScaleFactor ?? 1 }
    open func setFrame(_ frameRect: NSRect, display flag: Bool) { frame = frameRect; frameView.frame = NSRect(origin: .zero, size: frameRect.size) }
    open var isVisible: Bool { windowNumber > 0 }
    open var isKeyWindow: Bool { NSApp.keyWindowStandIn === self }

    open func orderFront(_ sender: Any?) {
        if windowNumber == 0 { NSWindow.nextNumber += 1; windowNumber = NSWindow.nextNumber }
        NSApp.windowsStandIn.removeAll { $0 === self }
        NSApp.windowsStandIn.append(self)
    }
    open func makeKeyAndOrderFront(_ sender: Any?) {
        orderFront(sender)
        NSApp.keyWindowStandIn = self
    }

    /// Front to back, as the window server lists them.
    open class func windowNumbers(options: NSWindow.NumberListOptions = []) -> [NSNumber]? {
        NSApp.windowsStandIn.reversed().map { NSNumber(value: $0.windowNumber) }
    }
}

/// AppKit's private frame view class (title bar and content).
@MainActor
final class NSThemeFrame: NSView {}

/// Source: https://developer.apple.com/documentation/appkit/nspanel
/// (`@MainActor open class NSPanel : NSWindow`).
@MainActor
open class NSPanel: NSWindow {}

/// Source: https://developer.apple.com/documentation/appkit/nsapplication (`@MainActor open class
/// NSApplication : NSResponder`; `class var shared: NSApplication { get }`, `var keyWindow:
/// NSWindow? { get }`, `var mainWindow: NSWindow? { get }`, `var windows: [NSWindow] { get }`,
/// `func window(withWindowNumber windowNum: Int) -> NSWindow?`) and
/// https://developer.apple.com/documentation/appkit/nsapp (`@MainActor var NSApp: NSApplication!`).
@MainActor
open class NSApplication: NSResponder {
    public static let shared = NSApplication()
    var windowsStandIn: [NSWindow] = []
    weak var keyWindowStandIn: NSWindow?
    open var keyWindow: NSWindow? { keyWindowStandIn }
    open var mainWindow: NSWindow? { keyWindowStandIn }
    open var windows: [NSWindow] { windowsStandIn }
    open func window(withWindowNumber windowNum: Int) -> NSWindow? { windowsStandIn.first { $0.windowNumber == windowNum } }
}

@MainActor public var NSApp: NSApplication! = NSApplication.shared

/// Source: https://developer.apple.com/documentation/objectivec/1418504-class_getsuperclass
/// (`func class_getSuperclass(_ cls: AnyClass?) -> AnyClass?`, the Objective-C runtime, which
/// AppKit re-exports through Foundation). On Linux the Swift runtime answers.
public func class_getSuperclass(_ cls: AnyClass?) -> AnyClass? {
    cls.flatMap { _getSuperclass($0) }
}
