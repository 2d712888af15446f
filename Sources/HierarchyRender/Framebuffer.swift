import Dispatch
import HierarchyImaging
import HierarchyModel

/// The picture being drawn: a premultiplied Float colour per pixel, and for pixels that an edge
/// has crossed, one colour per coverage sample.
///
/// A framebuffer holds a whole picture, or one band of it at a time (`BandBuffers`): then it is
/// drawn, resolved into the picture's rows and started again on the next band, so that its memory
/// stays in the cache and the picture's buffers are never made.
///
/// A pixel starts "uniform" (one colour stands for all its samples). A layer covering only some
/// of its samples "expands" it: its samples get their own colours (kept as a palette, see
/// `PixelSamples`) from the band's pool. A later
/// opaque layer covering the whole pixel makes it uniform again and returns the samples. At the
/// end, expanded pixels are resolved to the mean of their samples.
final class Framebuffer: @unchecked Sendable {
    let width: Int
    /// Rows held.
    let height: Int
    /// The picture's row that the first row holds: 0 for a whole picture; for a band buffer, set by
    /// `start(rows:)`.
    private(set) var firstRow = 0
    /// Rows per band: each band is drawn by one task at a time and owns its sample pool.
    let bandHeight: Int
    /// Each pixel's colour; for an expanded pixel, the first colour of its samples' palette.
    let colour: UnsafeMutablePointer<SIMD4<Float>>
    /// -1 for a uniform pixel, otherwise the index of its samples in its band's pool.
    let slot: UnsafeMutablePointer<Int32>
    let pools: [SamplePool]
    /// The background, premultiplied.
    let background: SIMD4<Float>

    /// A picture filled with `background` (straight colour). `sampleBudget` bytes are shared
    /// among the bands' pools; past it, partly covered pixels are blended by their coverage.
    convenience init(width: Int, height: Int, background: Color, bandHeight: Int = 16, sampleBudget: Int = 160 << 20) {
        self.init(unfilledWidth: width, height: height, background: background, bandHeight: bandHeight, sampleBudget: sampleBudget)
        for band in 0..<bandCount { fill(band: band) }
    }

    /// A picture whose bands are filled with the background by `fill(band:)`, each before it is
    /// drawn: the renderer fills them on all cores while the first layers' textures are prepared.
    init(unfilledWidth width: Int, height: Int, background: Color, bandHeight: Int = 16, sampleBudget: Int = 160 << 20) {
        self.width = width
        self.height = height
        self.bandHeight = bandHeight
        self.background = Framebuffer.premultiplied(background)
        let count = width * height
        colour = LargeAllocation.allocate(SIMD4<Float>.self, count: count)
        slot = LargeAllocation.allocate(Int32.self, count: count)
        let bands = (height + bandHeight - 1) / bandHeight
        let arena = SampleArena(budget: sampleBudget, pixels: count, bands: bands)
        pools = (0..<bands).map { _ in SamplePool(arena: arena) }
    }

    /// Fills the rows of `band` with the background, every pixel uniform.
    func fill(band: Int) {
        let rows = band * bandHeight..<min(height, (band + 1) * bandHeight)
        (colour + rows.lowerBound * width).initialize(repeating: background, count: rows.count * width)
        (slot + rows.lowerBound * width).initialize(repeating: -1, count: rows.count * width)
    }

    /// Starts the buffer on the picture's `rows` (at most `height` of them, one band): filled with
    /// the background, every pixel uniform, the samples' memory kept for reuse.
    func start(rows: Range<Int>) {
        precondition(rows.count <= height && bandCount == 1, "a band buffer holds one band")
        firstRow = rows.lowerBound
        colour.initialize(repeating: background, count: rows.count * width)
        slot.initialize(repeating: -1, count: rows.count * width)
        pools[0].reset()
    }

    /// The index of pixel (x, y) of the picture, which must be among the rows held.
    @inline(__always)
    func index(_ x: Int, _ y: Int) -> Int { (y - firstRow) * width + x }

    deinit {
        LargeAllocation.deallocate(colour)
        LargeAllocation.deallocate(slot)
    }

    var bandCount: Int { pools.count }

    /// A straight 8-bit colour as premultiplied Floats.
    static func premultiplied(_ c: Color) -> SIMD4<Float> {
        let a = Float(c.alpha) / 255
        return SIMD4(Float(c.red) / 255 * a, Float(c.green) / 255 * a, Float(c.blue) / 255 * a, a)
    }

