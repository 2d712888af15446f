import HierarchyLayout

/// One layer as the camera sees it: its outline in pixels (clipped to the near plane), the
/// inverse mapping from pixels to texture coordinates, and how densely its texture is shown.
///
/// Texture coordinates (s, t) run over 0...1 from the frame's top-left corner (s to the right,
/// t downwards as on the screen). The map from (s, t, 1) to homogeneous pixels is a 3×3 matrix G
/// (a plane seen through a pinhole is a projective map); `inverse` is G⁻¹, so for a pixel centre p,
/// inverse·(p, 1) = q·(s, t, 1) with q = 1 / camera depth (perspective) or 1 (orthographic).
/// Dividing per pixel is what makes the texture mapping perspective-correct.
struct LayerProjection {
    struct Vertex {
        var x: Double
        var y: Double
        var s: Double
        var t: Double
        /// Whether the edge from this vertex to the next is an edge of the layer (false for the
        /// edge cut by the near plane).
        var startsLayerEdge: Bool
    }

    /// The visible polygon in pixels (convex); empty when nothing is in front.
    let polygon: [Vertex]
    /// The visible region in texture coordinates when it is not the whole quad (a layer cut by a
    /// turned ancestor, or turned itself and cut): half-planes A·s + B·t + C ≥ 0, one per edge.
    /// Empty when the region is the unit square s, t ∈ [0, 1).
    let edges: [SIMD3<Float>]
    /// Pixel rows and columns the polygon may touch, clipped to the image: x0..<x1, y0..<y1.
    let bounds: (x0: Int, y0: Int, x1: Int, y1: Int)
    /// G⁻¹ for pixel coordinates relative to (bounds.x0, bounds.y0), row-major, in Float.
    let inverse: [Float]
    /// The polygon's area in pixels.
    let area: Double
    /// Texture coordinates (s from x to y, t from z to w, half-open) whose pixel centres have every
    /// sample inside the layer, so that the rasterizer tests no coverage there (`Rasterizer.fill`):
    /// the quad less the most half a pixel's footprint spans anywhere on it. `LayerProjection.noInterior`
    /// when the visible region is not the whole quad (cut by the near plane or by an ancestor).
    let interior: SIMD4<Float>
    /// Pixels spanned by the whole width (s: 0→1) and height (t: 0→1) where the texture is shown
    /// largest and smallest.
    let maxSpan: (s: Double, t: Double)
    let minSpan: (s: Double, t: Double)

    /// Layers nearer to the eye than this fraction of the eye–target distance are cut off.
    static let nearFraction = 1e-4

    init(layer: Layer, geometry: StackGeometry, viewpoint: Viewpoint) {
        let corners = geometry.corners(of: layer).map(viewpoint.cameraSpace)
        let g = LayerProjection.forwardMatrix(corners: corners, viewpoint: viewpoint)
        var camera: [(c: Vector3, s: Double, t: Double, edge: Bool)]
        if let outline = layer.outline {
            let st = outline.map { geometry.textureCoordinates(of: $0, on: layer) }
            camera = zip(outline, st).map { p, st in
                (viewpoint.cameraSpace(geometry.point(x: p.x, y: p.y, depth: layer.depth)), st.s, st.t, true)
            }
            edges = LayerProjection.halfPlanes(st)
        } else {
            camera = zip(corners, [(0.0, 0.0), (1, 0), (1, 1), (0, 1)]).map { ($0, $1.0, $1.1, true) }
            edges = []
        }
        if viewpoint.projection == .perspective {
            let near = max(1e-9, LayerProjection.nearFraction * (viewpoint.target - viewpoint.eye).length)
            camera = LayerProjection.clip(camera, near: near)
        }
        polygon = camera.compactMap { v in
            let w = g[6] * v.s + g[7] * v.t + g[8]
            let x = (g[0] * v.s + g[1] * v.t + g[2]) / w, y = (g[3] * v.s + g[4] * v.t + g[5]) / w
            return x.isFinite && y.isFinite ? Vertex(x: x, y: y, s: v.s, t: v.t, startsLayerEdge: v.edge) : nil
        }
        bounds = LayerProjection.pixelBounds(polygon, width: viewpoint.imageSize.width, height: viewpoint.imageSize.height)
        area = LayerProjection.area(polygon)
        inverse = LayerProjection.inverse(g, originX: Double(bounds.x0), originY: Double(bounds.y0))
        (maxSpan, minSpan) = LayerProjection.spans(polygon, g)
        interior = edges.isEmpty ? LayerProjection.interior(polygon, inverse: inverse, bounds: bounds) : LayerProjection.noInterior
    }

