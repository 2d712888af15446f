/// What fills a layer: the colour at texture coordinates (s, t), premultiplied, layer alpha included.
protocol Paint {
    /// Whether `colour` uses `lod` (the texture is minified somewhere on the layer).
    var needsLod: Bool { get }
    /// Level-0 texels per unit of s and t, to turn coordinate gradients into texel gradients.
    var texelScale: (s: Float, t: Float) { get }
    func colour(_ s: Float, _ t: Float, lod: Float) -> SIMD4<Float>
}

/// One colour all over (a layer's background colour).
struct SolidPaint: Paint {
    let value: SIMD4<Float>
    var needsLod: Bool { false }
    var texelScale: (s: Float, t: Float) { (1, 1) }

    @inline(__always)
    func colour(_ s: Float, _ t: Float, lod: Float) -> SIMD4<Float> { value }
}

/// A texture read trilinearly, times the layer's alpha.
struct TexturePaint: Paint {
    let sampler: TextureSampler
    let alpha: Float
    let needsLod: Bool
    var texelScale: (s: Float, t: Float) { (sampler.width, sampler.height) }

    @inline(__always)
    func colour(_ s: Float, _ t: Float, lod: Float) -> SIMD4<Float> {
        sampler.sample(s, t, lod: lod) * alpha
    }
}

/// log2(x) for x > 0, to about 0.005: the float's exponent plus a quadratic fit of log2 over the
/// mantissa in [1, 2). Plenty for choosing mip levels, and far cheaper than the library call.
@inline(__always)
func fastLog2(_ x: Float) -> Float {
    let bits = x.bitPattern
    let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
    let m = Float(bitPattern: (bits & 0x7F_FFFF) | 0x3F80_0000)
    return exponent + (-0.344_848_43 * m + 2.024_665_78) * m - 1.674_877_59
}
