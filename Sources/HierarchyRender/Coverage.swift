/// Which texture coordinates (s, t) of a layer's quad belong to its visible region: the whole
/// quad, or a convex polygon inside it. The rasterizer asks per pixel whether the pixel's samples
/// (within ±hs, ±ht of its centre) are all outside, all inside, or must be tested one by one.
protocol Coverage {
    func isOutside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool
    func isInside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool
    func contains(_ s: Float, _ t: Float) -> Bool
    /// The samples (bit k for sample k) at (s + dsdx·dx_k + dsdy·dy_k, t + dtdx·dx_k + dtdy·dy_k)
    /// that `contains` holds, `dx` and `dy` being `SamplePattern`'s offsets.
    func mask(_ s: Float, _ t: Float, _ dsdx: Float, _ dsdy: Float, _ dtdx: Float, _ dtdy: Float,
              _ dx: SIMD16<Float>, _ dy: SIMD16<Float>) -> UInt16
}

extension Coverage {
    @inline(__always)
    func mask(_ s: Float, _ t: Float, _ dsdx: Float, _ dsdy: Float, _ dtdx: Float, _ dtdy: Float,
              _ dx: SIMD16<Float>, _ dy: SIMD16<Float>) -> UInt16 {
        var mask: UInt16 = 0
        for k in 0..<SamplePattern.count {
            let sk = s + dsdx * dx[k] + dsdy * dy[k], tk = t + dtdx * dx[k] + dtdy * dy[k]
            // Half-open: a sample on a shared edge belongs to one layer only.
            if contains(sk, tk) { mask |= 1 << k }
        }
        return mask
    }
}

/// The whole quad: s and t in the half-open [0, 1), so a sample on an edge shared by two abutting
/// layers belongs to one of them only.
struct UnitSquare: Coverage {
    @inline(__always)
    func isOutside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool {
        s + hs < 0 || s - hs >= 1 || t + ht < 0 || t - ht >= 1
    }

    @inline(__always)
    func isInside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool {
        s - hs >= 0 && s + hs < 1 && t - ht >= 0 && t + ht < 1
    }

    @inline(__always)
    func contains(_ s: Float, _ t: Float) -> Bool {
        s >= 0 && s < 1 && t >= 0 && t < 1
    }

    /// All 16 samples at once: the same sums, in the same order, as one at a time.
    @inline(__always)
    func mask(_ s: Float, _ t: Float, _ dsdx: Float, _ dsdy: Float, _ dtdx: Float, _ dtdy: Float,
              _ dx: SIMD16<Float>, _ dy: SIMD16<Float>) -> UInt16 {
        let sk = s + dsdx * dx + dsdy * dy, tk = t + dtdx * dx + dtdy * dy
        let inside = (sk .>= 0) .& (sk .< 1) .& (tk .>= 0) .& (tk .< 1)
        return UInt16(truncatingIfNeeded: SIMD16<UInt32>.zero.replacing(with: UnitSquare.bits, where: inside).wrappedSum())
    }

    /// Bit k in lane k.
    private static let bits = SIMD16<UInt32>((0..<16).map { 1 << $0 })
}

/// A convex polygon as half-planes A·s + B·t + C ≥ 0 (see `LayerProjection.edges`).
struct ConvexCoverage: Coverage {
    let edges: [SIMD3<Float>]

    @inline(__always)
    func isOutside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool {
        for e in edges where e.x * s + e.y * t + e.z + abs(e.x) * hs + abs(e.y) * ht < 0 { return true }
        return false
    }

    @inline(__always)
    func isInside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool {
        for e in edges where e.x * s + e.y * t + e.z - abs(e.x) * hs - abs(e.y) * ht <= 0 { return false }
        return true
    }

    /// Half-open like the unit square: a sample exactly on an edge counts when the edge faces +s
    /// (or +t when it runs along s), the rule that makes s ≥ 0 in and s < 1 out.
    @inline(__always)
    func contains(_ s: Float, _ t: Float) -> Bool {
        for e in edges {
            let f = e.x * s + e.y * t + e.z
            if f < 0 || (f == 0 && !(e.x > 0 || (e.x == 0 && e.y > 0))) { return false }
        }
        return true
    }
}
