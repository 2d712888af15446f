import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// Draws the exploded stack of a layout, in software, on all cores.
///
/// The pipeline, one file per stage: `Viewpoint+Fit` places the camera, `DrawOrder` sorts the
/// layers back to front, `LayerProjection` maps each layer to pixels, `TexturePreparation` gets its
/// texture at the size the picture needs as a `MipChain`, `Rasterizer` and `OutlineRasterizer`
/// draw it into the `Framebuffer` (but for the tiles that `Occlusion` finds a later opaque layer
/// of the batch paints over whole), and the framebuffer resolves to the picture.
///
/// When every layer's texture fits `tiledBytes` (two batches' budget; the usual case: a screen),
/// the picture is drawn in tiles: all the textures are prepared on every core, then each band of
/// rows is drawn in a band-sized framebuffer (`BandBuffers`) from every layer back to front and
/// resolved into the picture at once. Its buffers stay in the cache, and the picture's full-size
/// framebuffer (38 MB at 1600×1200, first written at a page fault a page) is never made.
///
/// Otherwise layers go in batches, in drawing order, and each step does two things on all cores
/// at once:
/// it prepares a batch's layers (textures decoded, reduced and mipmapped) and draws the batch
/// before it, each band of rows drawing the whole batch back to front; a batch's textures go once
/// it is drawn. Each pixel still sees the layers in drawing order, so the picture is the one a
/// layer-by-layer drawing makes; the cores meet once a step rather than twice a layer, and memory
/// stays bounded by two batches' texture budget.
public struct Renderer: Sendable {
    public let options: RenderOptions
    /// Whether pixels that a later opaque layer of the batch paints over whole are skipped (see
    /// `Occlusion`); the picture is the same either way, which the tests check by turning it off.
    var skipsHiddenPixels = true
    /// Whether pixels well inside a layer skip the coverage tests (see `LayerProjection.interior`);
    /// the picture is the same either way, which the tests check by turning it off.
    var usesInteriors = true
    /// The fewest texture bytes a batch takes in an arena (`TextureArena`); below, each texture has
    /// memory of its own. A huge page: a smaller arena saves no page fault. The tests lower it so
    /// that small pictures use arenas too, and raise it to `Int.max` to use none.
    var textureArenaMinimum = MemoryHints.hugePage
    /// The most layers one batch holds, so that a batch of many small layers still lets its
    /// textures go before the next. The tests lower it to draw in many batches.
    var layersPerBatch = 1024
    /// Whether a picture whose textures fit `tiledBytes` is drawn a band at a time in band-sized
    /// buffers; the picture is the same either way, which the tests check by turning it off.
    var drawsInTiles = true

    /// A renderer; throws when an option is out of range (see `RenderOptions.validate()`).
    public init(options: RenderOptions = RenderOptions()) throws(RenderError) {
        try options.validate()
        self.options = options
    }

    /// The camera `render` uses for `layout`: the orbit of the options fitted to what is drawn.
    public func viewpoint(for layout: Layout) -> Viewpoint {
        Viewpoint.fitted(to: layout, options: options)
    }

    /// The picture of `layout` from the fitted camera.
    public func render(_ layout: Layout, textures: some TextureProvider = NoTextures()) throws(RenderError) -> Rendering {
        try render(layout, from: viewpoint(for: layout), textures: textures)
    }

