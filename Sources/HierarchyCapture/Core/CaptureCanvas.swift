import HierarchyModel

/// The pixels one view draws itself into: `width`×`height` RGBA, 8 bits a channel, rows top to
/// bottom, alpha premultiplied (as Core Graphics bitmap contexts draw).
public struct CaptureCanvas: Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// Pixels per point horizontally: the screen scale, or less for a view reduced to fit 8192.
    public let scaleX: Double
    /// Pixels per point vertically.
    public let scaleY: Double
    /// The point of the view's bounds space at the canvas's top left: `bounds.origin`, or the
    /// origin of the visible part when only that is drawn (a view over 8192 pixels a side).
    public let origin: Point
    /// `width * height * 4` bytes, premultiplied RGBA, all zero (transparent) at first.
    public var pixels: [UInt8]

    /// A transparent canvas of `width`×`height` pixels at the given scales, `origin` of the
    /// view's bounds space at its top left.
    public init(width: Int, height: Int, scaleX: Double, scaleY: Double, origin: Point = Point(x: 0, y: 0)) {
        self.width = width
        self.height = height
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.origin = origin
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The pixels with straight (not premultiplied) alpha, as PNG stores them.
    public func straightAlpha() -> [UInt8] {
        var out = pixels
        var i = 0
        while i < out.count {
            let alpha = Int(out[i + 3])
            if alpha != 0 && alpha != 255 {
                // Rounded division; a channel above its alpha (bad premultiplication) saturates.
                for c in i..<(i + 3) { out[c] = UInt8(min(255, (Int(out[c]) * 255 + alpha / 2) / alpha)) }
            }
            i += 4
        }
        return out
    }
}
