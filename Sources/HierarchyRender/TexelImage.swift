import HierarchyImaging

/// A premultiplied RGBA image of Float texels in 0...1, in memory the renderer manages itself
/// (the hot loop reads it through a raw pointer, with no array bounds checks or reference counting).
final class TexelImage: @unchecked Sendable {
    let width: Int
    let height: Int
    let texels: UnsafeMutablePointer<SIMD4<Float>>

    /// A zeroed image; both sides at least 1.
    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a texel image has at least one texel")
        self.width = width
        self.height = height
        texels = .allocate(capacity: width * height)
        texels.initialize(repeating: .zero, count: width * height)
    }

    deinit { texels.deallocate() }

    subscript(x: Int, y: Int) -> SIMD4<Float> { texels[y * width + x] }

    /// Writes row `y` of `image` (8-bit, either alpha mode) into `row` as premultiplied Floats.
    static func loadRow(of image: RGBAImage, y: Int, into row: UnsafeMutablePointer<SIMD4<Float>>) {
        let straight = image.alpha == .straight
        image.pixels.withUnsafeBufferPointer { bytes in
            var i = y * image.width * 4
            for x in 0..<image.width {
                let v = SIMD4<Float>(Float(bytes[i]), Float(bytes[i + 1]), Float(bytes[i + 2]), Float(bytes[i + 3])) / 255
                // Straight colours are multiplied by alpha here, so that filtering never bleeds
                // the colour of transparent texels.
                row[x] = straight ? SIMD4(v.x * v.w, v.y * v.w, v.z * v.w, v.w) : v
                i += 4
            }
        }
    }
}