    /// `src` over the pixel at `index`, for a layer that covers all its samples. An opaque `src`
    /// (alpha 1, or a rounding error above it) replaces the pixel whole, whatever it held: so the
    /// layers it hides need not be drawn there (`Occlusion`).
    @inline(__always)
    func blendFull(_ index: Int, _ src: SIMD4<Float>, pool: SamplePool) {
        let k = slot[index]
        if k < 0 {
            colour[index] = src.w >= 1 ? src : src + colour[index] * (1 - src.w)
        } else if src.w >= 1 {
            // An opaque layer over every sample: the pixel is one colour again.
            colour[index] = src
            pool.release(k)
            slot[index] = -1
        } else {
            pool.samples(k, first: colour + index).blendAll(src)
        }
    }

    /// `src` over the samples of the pixel at `index` that `mask` names.
    @inline(__always)
    func blendMasked(_ index: Int, _ src: SIMD4<Float>, mask: UInt16, pool: SamplePool) {
        var k = slot[index]
        if k < 0 {
            guard let fresh = pool.acquire(first: colour + index) else {
                // Out of sample memory: blend by coverage instead (a faint seam at worst).
                let coverage = Float(mask.nonzeroBitCount) / Float(SamplePattern.count)
                colour[index] = src * coverage + colour[index] * (1 - src.w * coverage)
                return
            }
            k = fresh
            slot[index] = k
        }
        pool.samples(k, first: colour + index).blend(src, mask: mask)
    }

    /// `src` (already weighted by its coverage) over every sample of the pixel at `index`: for
    /// outlines, whose coverage is computed analytically.
    @inline(__always)
    func blendWeighted(_ index: Int, _ src: SIMD4<Float>, pool: SamplePool) {
        let k = slot[index]
        if k < 0 {
            colour[index] = src + colour[index] * (1 - src.w)
        } else {
            pool.samples(k, first: colour + index).blendAll(src)
        }
    }

    /// The finished picture, 8-bit with straight alpha: expanded pixels become their samples' mean.
    /// Bands are resolved in parallel.
    func resolve() -> RGBAImage {
        let count = width * height * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Fresh memory written once, all over: in huge pages where Linux allows (7.7 MB for
            // 1600×1200 is 1,900 faults in small pages).
            MemoryHints.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), size: count)
            let out = Shared(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                for y in band * bandHeight..<min(height, (band + 1) * bandHeight) { resolveRow(y, into: out.value) }
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: bytes, alpha: .straight)
    }

    /// Resolves the picture's `rows` (held) into `picture`, the 8-bit straight RGBA of the whole
    /// picture (`width` pixels a row).
    func resolve(rows: Range<Int>, into picture: UnsafeMutablePointer<UInt8>) {
        for y in rows { resolveRow(y - firstRow, into: picture + firstRow * width * 4) }
    }

    /// Resolves held row `y` into `out`, the 8-bit pixels of the rows held.
    private func resolveRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let pool = pools[y / bandHeight]
        // Pictures are mostly runs of one colour (the background, flat fills): a uniform pixel of
        // the colour before it gets the bytes before it, without dividing by its alpha again.
        var last = SIMD4<Float>(repeating: -1), bytes: UInt32 = 0
        for index in y * width..<(y + 1) * width {
            var c = colour[index]
            if slot[index] >= 0 {
                let samples = pool.samples(slot[index], first: colour + index)
                c = .zero
                for i in 0..<SamplePattern.count { c += samples.sample(i) }
                c /= Float(SamplePattern.count)
            } else if c == last {
                (out + index * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = bytes }
                continue
            }
            Framebuffer.store(c, into: out + index * 4)
            last = c
            bytes = (out + index * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
    }

    /// Writes a premultiplied colour as straight 8-bit RGBA, rounded; transparent black when alpha is 0.
    @inline(__always)
    static func store(_ c: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        let a = min(max(c.w, 0), 1)
        // Values are >= 0 here, so adding 0.5 and truncating rounds them (no libm call).
        let alpha = UInt8(a * 255 + 0.5)
        guard alpha > 0 else { p.update(repeating: 0, count: 4); return }
        let rgb = c * (255 / a) + 0.5
        p[0] = UInt8(min(max(rgb.x, 0), 255))
        p[1] = UInt8(min(max(rgb.y, 0), 255))
        p[2] = UInt8(min(max(rgb.z, 0), 255))
        p[3] = alpha
    }
}
