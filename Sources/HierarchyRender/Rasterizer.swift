/// Fills one layer's polygon over a range of rows: per pixel, the texture coordinates come from
/// the inverse projection (perspective-correct), the coverage from the 16-sample pattern (edges
/// only), the colour from the paint; then the colour goes over what the framebuffer holds.
enum Rasterizer {
    /// Pixels `hidden` says a layer drawn later paints over whole are left alone.
    /// `interiors`: whether pixels in the layer's `interior` skip the coverage tests (the picture
    /// is the same either way; the tests compare).
    static func fill<P: Paint>(
        _ layer: LayerProjection, paint: P, rows: Range<Int>, into fb: Framebuffer, pool: SamplePool, hidden: Hidden? = nil,
        interiors: Bool = true
    ) {
        // Where the footprint is not needed for the level of detail either.
        let interior = interiors && !paint.needsLod ? layer.interior : LayerProjection.noInterior
        // Specialized twice, so that the common whole-quad case keeps its few comparisons.
        if layer.edges.isEmpty {
            fill(layer, paint: paint, coverage: UnitSquare(), interior: interior, rows: rows, into: fb, pool: pool, hidden: hidden)
        } else {
            fill(layer, paint: paint, coverage: ConvexCoverage(edges: layer.edges), interior: interior, rows: rows, into: fb, pool: pool, hidden: hidden)
        }
    }

    private static func fill<P: Paint, C: Coverage>(
        _ layer: LayerProjection, paint: P, coverage: C, interior: SIMD4<Float>, rows: Range<Int>, into fb: Framebuffer, pool: SamplePool, hidden: Hidden?
    ) {
        let (s0, s1, t0, t1) = (interior.x, interior.y, interior.z, interior.w)
        let m = layer.inverse
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let (ws, wt) = paint.texelScale
        let dx = SamplePattern.dx, dy = SamplePattern.dy
        let ox = layer.bounds.x0, oy = layer.bounds.y0
        for y in rows.clamped(to: layer.bounds.y0..<layer.bounds.y1) {
            guard let span = RowSpan.of(layer.polygon, row: y, within: layer.bounds.x0..<layer.bounds.x1) else { continue }
            let py = Float(y - oy) + 0.5
            let rowS = m1 * py + m2, rowT = m4 * py + m5, rowQ = m7 * py + m8
            let row = fb.index(0, y)
            // With occlusion, a tile at a time (hidden tiles skipped); without, the whole span at once.
            var start = span.lowerBound
            while start < span.upperBound {
                var end = span.upperBound
                if let hidden {
                    let run = hidden.occlusion.run(from: start, row: y, position: hidden.position)
                    end = min(end, run.end)
                    if run.hidden {
                        start = end
                        continue
                    }
                }
                defer { start = end }
                for x in start..<end {
                    let px = Float(x - ox) + 0.5
                    let q = m6 * px + rowQ
                    // Behind the camera (or parallel to the ray): nothing of the layer here.
                    guard q > 1e-20 else { continue }
                    let r = 1 / q
                    let s = (m0 * px + rowS) * r, t = (m3 * px + rowT) * r
                    // Inside the interior, the tests below would find the samples all inside
                    // (and s, t need no clamping, the level of detail no footprint).
                    if s >= s0 && s < s1 && t >= t0 && t < t1 {
                        let src = paint.colour(s, t, lod: 0)
                        if src.w >= 1.0 / 4096 { fb.blendFull(row + x, src, pool: pool) }
                        continue
                    }
                    // How s and t change per pixel (the derivative of the projective map).
                    let dsdx = (m0 - s * m6) * r, dsdy = (m1 - s * m7) * r
                    let dtdx = (m3 - t * m6) * r, dtdy = (m4 - t * m7) * r
                    // The furthest any sample lies from the centre, in s and in t.
                    let hs = 0.5 * (abs(dsdx) + abs(dsdy)), ht = 0.5 * (abs(dtdx) + abs(dtdy))
                    if coverage.isOutside(s, t, hs, ht) { continue }
                    var lod: Float = 0
                    if paint.needsLod {
                        let gx = dsdx * ws * dsdx * ws + dtdx * wt * dtdx * wt
                        let gy = dsdy * ws * dsdy * ws + dtdy * wt * dtdy * wt
                        lod = 0.5 * fastLog2(max(gx, gy, 1e-30))
                    }
                    let src = paint.colour(min(max(s, 0), 1), min(max(t, 0), 1), lod: lod)
                    // Fully transparent texels change nothing.
                    if src.w < 1.0 / 4096 { continue }
                    let index = row + x
                    if coverage.isInside(s, t, hs, ht) {
                        fb.blendFull(index, src, pool: pool)
                        continue
                    }
                    let mask = coverage.mask(s, t, dsdx, dsdy, dtdx, dtdy, dx, dy)
                    if mask == SamplePattern.full {
                        fb.blendFull(index, src, pool: pool)
                    } else if mask != 0 {
                        fb.blendMasked(index, src, mask: mask, pool: pool)
                    }
                }
            }
        }
    }
}
