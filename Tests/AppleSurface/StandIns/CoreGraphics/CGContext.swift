import Foundation

/// Source: https://developer.apple.com/documentation/coregraphics/cgcontext (a class;
/// `init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
/// bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32)`, `translateBy(x:y:)`,
/// `scaleBy(x:y:)`, `concatenate(_:)`, `saveGState()`, `restoreGState()`, `var ctm`,
/// `setAlpha(_:)`, `setFillColor(_: CGColor)`, `fill(_: CGRect)`, `clip(to: CGRect)`,
/// `var interpolationQuality`, `draw(_ image: CGImage, in: CGRect, byTiling: Bool = false)`).
///
/// The stand-in is a small bitmap context: 8-bit premultiplied RGBA (last) rows, top row first in
/// memory, user space y up from the bottom left as Core Graphics has it. It fills rectangles and
/// draws images under the current transform, clip and alpha (pixel centres sampled, no
/// anti-aliasing), and records the text drawn into it (``StandInRecorder``).
public final class CGContext {
    private let data: UnsafeMutableRawPointer
    private let owned: Bool
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    private struct GState {
        var ctm = CGAffineTransform.identity
        var alpha: CGFloat = 1
        var fill = (r: CGFloat(0), g: CGFloat(0), b: CGFloat(0), a: CGFloat(1))
        /// Clip rectangles with the inverse of the transform they were given under.
        var clips: [(CGAffineTransform, CGRect)] = []
    }
    private var state = GState()
    private var saved: [GState] = []
    public var interpolationQuality: CGInterpolationQuality = .default

    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        // Core Graphics refuses straight alpha in bitmap contexts; the stand-in draws RGBA only.
        guard width > 0, height > 0, bitsPerComponent == 8, bytesPerRow >= width * 4, alpha == .premultipliedLast else { return nil }
        if let data {
            (self.data, owned) = (data, false)
        } else {
            (self.data, owned) = (UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16), true)
            self.data.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        }
        (self.width, self.height, self.bytesPerRow) = (width, height, bytesPerRow)
    }
    deinit { if owned { data.deallocate() } }

    public var ctm: CGAffineTransform { state.ctm }

    /// Source: https://developer.apple.com/documentation/coregraphics/cgcontext/makeimage()
    /// (`func makeImage() -> CGImage?`): the context's pixels now, as an image.
    public func makeImage() -> CGImage? {
        let bytes = Data(bytes: data, count: bytesPerRow * height)
        guard let provider = CGDataProvider(data: bytes as NSData) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                       space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }
    public func saveGState() { saved.append(state) }
    public func restoreGState() { if let last = saved.popLast() { state = last } }
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }
    /// Not Apple's: the current alpha (Core Graphics has no getter), for nested layer opacity.
    @_spi(StandIn) public var standInAlpha: CGFloat { state.alpha }
    public func setFillColor(_ color: CGColor) {
        let c = color.components ?? [0, 0, 0, 1]
        state.fill = (c[0], c[1], c[2], c[3])
    }
    public func clip(to rect: CGRect) { state.clips.append((state.ctm.inverted(), rect)) }

    public func fill(_ rect: CGRect) {
        let f = state.fill
        paint(rect) { _, _ in (f.r * f.a, f.g * f.a, f.b * f.a, f.a) }
    }

    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        paint(rect) { u, v in
            // An image lands upright: its top row at the rectangle's maxY in user space.
            let x = min(image.width - 1, max(0, Int((u - rect.minX) / rect.width * CGFloat(image.width))))
            let y = min(image.height - 1, max(0, Int((rect.maxY - v) / rect.height * CGFloat(image.height))))
            let p = image.premultipliedPixel(x: x, y: y)
            return (CGFloat(p.0) / 255, CGFloat(p.1) / 255, CGFloat(p.2) / 255, CGFloat(p.3) / 255)
        }
    }

    /// Source-over of `color(u, v)` (premultiplied, user space) on every pixel whose centre lies in
    /// `rect` under the current transform and clip.
    private func paint(_ rect: CGRect, color: (CGFloat, CGFloat) -> (CGFloat, CGFloat, CGFloat, CGFloat)) {
        guard rect.width > 0, rect.height > 0 else { return }
        let t = state.ctm, inverse = state.ctm.inverted()
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map { $0.applying(t) }
        let x0 = max(0, Int(corners.map(\.x).min()!.rounded(.down))), x1 = min(width, Int(corners.map(\.x).max()!.rounded(.up)))
        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down))), y1 = min(height, Int(corners.map(\.y).max()!.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let pixels = data.assumingMemoryBound(to: UInt8.self)
        for py in y0..<y1 {
            for px in x0..<x1 {
                let device = CGPoint(x: CGFloat(px) + 0.5, y: CGFloat(py) + 0.5)
                let user = device.applying(inverse)
                guard rect.contains(user), state.clips.allSatisfy({ $0.1.contains(device.applying($0.0)) }) else { continue }
                let (r, g, b, a) = color(user.x, user.y)
                let alpha = a * state.alpha
                guard alpha > 0 else { continue }
                // Device y grows upward; memory rows go down from the top.
                let i = (height - 1 - py) * bytesPerRow + px * 4
                for (k, source) in [r, g, b, a].enumerated() {
                    let s = source * state.alpha, d = CGFloat(pixels[i + k]) / 255
                    pixels[i + k] = UInt8(max(0, min(255, ((s + d * (1 - alpha)) * 255).rounded())))
                }
            }
        }
    }
}