    /// The picture of `layout` seen from `viewpoint`, whose image size is the picture's.
    /// Layers (or parts of layers) behind a perspective camera are not drawn; an orthographic
    /// camera sees every layer, in front of it or not (a parallel projection has no behind).
    public func render(_ layout: Layout, from viewpoint: Viewpoint, textures: some TextureProvider = NoTextures()) throws(RenderError) -> Rendering {
        var sized = options
        sized.size = viewpoint.imageSize
        try sized.validate()
        let order = DrawOrder.sorted(layout, options: options, viewpoint: viewpoint)
        let geometry = StackGeometry(spacing: options.spacing)
        let projections = order.map { LayerProjection(layer: layout.layers[$0], geometry: geometry, viewpoint: viewpoint) }
        let shared = SharedChains(), sharing = TextureSharing(order: order, projections: projections, layout: layout, textures: textures)
        let size = viewpoint.imageSize
        if drawsInTiles && fitsInTiles(order: order, projections: projections, layout: layout) {
            // Every texture at once, then every band from every layer.
            let jobs = try step(preparing: 0..<order.count, drawing: nil, into: nil, imageHeight: size.height, order: order,
                                projections: projections, layout: layout, textures: textures, shared: shared, sharing: sharing)
            let image = drawInTiles(jobs, size: size, highlight: highlighted(jobs, range: 0..<order.count, order: order, layout: layout))
            return Rendering(image: image, viewpoint: viewpoint, drawOrder: order)
        }
        let batches = self.batches(order: order, projections: projections, layout: layout)
        let fb = Framebuffer(unfilledWidth: size.width, height: size.height, background: options.background)
        var highlight: LayerJob?
        // Each step prepares one batch while it draws the one before (the first step fills the
        // framebuffer instead), all on every core at once.
        var drawing: [LayerJob]? = nil
        for step in 0...batches.count {
            let preparing = step < batches.count ? batches[step] : 0..<0
            let jobs = try self.step(preparing: preparing, drawing: drawing, into: fb, imageHeight: size.height, order: order,
                                     projections: projections, layout: layout, textures: textures, shared: shared, sharing: sharing)
            highlight = highlighted(jobs, range: preparing, order: order, layout: layout) ?? highlight
            drawing = jobs
        }
        if let highlight, !highlight.outline.isEmpty {
            let rows = OutlineRasterizer.rows(of: highlight.outline, width: highlight.outlineWidth, imageHeight: fb.height)
            inBands(rows, of: fb) { band, pool in
                drawAgain(highlight, rows: band, into: fb, pool: pool)
            }
        }
        return Rendering(image: fb.resolve(), viewpoint: viewpoint, drawOrder: order)
    }

    /// The job of the highlighted layer among `jobs`, prepared for the layers at `range` of the drawing order.
    private func highlighted(_ jobs: [LayerJob], range: Range<Int>, order: [Int], layout: Layout) -> LayerJob? {
        guard let position = range.first(where: { layout.layers[order[$0]].id == options.highlightID }) else { return nil }
        return jobs[position - range.lowerBound]
    }

    /// The highlighted layer's outline again, faintly, over everything: visible where nearer
    /// layers hide it, so the selection is never lost.
    private func drawAgain(_ highlight: LayerJob, rows: Range<Int>, into fb: Framebuffer, pool: SamplePool) {
        let faint = Framebuffer.premultiplied(options.highlightColor) * 0.4
        OutlineRasterizer.draw(highlight.outline, width: highlight.outlineWidth, colour: faint, rows: rows, into: fb, pool: pool)
    }

