import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Draws the exploded stack of a layout, in software, on all cores.
///
/// The pipeline, one file per stage: `Viewpoint+Fit` places the camera, `DrawOrder` sorts the
/// layers back to front, `LayerProjection` maps each layer to pixels, `TexturePreparation` gets its
/// texture at the size the picture needs as a `MipChain`, `Rasterizer` and `OutlineRasterizer`
/// draw it into the `Framebuffer`, and the framebuffer resolves to the picture.
///
/// Layers go in batches, in drawing order: a batch's layers are prepared (textures decoded, reduced
/// and mipmapped) on all cores at once, then every band of rows draws the whole batch, back to
/// front, on all cores at once; the batch's textures then go. Each pixel still sees the layers in
/// drawing order, so the picture is the one a layer-by-layer drawing makes; the cores meet twice a
/// batch rather than twice a layer, and memory stays bounded by the batch's texture budget.
public struct Renderer: Sendable {
    public let options: RenderOptions

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
        let fb = Framebuffer(width: viewpoint.imageSize.width, height: viewpoint.imageSize.height, background: options.background)
        let order = DrawOrder.sorted(layout, options: options, viewpoint: viewpoint)
        let geometry = StackGeometry(spacing: options.spacing)
        let projections = order.map { LayerProjection(layer: layout.layers[$0], geometry: geometry, viewpoint: viewpoint) }
        let shared = SharedChains()
        var highlight: LayerJob?
        var start = 0
        while start < order.count {
            let end = batchEnd(from: start, order: order, projections: projections, layout: layout)
            let jobs = try prepare(start..<end, order: order, projections: projections, layout: layout, textures: textures, shared: shared)
            if let position = (start..<end).first(where: { layout.layers[order[$0]].id == options.highlightID }) {
                highlight = jobs[position - start]
            }
            draw(jobs, into: fb)
            start = end
        }
        // The highlighted layer's outline again, faintly, over everything: visible where nearer
        // layers hide it, so the selection is never lost.
        if let highlight, !highlight.outline.isEmpty {
            let faint = Framebuffer.premultiplied(options.highlightColor) * 0.4
            let rows = OutlineRasterizer.rows(of: highlight.outline, width: highlight.outlineWidth, imageHeight: fb.height)
            inBands(rows, of: fb) { band, pool in
                OutlineRasterizer.draw(highlight.outline, width: highlight.outlineWidth, colour: faint, rows: band, into: fb, pool: pool)
            }
        }
        return Rendering(image: fb.resolve(), viewpoint: viewpoint, drawOrder: order)
    }

    /// The end of the batch that begins at `start`: as many layers as fit in `batchBytes` of
    /// textures (at least one), and at most `batchLayers`.
    private func batchEnd(from start: Int, order: [Int], projections: [LayerProjection], layout: Layout) -> Int {
        var bytes = 0, end = start
        while end < order.count && end - start < Renderer.batchLayers {
            let layer = layout.layers[order[end]]
            bytes += options.style.drawsContents ? TexturePreparation.estimatedBytes(layer, projections[end]) : 0
            if bytes > Renderer.batchBytes && end > start { break }
            end += 1
        }
        return end
    }

    /// The jobs of the layers at `positions` in drawing order, prepared on all cores, the costliest
    /// textures first so that no core is left with a large one at the end. Throws the error of the
    /// first layer in drawing order that failed.
    private func prepare(_ positions: Range<Int>, order: [Int], projections: [LayerProjection], layout: Layout,
                         textures: some TextureProvider, shared: SharedChains) throws(RenderError) -> [LayerJob] {
        let costliestFirst = positions.sorted {
            TexturePreparation.estimatedCost(layout.layers[order[$0]]) > TexturePreparation.estimatedCost(layout.layers[order[$1]])
        }
        let results = UnsafeMutablePointer<Result<LayerJob, RenderError>?>.allocate(capacity: positions.count)
        results.initialize(repeating: nil, count: positions.count)
        defer {
            results.deinitialize(count: positions.count)
            results.deallocate()
        }
        let slots = UncheckedPointer(results)
        let options = options
        DispatchQueue.concurrentPerform(iterations: costliestFirst.count) { i in
            let position = costliestFirst[i]
            let index = order[position]
            do throws(RenderError) {
                let job = try LayerJob(layout.layers[index], style: options.layerStyles[index], projection: projections[position],
                                       options: options, textures: textures, shared: shared)
                slots.pointer[position - positions.lowerBound] = .success(job)
            } catch {
                slots.pointer[position - positions.lowerBound] = .failure(error)
            }
        }
        var jobs: [LayerJob] = []
        jobs.reserveCapacity(positions.count)
        for i in 0..<positions.count { jobs.append(try results[i]!.get()) }
        return jobs
    }

    /// Draws `jobs` in order: every band of rows on its own, on all cores.
    private func draw(_ jobs: [LayerJob], into fb: Framebuffer) {
        let rows = jobs.map { $0.rows(imageHeight: fb.height) }
        guard let top = rows.lazy.filter({ !$0.isEmpty }).map(\.lowerBound).min(),
              let bottom = rows.lazy.filter({ !$0.isEmpty }).map(\.upperBound).max() else { return }
        inBands(top..<bottom, of: fb) { band, pool in
            for (job, jobRows) in zip(jobs, rows) where jobRows.overlaps(band) {
                job.draw(rows: band.clamped(to: jobRows), into: fb, pool: pool)
            }
        }
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
    /// The most layers one batch holds, so that a batch of many small layers still lets its
    /// textures go before the next.
    static let batchLayers = 1024
}
