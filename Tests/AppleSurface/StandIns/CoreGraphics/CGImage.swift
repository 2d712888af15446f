import Foundation

/// Source: https://developer.apple.com/documentation/coregraphics/cgdataprovider (a class;
/// `init?(data: CFData)`, `var data: CFData? { get }`).
public final class CGDataProvider: @unchecked Sendable {
    private let bytes: Data
    public init?(data: CFData) { bytes = data as Data }
    public var data: CFData? { bytes as NSData }
}

/// Source: https://developer.apple.com/documentation/coregraphics/cgimage (a class;
/// `init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`
/// with `decode: UnsafePointer<CGFloat>?`; `width`, `height`, `bitsPerComponent`, `bitsPerPixel`,
/// `bytesPerRow`, `alphaInfo`, `bitmapInfo`, `dataProvider: CGDataProvider?`). The stand-in holds
/// 8-bit RGBA rows, top row first, and fails (nil) for any other layout, as a check of the adapters.
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let bitmapInfo: CGBitmapInfo
    public let dataProvider: CGDataProvider?
    /// The provider's bytes, read once.
    private let bytes: [UInt8]

    public init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        guard width > 0, height > 0, bitsPerComponent == 8, bitsPerPixel == 32, bytesPerRow >= width * 4,
              let data = provider.data, data.length >= bytesPerRow * (height - 1) + width * 4 else { return nil }
        (self.width, self.height, self.bitsPerComponent, self.bitsPerPixel) = (width, height, bitsPerComponent, bitsPerPixel)
        (self.bytesPerRow, self.bitmapInfo, self.dataProvider) = (bytesPerRow, bitmapInfo, provider)
        bytes = [UInt8](data as Data)
    }

    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// The pixel at column `x`, row `y` (top row 0) as premultiplied RGBA (stand-in only).
    func premultipliedPixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = y * bytesPerRow + x * 4
        let (r, g, b, a) = (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        guard alphaInfo == .last || alphaInfo == .first else { return (r, g, b, a) }
        func mul(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        return (mul(r), mul(g), mul(b), a)
    }
}
