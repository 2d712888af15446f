import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Draws the exploded stack of a layout, in software, on all cores.
///
/// The pipeline, one file per stage: `Viewpoint+Fit` places the camera, `DrawOrder` sorts the
/// layers back to front, `LayerProjection` maps each layer to pixels, `TexturePreparation` gets its
/// texture at the size the picture needs as a `MipChain`, `Rasterizer` and `OutlineRasterizer`
/// draw it into the `Framebuffer`, band by band in parallel, and the framebuffer resolves to the
/// picture. Layers are drawn one after the other, back to front; while one is drawn, the next
/// one's texture is prepared, and a texture is let go as soon as its layer is drawn, so at most
/// two are held at once.
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
        let prepare = { (position: Int) throws(RenderError) -> LayerJob in
            try LayerJob(layout.layers[order[position]], geometry: geometry, viewpoint: viewpoint, options: options, textures: textures)
        }
        var job = order.isEmpty ? nil : try prepare(0)
        var highlight: LayerJob?
        for position in order.indices {
            guard let current = job else { break }
            if layout.layers[order[position]].id == options.highlightID { highlight = current }
            job = try draw(current, into: fb, preparingNext: position + 1 < order.count ? { () throws(RenderError) in try prepare(position + 1) } : nil)
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

    /// Draws `job` over its bands in parallel while `next` prepares the following layer (one more
    /// task in the same batch, so both cores stay busy), and returns that layer's job.
    private func draw(_ job: LayerJob, into fb: Framebuffer, preparingNext next: (() throws(RenderError) -> LayerJob)?) throws(RenderError) -> LayerJob? {
        let rows = job.rows(imageHeight: fb.height)
        guard let next, !rows.isEmpty, job.work >= Renderer.parallelWork else {
            inBands(rows, of: fb) { band, pool in job.draw(rows: band, into: fb, pool: pool) }
            return try next?()
        }
        let result = PreparedSlot()
        let first = rows.lowerBound / fb.bandHeight, last = (rows.upperBound - 1) / fb.bandHeight
        withoutActuallyEscaping(next) { next in
            let box = UncheckedBox(next)
            DispatchQueue.concurrentPerform(iterations: last - first + 2) { i in
                if i == 0 {
                    do throws(RenderError) { result.job = try box.value() } catch { result.error = error }
                } else {
                    let b = first + i - 1
                    job.draw(rows: (b * fb.bandHeight..<(b + 1) * fb.bandHeight).clamped(to: rows), into: fb, pool: fb.pools[b])
                }
            }
        }
        if let error = result.error { throw error }
        return result.job
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

    /// Below this many pixels a layer is drawn before the next is prepared, on the calling thread.
    static let parallelWork = 1024
}

/// Where the task preparing the next layer leaves its result; read after the batch has finished.
private final class PreparedSlot: @unchecked Sendable {
    var job: LayerJob?
    var error: RenderError?
}

/// Carries a closure into the parallel batch; it is called by exactly one task.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
