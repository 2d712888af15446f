/// Draws a layer's outline: a line of constant pixel width along each of its (visible) edges,
/// anti-aliased by the distance from each pixel centre to the nearest edge. Taking the nearest
/// edge per pixel (instead of drawing edges one by one) blends each pixel once, so corners are
/// not darker than the sides.
enum OutlineRasterizer {
    struct Segment {
        var ax: Double, ay: Double, bx: Double, by: Double
        /// b − a, and 1 / |b − a|² (0 for a segment of no length): what every pixel's distance to
        /// the segment needs, worked out once.
        let dx: Double, dy: Double, inverseLengthSquared: Double

        init(ax: Double, ay: Double, bx: Double, by: Double) {
            (self.ax, self.ay, self.bx, self.by) = (ax, ay, bx, by)
            (dx, dy) = (bx - ax, by - ay)
            let lengthSquared = dx * dx + dy * dy
            inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
        }
    }

    /// The layer edges of a projected polygon, as segments in pixels.
    static func segments(of polygon: [LayerProjection.Vertex]) -> [Segment] {
        polygon.indices.compactMap { i in
            guard polygon[i].startsLayerEdge else { return nil }
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            return Segment(ax: a.x, ay: a.y, bx: b.x, by: b.y)
        }
    }

    /// The rows the outline can touch, clipped to the image.
    static func rows(of segments: [Segment], width: Double, imageHeight: Int) -> Range<Int> {
        guard !segments.isEmpty else { return 0..<0 }
        let reach = width / 2 + 1
        let low = segments.map { min($0.ay, $0.by) }.min()! - reach, high = segments.map { max($0.ay, $0.by) }.max()! + reach
        let first = Int(max(0, min(Double(imageHeight), low.rounded(.down))))
        let last = Int(max(0, min(Double(imageHeight), high.rounded(.up))))
        return first..<max(first, last)
    }

    /// Blends `colour` (premultiplied) along the segments, `width` pixels wide, over `rows`.
    /// Pixels `hidden` says a layer drawn later paints over whole are left alone.
    static func draw(_ segments: [Segment], width: Double, colour: SIMD4<Float>, rows: Range<Int>, into fb: Framebuffer, pool: SamplePool,
                     hidden: Hidden? = nil) {
        // Coverage ramps from 1 to 0 over the pixel across each side of the line (what a box filter
        // gives for a straight edge); a line narrower than a pixel is drawn 1 pixel wide, fainter.
        let (core, ink) = (max(width, 1) / 2 + 0.5, Float(min(width, 1)))
        // The column ranges of a row and the segments within reach of it, reused from row to row.
        var found: [Range<Int>] = [], merged: [Range<Int>] = [], near: [Segment] = []
        found.reserveCapacity(segments.count)
        merged.reserveCapacity(segments.count)
        near.reserveCapacity(segments.count)
        for y in rows {
            let cy = Double(y) + 0.5, row = fb.index(0, y)
            columns(segments, centreY: cy, reach: core, imageWidth: fb.width, found: &found, merged: &merged, near: &near)
            for span in merged {
                for x in span {
                    if let hidden, hidden.occlusion.hides(x, y, from: hidden.position) { continue }
                    let cx = Double(x) + 0.5
                    // A segment out of reach of the row is further than `core` from every pixel of
                    // it, so leaving it out changes no pixel that is drawn.
                    var nearest = Double.infinity
                    for s in near { nearest = min(nearest, squaredDistance(cx, cy, s)) }
                    guard nearest < core * core else { continue }
                    let coverage = Float(min(core - nearest.squareRoot(), 1)) * ink
                    fb.blendWeighted(row + x, colour * coverage, pool: pool)
                }
            }
        }
    }

    /// The merged column ranges, per row, within `reach` of some segment, into `merged` (`found`
    /// holds them before merging), and the segments within reach of the row into `near`.
    private static func columns(_ segments: [Segment], centreY: Double, reach: Double, imageWidth: Int,
                                found ranges: inout [Range<Int>], merged: inout [Range<Int>], near: inout [Segment]) {
        ranges.removeAll(keepingCapacity: true)
        merged.removeAll(keepingCapacity: true)
        near.removeAll(keepingCapacity: true)
        for s in segments {
            let y0 = max(min(s.ay, s.by), centreY - reach), y1 = min(max(s.ay, s.by), centreY + reach)
            guard y0 <= y1 else { continue }
            near.append(s)
            let (x0, x1): (Double, Double)
            if abs(s.by - s.ay) < 1e-12 {
                (x0, x1) = (min(s.ax, s.bx), max(s.ax, s.bx))
            } else {
                let xa = s.ax + (y0 - s.ay) * (s.bx - s.ax) / (s.by - s.ay)
                let xb = s.ax + (y1 - s.ay) * (s.bx - s.ax) / (s.by - s.ay)
                (x0, x1) = (min(xa, xb), max(xa, xb))
            }
            let first = Int(max(0, min(Double(imageWidth), (x0 - reach).rounded(.down))))
            let last = Int(max(0, min(Double(imageWidth), (x1 + reach).rounded(.up))))
            if first < last { ranges.append(first..<last) }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        for r in ranges {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
    }

    /// The squared distance from (x, y) to a segment.
    @inline(__always)
    private static func squaredDistance(_ x: Double, _ y: Double, _ s: Segment) -> Double {
        let k = min(max(((x - s.ax) * s.dx + (y - s.ay) * s.dy) * s.inverseLengthSquared, 0), 1)
        let ex = x - (s.ax + k * s.dx), ey = y - (s.ay + k * s.dy)
        return ex * ex + ey * ey
    }
}