    /// An interior no coordinates are in (s from 1 to 0).
    static let noInterior = SIMD4<Float>(1, 0, 1, 0)

    /// See `interior`. The rasterizer takes a pixel's samples as inside when s ± hs and t ± ht
    /// are, hs and ht being half the footprint from the map's derivatives at the pixel centre. At a
    /// point (x, y) of the polygon (pixels from the bounds' origin), with m the inverse:
    /// q = m6·x + m7·y + m8, ∂s/∂x = (m0·(m7·y + m8) − m6·(m1·y + m2)) / q² and
    /// ∂s/∂y = (m1·(m6·x + m8) − m7·(m0·x + m2)) / q² (t alike, with m3, m4, m5). Numerators and q
    /// are linear in the point, so over the convex polygon a numerator is largest in size, and q
    /// smallest, at a vertex: that bounds hs and ht everywhere on the layer, and a centre whose s
    /// and t are that far inside the quad lies on it (inside the polygon) with all its samples.
    /// The bound is widened for the rasterizer's rounding (a thousandth, and 10⁻⁶).
    static func interior(_ polygon: [Vertex], inverse: [Float], bounds: (x0: Int, y0: Int, x1: Int, y1: Int)) -> SIMD4<Float> {
        // The whole quad, uncut: a cut polygon's points may lie off the quad's part in front.
        guard polygon.count == 4, polygon.allSatisfy(\.startsLayerEdge), inverse.count == 9, inverse.allSatisfy(\.isFinite) else {
            return noInterior
        }
        let m = inverse.map(Double.init)
        var minQ = Double.infinity, sx = 0.0, sy = 0.0, tx = 0.0, ty = 0.0
        for v in polygon {
            let x = v.x - Double(bounds.x0), y = v.y - Double(bounds.y0)
            minQ = min(minQ, m[6] * x + m[7] * y + m[8])
            sx = max(sx, abs(m[0] * (m[7] * y + m[8]) - m[6] * (m[1] * y + m[2])))
            sy = max(sy, abs(m[1] * (m[6] * x + m[8]) - m[7] * (m[0] * x + m[2])))
            tx = max(tx, abs(m[3] * (m[7] * y + m[8]) - m[6] * (m[4] * y + m[5])))
            ty = max(ty, abs(m[4] * (m[6] * x + m[8]) - m[7] * (m[3] * x + m[5])))
        }
        guard minQ > 0, minQ.isFinite else { return noInterior }
        let hs = 0.5 * (sx + sy) / (minQ * minQ) * 1.001 + 1e-6, ht = 0.5 * (tx + ty) / (minQ * minQ) * 1.001 + 1e-6
        guard hs.isFinite, ht.isFinite, hs < 0.5, ht < 0.5 else { return noInterior }
        return SIMD4(Float(hs), Float(1 - hs), Float(ht), Float(1 - ht))
    }

    /// Whether the layer covers some pixels with a usable mapping (not edge-on, not degenerate).
    var isFillable: Bool {
        polygon.count >= 3 && area > 1e-6 && bounds.x1 > bounds.x0 && bounds.y1 > bounds.y0
            && inverse.allSatisfy(\.isFinite)
    }

