extension RGBAImage {
    /// The same picture with colour channels multiplied by alpha (unchanged if already so).
    public func premultiplied() -> RGBAImage {
        guard alpha == .straight else { return self }
        // An opaque picture is the same premultiplied: its bytes are shared, not copied.
        let opaque = pixels.withUnsafeBufferPointer { p in stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 } }
        if opaque { return RGBAImage(width: width, height: height, pixels: pixels, alpha: .premultiplied) }
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt32(p[i + 3])
                guard a != 255 else { continue }
                // (v * a + 127) / 255, rounded to nearest.
                p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out, alpha: .premultiplied)
    }

    /// The same picture with straight colour channels (unchanged if already so). Fully transparent
    /// pixels become transparent black.
    public func straightened() -> RGBAImage {
        guard alpha == .premultiplied else { return self }
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt32(p[i + 3])
                guard a != 255 else { continue }
                guard a != 0 else { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; continue }
                p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
            }
        }
        return RGBAImage(width: width, height: height, pixels: out, alpha: .straight)
    }
}
