/// Tiles of pixels that a layer drawn later paints opaque all over, so that the layers drawn before
/// it need not be drawn there at all: back to front, an opaque colour covering every sample of a
/// pixel replaces whatever the pixel held (`Framebuffer.blendFull`), so skipping what it replaces
/// leaves every pixel as it would be. In an exploded stack most layers lie behind others: a window,
/// its root view and a full-screen list hide each other's pixels but for the gaps the spacing opens.
///
/// A layer hides a tile when, for every point of the tile: it lies on the layer in front of the
/// camera, and the texels bilinear filtering reads there are opaque (alpha 1, or a rounding hair
/// over; the layer's alpha is 1 and its texture needs no coarser level), so every coverage sample
/// is inside and the colour blended is opaque. The tile's corners decide it: the camera's map from pixels to the
/// layer's texture is projective, so a tile whose four corners map inside the opaque part of the
/// texture (a convex region) maps inside it whole.
struct Occluder {
    /// The inverse projection, as `Rasterizer` reads it: pixel (relative to the bounds' corner)
    /// to (s, t).
    let inverse: [Float]
    /// The pixels the layer can touch.
    let bounds: (x0: Int, y0: Int, x1: Int, y1: Int)
    /// Where in texture coordinates every texel bilinear filtering reads is opaque.
    let opaque: (s0: Float, s1: Float, t0: Float, t1: Float)

    /// The occluder of a layer drawn with `fill` as `projection` shows it; nil when it cannot hide
    /// anything: see-through somewhere that matters, cut by a clip outline, or too small to cover a tile.
    init?(projection: LayerProjection, fill: LayerJob.Fill) {
        guard projection.edges.isEmpty, projection.area >= Double(2 * Occlusion.tile * Occlusion.tile) else { return nil }
        switch fill {
        case .none:
            return nil
        case .solid(let paint):
            guard paint.value.w >= 1 else { return nil }
            // A margin against rounding in the samples' positions, which are linear in the pixel.
            opaque = (1e-3, 1 - 1e-3, 1e-3, 1 - 1e-3)
        case .texture(let paint, let chain):
            guard paint.alpha == 1, !paint.needsLod, let inset = chain.opaqueInset else { return nil }
            let level = chain.levels[0]
            // Bilinear filtering at s reads the texels either side of s·width − 0.5: one texel
            // more than the inset on each side keeps both inside it.
            let (ms, mt) = (Float(inset + 1) / Float(level.width), Float(inset + 1) / Float(level.height))
            guard 2 * ms < 1, 2 * mt < 1 else { return nil }
            opaque = (ms, 1 - ms, mt, 1 - mt)
        }
        inverse = projection.inverse
        bounds = projection.bounds
    }

    /// Whether the pixel corner (x, y) maps in front of the camera into the opaque part.
    @inline(__always)
    func covers(cornerX x: Int, y: Int) -> Bool {
        let m = inverse
        let px = Float(x - bounds.x0), py = Float(y - bounds.y0)
        let q = m[6] * px + m[7] * py + m[8]
        guard q > 1e-20 else { return false }
        let s = (m[0] * px + m[1] * py + m[2]) / q, t = (m[3] * px + m[4] * py + m[5]) / q
        return s >= opaque.s0 && s <= opaque.s1 && t >= opaque.t0 && t <= opaque.t1
    }
}

/// What hides pixels from the layer being drawn: a band's occlusion and the layer's position in
/// its batch.
struct Hidden {
    let occlusion: Occlusion
    let position: Int32
}

/// The tiles of one band of rows and, for each, the latest layer of the batch being drawn that
/// hides it (see `Occluder`); layers drawn before that one skip the tile.
struct Occlusion {
    /// The side of a tile in pixels.
    static let tile = 8

    /// Per tile, row by row: the position in the batch of the latest layer hiding it, or -1.
    private let front: UnsafeMutablePointer<Int32>
    private let tilesAcross: Int
    private let firstTileRow: Int
    private let tileRows: Int

    /// The tiles of `rows` (whole tiles: a band's first row starts a tile) of an image `width`
    /// pixels wide, for the jobs of a batch in drawing order (`touched[i]`: the rows job i draws).
    /// Call `release()` when done.
    init(rows: Range<Int>, width: Int, jobs: [LayerJob], touched: [Range<Int>]) {
        let t = Occlusion.tile
        tilesAcross = (width + t - 1) / t
        firstTileRow = rows.lowerBound / t
        tileRows = (rows.upperBound - 1) / t - firstTileRow + 1
        front = .allocate(capacity: tilesAcross * tileRows)
        front.initialize(repeating: -1, count: tilesAcross * tileRows)
        for i in jobs.indices where touched[i].overlaps(rows) {
            guard let occluder = jobs[i].occluder else { continue }
            // Whole tiles inside the layer's bounds and the image.
            let tx0 = (occluder.bounds.x0 + t - 1) / t, tx1 = min(occluder.bounds.x1 / t, tilesAcross)
            let ty0 = max(firstTileRow, (occluder.bounds.y0 + t - 1) / t), ty1 = min(firstTileRow + tileRows, occluder.bounds.y1 / t)
            guard tx0 < tx1, ty0 < ty1 else { continue }
            for ty in ty0..<ty1 {
                // Corners shared by neighbouring tiles are mapped once.
                var left = occluder.covers(cornerX: tx0 * t, y: ty * t) && occluder.covers(cornerX: tx0 * t, y: (ty + 1) * t)
                for tx in tx0..<tx1 {
                    let right = occluder.covers(cornerX: (tx + 1) * t, y: ty * t) && occluder.covers(cornerX: (tx + 1) * t, y: (ty + 1) * t)
                    if left && right { front[(ty - firstTileRow) * tilesAcross + tx] = Int32(i) }
                    left = right
                }
            }
        }
    }

    func release() { front.deallocate() }

    /// Whether a layer drawn later than `position` hides pixel (x, y).
    @inline(__always)
    func hides(_ x: Int, _ y: Int, from position: Int32) -> Bool {
        front[(y / Occlusion.tile - firstTileRow) * tilesAcross + x / Occlusion.tile] > position
    }

    /// From column `x` of row `y`, the end of the run of columns (a tile's) that are all hidden
    /// from `position` or all not, and which it is.
    @inline(__always)
    func run(from x: Int, row y: Int, position: Int32) -> (end: Int, hidden: Bool) {
        ((x / Occlusion.tile + 1) * Occlusion.tile, hides(x, y, from: position))
    }
}
