import HierarchyModel

/// An 8-bit RGBA image in memory: rows top to bottom, four bytes a pixel, no padding.
///
/// `alpha` says whether the colour channels are straight (as PNG stores them) or already
/// multiplied by alpha (as filtering and compositing need them).
public struct RGBAImage: Hashable, Sendable {
    public enum AlphaMode: Hashable, Sendable {
        case straight
        case premultiplied
    }

    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A of each pixel, row by row.
    public var pixels: [UInt8]
    public var alpha: AlphaMode

    /// An image over existing bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], alpha: AlphaMode = .straight) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.alpha = alpha
    }

    /// An image filled with one colour (given straight; stored in the requested mode).
    public init(width: Int, height: Int, fill: Color = Color(red: 0, green: 0, blue: 0, alpha: 0), alpha: AlphaMode = .straight) {
        let c = alpha == .premultiplied ? RGBAImage.premultiply(fill) : fill
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = c.red; pixels[i + 1] = c.green; pixels[i + 2] = c.blue; pixels[i + 3] = c.alpha
        }
        self.init(width: width, height: height, pixels: pixels, alpha: alpha)
    }

    /// The pixel at (x, y) as stored (straight or premultiplied, as `alpha` says).
    public subscript(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// A colour with its channels multiplied by its alpha, rounded.
    public static func premultiply(_ c: Color) -> Color {
        let a = UInt32(c.alpha)
        func mul(_ v: UInt8) -> UInt8 { UInt8((UInt32(v) * a + 127) / 255) }
        return Color(red: mul(c.red), green: mul(c.green), blue: mul(c.blue), alpha: c.alpha)
    }
}
