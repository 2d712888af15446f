import HierarchyModel

extension RGBAImage {
    /// The picture at `width`×`height` by area averaging (`AreaAverager`): each output pixel is the
    /// exact average of the input area it covers. Averaging is done on premultiplied values, so no
    /// transparent pixel bleeds its colour into its neighbours; the result is in the same alpha mode
    /// as the input, rounded to nearest, and a straight pixel whose alpha rounds to 0 is transparent
    /// black. Rows are streamed, so memory beyond the output is a few rows.
    public func resampled(width outWidth: Int, height outHeight: Int) -> RGBAImage {
        precondition(outWidth > 0 && outHeight > 0, "a resampled image needs at least one pixel")
        if outWidth == width && outHeight == height { return self }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: outWidth)
        defer { sums.deallocate() }
        out.withUnsafeMutableBufferPointer { out in
            average(width: outWidth, height: outHeight, unit: SIMD4(repeating: 1), into: { _ in sums }) { y in
                Self.store(UnsafeBufferPointer(start: sums, count: outWidth), straight: alpha == .straight,
                           into: out.baseAddress! + y * outWidth * 4)
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out, alpha: alpha)
    }

    /// The picture at `width`×`height` by area averaging, as premultiplied Float pixels in 0...1,
    /// for images kept in Float such as the renderer's mip levels: output row `y` (`width` pixels)
    /// is written at `row(y)`, top to bottom.
    public func averaged(width outWidth: Int, height outHeight: Int, into row: (Int) -> UnsafeMutablePointer<SIMD4<Float>>) {
        average(width: outWidth, height: outHeight, unit: AreaAverager.floatUnit(straight: alpha == .straight), into: row) { _ in }
    }

    /// Streams the rows of this image through `AreaAverager`.
    private func average(width outWidth: Int, height outHeight: Int, unit: SIMD4<Float>,
                         into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>, finished: (Int) -> Void) {
        precondition(width > 0 && height > 0, "an image without pixels cannot be resampled")
        let averager = AreaAverager(from: PixelSize(width: width, height: height), to: PixelSize(width: outWidth, height: outHeight))
        let rowBytes = width * 4
        pixels.withUnsafeBufferPointer { source in
            averager.average(bytes: { source.baseAddress! + $0 * rowBytes }, straight: alpha == .straight, unit: unit,
                             into: out, finished: finished)
        }
    }

    /// Rounds one row of sums to bytes: straight colours are divided by their alpha, and a pixel
    /// whose alpha rounds to 0 becomes transparent black.
    private static func store(_ sums: UnsafeBufferPointer<SIMD4<Float>>, straight: Bool, into out: UnsafeMutablePointer<UInt8>) {
        func byte(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v + 0.5))) }
        for (i, s) in sums.enumerated() {
            let p = out + i * 4
            guard straight else { p[0] = byte(s.x); p[1] = byte(s.y); p[2] = byte(s.z); p[3] = byte(s.w); continue }
            guard s.w >= 0.5 else { p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0; continue }
            let scale = 1 / s.w
            p[0] = byte(s.x * scale); p[1] = byte(s.y * scale); p[2] = byte(s.z * scale); p[3] = byte(s.w)
        }
    }
}
