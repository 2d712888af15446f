/// Reads a mip chain with bilinear filtering within a level and linear blending between levels
/// (trilinear), clamping to the edge. Coordinates s, t run over 0...1 across the texture.
struct TextureSampler: @unchecked Sendable {
    /// A level as the hot loop reads it: its rows (see `TexelImage`) and its size as Int and Float.
    struct Level {
        var rows: UnsafeMutablePointer<UnsafeMutablePointer<SIMD4<Float>>>
        var width: Int
        var height: Int
        var fw: Float
        var fh: Float
    }

    /// The chain's level table (owned by the chain, which must outlive the sampler).
    private let levels: UnsafePointer<Level>
    /// Level 0's size in texels, to turn s, t gradients into texel gradients.
    let width: Float
    let height: Float
    let lastLevel: Int

    init(_ chain: MipChain) {
        levels = UnsafePointer(chain.table)
        width = Float(chain.levels[0].width)
        height = Float(chain.levels[0].height)
        lastLevel = chain.levels.count - 1
    }

    /// Trilinear sample at `lod` (log2 of texels of level 0 per pixel; <= 0 magnifies level 0).
    @inline(__always)
    func sample(_ s: Float, _ t: Float, lod: Float) -> SIMD4<Float> {
        guard lod > 0, lastLevel > 0 else { return bilinear(levels[0], s, t) }
        let whole = Int(min(lod, Float(lastLevel)))
        let fraction = lod - Float(whole)
        guard whole < lastLevel, fraction > 1.0 / 256 else { return bilinear(levels[whole], s, t) }
        let a = bilinear(levels[whole], s, t), b = bilinear(levels[whole + 1], s, t)
        return a + (b - a) * fraction
    }

    /// Bilinear sample of one level at s, t in 0...1; texel centres sit at (i + 0.5) / width.
    @inline(__always)
    func bilinear(_ level: Level, _ s: Float, _ t: Float) -> SIMD4<Float> {
        // x, y >= -0.5, so truncating x + 1 floors it (cheaper than floorf without SSE4.1).
        let x = s * level.fw + 0.5, y = t * level.fh + 0.5
        let xi = Int(x), yi = Int(y)
        let ax = x - Float(xi), ay = y - Float(yi)
        let x0 = max(xi - 1, 0), x1 = min(xi, level.width - 1)
        let y0 = max(yi - 1, 0), y1 = min(yi, level.height - 1)
        let row0 = level.rows[y0], row1 = level.rows[y1]
        let top = row0[x0] + (row0[x1] - row0[x0]) * ax
        let bottom = row1[x0] + (row1[x1] - row1[x0]) * ax
        return top + (bottom - top) * ay
    }
}
