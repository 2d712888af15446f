import Foundation

/// Source: https://developer.apple.com/documentation/uikit/uiscreen
/// (`@MainActor open class UIScreen : NSObject`; `var scale: CGFloat { get }`, `var bounds: CGRect { get }`).
@MainActor
open class UIScreen: NSObject {
    open private(set) var scale: CGFloat
    open private(set) var bounds: CGRect
    /// Not Apple's: a screen of `bounds` points at `scale` pixels per point.
    @_spi(StandIn) public init(standInBounds bounds: CGRect, scale: CGFloat) {
        (self.bounds, self.scale) = (bounds, scale)
        super.init()
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uiwindow (`@MainActor open class
/// UIWindow : UIView`; `init(windowScene: UIWindowScene)` iOS 13, `var windowScene:
/// UIWindowScene?` iOS 13 (weak), `var screen: UIScreen`, `var windowLevel: UIWindow.Level`,
/// `var isKeyWindow: Bool { get }`, `func makeKey()`; `struct UIWindow.Level : Hashable,
/// RawRepresentable` with `init(rawValue: CGFloat)`, `normal` 0, `statusBar` 1000, `alert` 2000).
@MainActor
open class UIWindow: UIView {
    public struct Level: Hashable, RawRepresentable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    open var windowLevel = Level.normal
    open var screen: UIScreen
    open weak var windowScene: UIWindowScene? {
        didSet {
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    public override init(frame: CGRect) {
        screen = UIScreen(standInBounds: frame, scale: 3)
        super.init(frame: frame)
    }
    public init(windowScene: UIWindowScene) {
        screen = windowScene.screen
        super.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
        windowScene.attach(self)
    }

    /// The app's key window is the one made key last.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindowStandIn === self }
    open func makeKey() {
        UIApplication.shared.keyWindowStandIn = self
        windowScene?.keyWindowStandIn = self
    }
}
