import Foundation
@_spi(StandIn) import CoreGraphics

/// Source: https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
/// (`enum UIUserInterfaceStyle : Int`: unspecified 0, light 1, dark 2; iOS 12).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light, dark
}

/// Source: https://developer.apple.com/documentation/uikit/uitraitcollection (`open class
/// UITraitCollection : NSObject`; `var userInterfaceStyle: UIUserInterfaceStyle { get }` iOS 12,
/// `var displayScale: CGFloat { get }`, `init(userInterfaceStyle:)`, `init(displayScale:)`).
/// A displayScale of 0 is "unspecified", as UIKit gives a view outside any window.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat

    init(style: UIUserInterfaceStyle, scale: CGFloat) {
        (userInterfaceStyle, displayScale) = (style, scale)
        super.init()
    }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle, scale: 0) }
    public convenience init(displayScale: CGFloat) { self.init(style: .unspecified, scale: displayScale) }
}

/// Source: https://developer.apple.com/documentation/uikit/uicolor (`open class UIColor :
/// NSObject`; `init(red:green:blue:alpha:)`, `init(dynamicProvider: @escaping @Sendable
/// (UITraitCollection) -> UIColor)` iOS 13, `func resolvedColor(with traitCollection:
/// UITraitCollection) -> UIColor` iOS 13, `func getRed(_ red: UnsafeMutablePointer<CGFloat>?,
/// green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?, alpha:
/// UnsafeMutablePointer<CGFloat>?) -> Bool`, `var cgColor: CGColor { get }`).
/// Stand-in colours are sRGB; `getRed` answers true for them, as UIKit does for RGB colours.
open class UIColor: NSObject, @unchecked Sendable {
    private let rgba: (CGFloat, CGFloat, CGFloat, CGFloat)
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (rgba, provider) = ((red, green, blue, alpha), nil)
        super.init()
    }
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        (rgba, provider) = ((0, 0, 0, 0), dynamicProvider)
        super.init()
    }
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        provider.map { $0(traitCollection).resolvedColor(with: traitCollection) } ?? self
    }
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).rgba
        red?.pointee = c.0; green?.pointee = c.1; blue?.pointee = c.2; alpha?.pointee = c.3
        return true
    }
    open var cgColor: CGColor {
        let c = resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).rgba
        return CGColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }
}