    /// The picture of `jobs` (every layer, in drawing order) drawn a band at a time, on every core:
    /// each band in a band buffer, from every layer that touches it, then resolved into the picture.
    private func drawInTiles(_ jobs: [LayerJob], size: PixelSize, highlight: LayerJob?) -> RGBAImage {
        let (width, height) = (size.width, size.height)
        let rows = jobs.map { $0.rows(imageHeight: height) }
        let highlightRows = highlight.map { OutlineRasterizer.rows(of: $0.outline, width: $0.outlineWidth, imageHeight: height) } ?? 0..<0
        let buffers = BandBuffers(width: width, bandHeight: Renderer.bandHeight, background: options.background)
        let bandCount = (height + Renderer.bandHeight - 1) / Renderer.bandHeight
        let count = width * height * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Fresh memory written once, all over: in huge pages where Linux allows.
            MemoryHints.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), size: count)
            let picture = Shared(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: bandCount) { b in
                let band = b * Renderer.bandHeight..<min(height, (b + 1) * Renderer.bandHeight)
                let fb = buffers.take()
                defer { buffers.giveBack(fb) }
                fb.start(rows: band)
                draw(jobs, rows: rows, band: band, into: fb, pool: fb.pools[0])
                if let highlight, highlightRows.overlaps(band) {
                    drawAgain(highlight, rows: band.clamped(to: highlightRows), into: fb, pool: fb.pools[0])
                }
                fb.resolve(rows: band, into: picture.value)
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: bytes, alpha: .straight)
    }

    /// Draws the `jobs` (in drawing order; `rows[i]`: the rows job i touches) over `band`, back to
    /// front, but for the tiles a later opaque layer of them hides.
    private func draw(_ jobs: [LayerJob], rows: [Range<Int>], band: Range<Int>, into fb: Framebuffer, pool: SamplePool) {
        let occlusion = skipsHiddenPixels ? Occlusion(rows: band, width: fb.width, jobs: jobs, touched: rows) : nil
        defer { occlusion?.release() }
        // By index: a job (arrays and a texture inside) is touched only where it draws.
        for i in rows.indices where rows[i].overlaps(band) {
            jobs[i].draw(rows: band.clamped(to: rows[i]), into: fb, pool: pool,
                         hidden: occlusion.map { Hidden(occlusion: $0, position: Int32(i)) }, interiors: usesInteriors)
        }
    }

    /// Whether every layer's texture can be held at once for the tiled path: at most
    /// `tiledBytes` of them and at most `tiledLayers` layers.
    private func fitsInTiles(order: [Int], projections: [LayerProjection], layout: Layout) -> Bool {
        guard order.count <= Renderer.tiledLayers else { return false }
        guard options.style.drawsContents else { return true }
        var bytes = 0
        for position in order.indices {
            bytes += TexturePreparation.estimatedBytes(layout.layers[order[position]], projections[position])
            if bytes > Renderer.tiledBytes { return false }
        }
        return true
    }

    /// The layers in drawing order cut into batches: as many layers as fit in `batchBytes` of
    /// textures (at least one), and at most `batchLayers`.
    private func batches(order: [Int], projections: [LayerProjection], layout: Layout) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        while start < order.count {
            var bytes = 0, end = start
            while end < order.count && end - start < layersPerBatch {
                let layer = layout.layers[order[end]]
                bytes += options.style.drawsContents ? TexturePreparation.estimatedBytes(layer, projections[end]) : 0
                if bytes > Renderer.batchBytes && end > start { break }
                end += 1
            }
            batches.append(start..<end)
            start = end
        }
        return batches
    }

    /// One step: prepares the layers at `preparing` (the costliest textures first, so that no core
    /// is left with a large one at the end) and, meanwhile, draws the `drawing` jobs band by band
    /// into `fb` (or, without them, fills its bands). Returns the prepared jobs in drawing order;
    /// throws the error of the first layer in drawing order that failed.
    private func step(preparing: Range<Int>, drawing: [LayerJob]?, into fb: Framebuffer?, imageHeight: Int, order: [Int], projections: [LayerProjection],
                      layout: Layout, textures: some TextureProvider, shared: SharedChains,
                      sharing: TextureSharing) throws(RenderError) -> [LayerJob] {
        // A texture an earlier layer shares costs nothing more once made: it goes last, so that no
        // core waits for the layer making it while there is other work.
        let costs = preparing.map { position in
            sharing.isMadeEarlier(position) ? 0 : TexturePreparation.estimatedCost(layout.layers[order[position]])
        }
        let costliestFirst = preparing.sorted { costs[$0 - preparing.lowerBound] > costs[$1 - preparing.lowerBound] }
        let arena = options.style.drawsContents ? textureArena(preparing: preparing, order: order, projections: projections, layout: layout, sharing: sharing) : nil
        let rows = drawing?.map { $0.rows(imageHeight: imageHeight) } ?? []
        let bands: [Int]
        if let fb, drawing != nil {
            let touched = rows.filter { !$0.isEmpty }
            let top = touched.map(\.lowerBound).min() ?? 0, bottom = touched.map(\.upperBound).max() ?? 0
            bands = top < bottom ? Array(top / fb.bandHeight...(bottom - 1) / fb.bandHeight) : []
        } else {
            bands = fb.map { Array(0..<$0.bandCount) } ?? []
        }
        let results = UnsafeMutablePointer<Result<LayerJob, RenderError>?>.allocate(capacity: preparing.count)
        results.initialize(repeating: nil, count: preparing.count)
        defer {
            results.deinitialize(count: preparing.count)
            results.deallocate()
        }
        let slots = Shared(results)
        let options = options
        DispatchQueue.concurrentPerform(iterations: costliestFirst.count + bands.count) { task in
            if task < costliestFirst.count {
                let position = costliestFirst[task], index = order[position]
                do throws(RenderError) {
                    // Only a texture another layer shows is kept for it.
                    let job = try LayerJob(layout.layers[index], style: options.layerStyles[index], projection: projections[position],
                                           options: options, textures: textures, shared: sharing.isShared(position) ? shared : nil,
                                           arena: sharing.isShared(position) ? nil : arena)
                    slots.value[position - preparing.lowerBound] = .success(job)
                } catch {
                    slots.value[position - preparing.lowerBound] = .failure(error)
                }
                return
            }
            let b = bands[task - costliestFirst.count]
            guard let fb else { return }
            guard let drawing else { fb.fill(band: b); return }
            draw(drawing, rows: rows, band: b * fb.bandHeight..<min(fb.height, (b + 1) * fb.bandHeight), into: fb, pool: fb.pools[b])
        }
        var jobs: [LayerJob] = []
        jobs.reserveCapacity(preparing.count)
        for i in 0..<preparing.count { jobs.append(try results[i]!.get()) }
        return jobs
    }

    /// The arena for the textures of the layers at `preparing` that only they show (a shared
    /// texture may outlive the batch): room for their estimated bytes, each level cut at the arena's
    /// alignment. Nil when that is under `textureArenaMinimum`.
    private func textureArena(preparing: Range<Int>, order: [Int], projections: [LayerProjection], layout: Layout,
                              sharing: TextureSharing) -> TextureArena? {
        var bytes = 0
        for position in preparing where !sharing.isShared(position) {
            let estimate = TexturePreparation.estimatedBytes(layout.layers[order[position]], projections[position])
            // Each of up to 17 levels rounded up to the alignment.
            if estimate > 0 { bytes += estimate + 17 * TextureArena.alignment }
        }
        return bytes > 0 && bytes >= textureArenaMinimum ? TextureArena(capacity: bytes) : nil
    }

    /// Runs `body` on each band of `rows`, in parallel when there are several.
    private func inBands(_ rows: Range<Int>, of fb: Framebuffer, _ body: @Sendable (Range<Int>, SamplePool) -> Void) {
        guard !rows.isEmpty else { return }
        let first = rows.lowerBound / fb.bandHeight, last = (rows.upperBound - 1) / fb.bandHeight
        @Sendable func run(_ b: Int) {
            body((b * fb.bandHeight..<(b + 1) * fb.bandHeight).clamped(to: rows), fb.pools[b])
        }
        if first == last {
            run(first)
        } else {
            DispatchQueue.concurrentPerform(iterations: last - first + 1) { run(first + $0) }
        }
    }

    /// The most texture memory (level texels, estimated before decoding) one batch holds.
    static let batchBytes = 64 << 20
    /// The most texture memory the tiled path holds: two batches', what the batched path holds
    /// at once beside its full-size framebuffer.
    static let tiledBytes = 2 * batchBytes
    /// The most layers the tiled path draws.
    static let tiledLayers = 1 << 16
    /// Rows of a band: each band is drawn by one task at a time.
    static let bandHeight = 16
}
