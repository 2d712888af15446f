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
/// picture. Layers are drawn one after the other, back to front; a `LayerPipeline` prepares the
/// next few layers' textures on another thread meanwhile, and a texture is let go as soon as its
/// layer is drawn, so only a handful are held at once.
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
        // Textures are prepared a few layers ahead on another thread while the bands are drawn.
        let pipeline = LayerPipeline(count: order.count) { (position: Int) throws(RenderError) -> LayerJob in
            try LayerJob(layout.layers[order[position]], style: options.layerStyles[order[position]],
                         geometry: geometry, viewpoint: viewpoint, options: options, textures: textures)
        }
        defer { pipeline.cancel() }
        var highlight: LayerJob?
        for position in order.indices {
            let job = try pipeline.take(position)
            if layout.layers[order[position]].id == options.highlightID { highlight = job }
            let rows = job.rows(imageHeight: fb.height)
            if job.work >= Renderer.parallelWork {
                inBands(rows, of: fb) { band, pool in job.draw(rows: band, into: fb, pool: pool) }
            } else if !rows.isEmpty {
                // Small layers: one task, no fan-out.
                let first = rows.lowerBound / fb.bandHeight, last = (rows.upperBound - 1) / fb.bandHeight
                for b in first...last { job.draw(rows: (b * fb.bandHeight..<(b + 1) * fb.bandHeight).clamped(to: rows), into: fb, pool: fb.pools[b]) }
            }
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

    /// Below this many pixels a layer is drawn on the calling thread alone, without fanning out.
    static let parallelWork = 1024
}
