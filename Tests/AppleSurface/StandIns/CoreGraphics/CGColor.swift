import Foundation

/// Source: https://developer.apple.com/documentation/coregraphics/cgcolor (a class;
/// `init(red:green:blue:alpha:)` iOS 13 / macOS 10.5, `var components: [CGFloat]? { get }`,
/// `var alpha: CGFloat { get }`, `var colorSpace: CGColorSpace? { get }`). Stand-in colours are
/// sRGB: components red, green, blue, alpha.
public final class CGColor: @unchecked Sendable {
    private let rgba: [CGFloat]

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = [red, green, blue, alpha]
    }
    public var components: [CGFloat]? { rgba }
    public var alpha: CGFloat { rgba[3] }
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }
}

/// Source: https://developer.apple.com/documentation/coregraphics/cgcolorspace (a class;
/// `init?(name: CFString)`, `class let sRGB: CFString`).
public final class CGColorSpace: @unchecked Sendable {
    public let name: CFString?

    public init?(name: CFString) {
        // The stand-in knows the one space the adapters ask for.
        guard (name as String) == (CGColorSpace.sRGB as String) else { return nil }
        self.name = name
    }
    nonisolated(unsafe) public static let sRGB: CFString = "kCGColorSpaceSRGB" as NSString
}