    /// The inner half-planes of a convex polygon given in texture coordinates, whatever its
    /// orientation (a mirrored layer runs the other way round).
    private static func halfPlanes(_ p: [(s: Double, t: Double)]) -> [SIMD3<Float>] {
        var twice = 0.0
        for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; twice += a.s * b.t - b.s * a.t }
        let sign = twice < 0 ? -1.0 : 1.0
        return p.indices.compactMap { i in
            let a = p[i], b = p[(i + 1) % p.count]
            // f(s, t) = (b − a) × ((s, t) − a), positive inside for a polygon of positive area.
            let (A, B) = (-(b.t - a.t) * sign, (b.s - a.s) * sign)
            guard A != 0 || B != 0 else { return nil }
            return SIMD3(Float(A), Float(B), Float(-(A * a.s + B * a.t)))
        }
    }

    /// G: (s, t, 1) ↦ homogeneous pixel, from the layer's corners in camera space.
    private static func forwardMatrix(corners c: [Vector3], viewpoint v: Viewpoint) -> [Double] {
        // Camera-space position = origin + s·across + t·down.
        let origin = c[0], across = c[1] - c[0], down = c[3] - c[0]
        let (cx, cy, f) = (v.centre.x, v.centre.y, v.scale)
        switch v.projection {
        case .perspective:
            // pixel·z = (cx·z + f·x, cy·z - f·y, z)
            func row(_ m: (Vector3) -> Double) -> [Double] { [m(across), m(down), m(origin)] }
            return row { cx * $0.z + f * $0.x } + row { cy * $0.z - f * $0.y } + row { $0.z }
        case .orthographic:
            return [f * across.x, f * down.x, f * origin.x + cx,
                    -f * across.y, -f * down.y, -f * origin.y + cy,
                    0, 0, 1]
        }
    }

    /// The polygon's part with camera depth >= `near` (Sutherland–Hodgman against one plane),
    /// interpolating texture coordinates; edges cut by the plane are marked as not the layer's.
    private static func clip(_ polygon: [(c: Vector3, s: Double, t: Double, edge: Bool)], near: Double) -> [(c: Vector3, s: Double, t: Double, edge: Bool)] {
        var out: [(c: Vector3, s: Double, t: Double, edge: Bool)] = []
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let aIn = a.c.z >= near, bIn = b.c.z >= near
            if aIn { out.append(a) }
            if aIn != bIn {
                let k = (near - a.c.z) / (b.c.z - a.c.z)
                // Entering: the new vertex starts a piece of a's edge; leaving: it starts the cut.
                out.append((a.c + (b.c - a.c) * k, a.s + (b.s - a.s) * k, a.t + (b.t - a.t) * k, !aIn && a.edge))
            }
        }
        return out
    }

    private static func pixelBounds(_ p: [Vertex], width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        guard let first = p.first else { return (0, 0, 0, 0) }
        var (lx, ly, hx, hy) = (first.x, first.y, first.x, first.y)
        for v in p { lx = min(lx, v.x); ly = min(ly, v.y); hx = max(hx, v.x); hy = max(hy, v.y) }
        func clamp(_ v: Double, _ limit: Int) -> Int { v <= 0 ? 0 : v >= Double(limit) ? limit : Int(v) }
        return (clamp(lx.rounded(.down), width), clamp(ly.rounded(.down), height),
                clamp(hx.rounded(.up), width), clamp(hy.rounded(.up), height))
    }

    private static func area(_ p: [Vertex]) -> Double {
        guard p.count >= 3 else { return 0 }
        var twice = 0.0
        for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; twice += a.x * b.y - b.x * a.y }
        return abs(twice) / 2
    }

    /// G⁻¹ (adjugate over determinant) composed with the shift to pixel coordinates relative to
    /// the origin: inverse·(x, y, 1) = G⁻¹·(x + originX, y + originY, 1). NaNs when G is singular.
    private static func inverse(_ g: [Double], originX: Double, originY: Double) -> [Float] {
        let (a, b, c, d, e, f, h, i, j) = (g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8])
        let det = a * (e * j - f * i) - b * (d * j - f * h) + c * (d * i - e * h)
        guard det != 0, det.isFinite else { return [Float](repeating: .nan, count: 9) }
        var m = [e * j - f * i, c * i - b * j, b * f - c * e,
                 f * h - d * j, a * j - c * h, c * d - a * f,
                 d * i - e * h, b * h - a * i, a * e - b * d].map { $0 / det }
        for r in 0..<3 { m[r * 3 + 2] += m[r * 3] * originX + m[r * 3 + 1] * originY }
        return m.map(Float.init)
    }

    /// The largest and smallest pixel length of the s and t axes over the polygon's vertices
    /// (a projective map is most and least magnified at vertices of a convex region).
    private static func spans(_ p: [Vertex], _ g: [Double]) -> (max: (s: Double, t: Double), min: (s: Double, t: Double)) {
        var high = (s: 0.0, t: 0.0), low = (s: Double.infinity, t: Double.infinity)
        for v in p {
            let w = g[6] * v.s + g[7] * v.t + g[8]
            // d(pixel)/ds = (G·e_s - pixel·G₂₀) / w, likewise for t.
            let ds = (((g[0] - v.x * g[6]) / w), ((g[3] - v.y * g[6]) / w))
            let dt = (((g[1] - v.x * g[7]) / w), ((g[4] - v.y * g[7]) / w))
            let ls = (ds.0 * ds.0 + ds.1 * ds.1).squareRoot(), lt = (dt.0 * dt.0 + dt.1 * dt.1).squareRoot()
            guard ls.isFinite, lt.isFinite else { continue }
            high = (max(high.s, ls), max(high.t, lt))
            low = (min(low.s, ls), min(low.t, lt))
        }
        return (high, low.s.isFinite ? low : (0, 0))
    }
}
