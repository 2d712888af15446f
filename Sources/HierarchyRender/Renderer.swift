import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Draws the exploded stack of a layout, in software, on all cores.
///
/// The pipeline, one file per stage: `Viewpoint+Fit` places the camera, `DrawOrder` sorts the
/// layers back to front, `LayerProjection` maps each layer to pixels, `MipChain` prepares its
/// texture at the size the picture needs, `Rasterizer` and `OutlineRasterizer` draw it into the
/// `Framebuffer`, band by band in parallel, and the framebuffer resolves to the picture.
/// Textures are asked for one layer at a time and let go when the layer is drawn.
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
    /// Layers (or parts of layers) behind a perspective camera are not drawn.
    public func render(_ layout: Layout, from viewpoint: Viewpoint, textures: some TextureProvider = NoTextures()) throws(RenderError) -> Rendering {
        var sized = options
        sized.size = viewpoint.imageSize
        try sized.validate()
        let fb = Framebuffer(width: viewpoint.imageSize.width, height: viewpoint.imageSize.height, background: options.background)
        let order = DrawOrder.sorted(layout, options: options, viewpoint: viewpoint)
        let geometry = StackGeometry(spacing: options.spacing)
        var highlight: [OutlineRasterizer.Segment] = []
        for index in order {
            let layer = layout.layers[index]
            let projection = LayerProjection(layer: layer, geometry: geometry, viewpoint: viewpoint)
            if options.style.drawsContents && projection.isFillable {
                try drawContents(of: layer, projection, textures: textures, into: fb)
            }
            let isHighlighted = layer.id == options.highlightID
            if options.style.drawsOutlines || isHighlighted {
                let segments = OutlineRasterizer.segments(of: projection.polygon)
                let width = options.resolvedOutlineWidth * (isHighlighted ? 2.5 : 1)
                let colour = Framebuffer.premultiplied(isHighlighted ? options.highlightColor : options.outlineColor)
                drawOutline(segments, width: width, colour: colour, into: fb)
                if isHighlighted { highlight = segments }
            }
        }
        // The highlighted layer's outline again, faintly, over everything: visible where nearer
        // layers hide it, so the selection is never lost.
        if !highlight.isEmpty {
            let faint = Framebuffer.premultiplied(options.highlightColor) * 0.4
            drawOutline(highlight, width: options.resolvedOutlineWidth * 2.5, colour: faint, into: fb)
        }
        return Rendering(image: fb.resolve(), viewpoint: viewpoint, drawOrder: order)
    }

    /// Fills a layer with its texture, or its background colour when it has none.
    private func drawContents(of layer: Layer, _ projection: LayerProjection, textures: some TextureProvider, into fb: Framebuffer) throws(RenderError) {
        if let prepared = try TexturePreparation.prepare(layer, projection, textures: textures) {
            let paint = TexturePaint(sampler: TextureSampler(prepared.chain), alpha: Float(layer.alpha), needsLod: prepared.needsLod)
            withExtendedLifetime(prepared.chain) { fill(projection, paint: paint, into: fb) }
        } else if let background = layer.backgroundColor {
            fill(projection, paint: SolidPaint(value: Framebuffer.premultiplied(background) * Float(layer.alpha)), into: fb)
        }
    }

    private func fill<P: Paint & Sendable>(_ projection: LayerProjection, paint: P, into fb: Framebuffer) {
        let rows = projection.bounds.y0..<projection.bounds.y1
        inBands(rows, of: fb, work: (projection.bounds.x1 - projection.bounds.x0) * rows.count) { band, pool in
            Rasterizer.fill(projection, paint: paint, rows: band, into: fb, pool: pool)
        }
    }

    private func drawOutline(_ segments: [OutlineRasterizer.Segment], width: Double, colour: SIMD4<Float>, into fb: Framebuffer) {
        let rows = OutlineRasterizer.rows(of: segments, width: width, imageHeight: fb.height)
        inBands(rows, of: fb, work: rows.count * 8) { band, pool in
            OutlineRasterizer.draw(segments, width: width, colour: colour, rows: band, into: fb, pool: pool)
        }
    }

    /// Runs `body` on each band of `rows`, in parallel when there is enough work to share.
    private func inBands(_ rows: Range<Int>, of fb: Framebuffer, work: Int, _ body: @Sendable (Range<Int>, SamplePool) -> Void) {
        guard !rows.isEmpty else { return }
        let first = rows.lowerBound / fb.bandHeight, last = (rows.upperBound - 1) / fb.bandHeight
        @Sendable func run(_ b: Int) {
            let band = (b * fb.bandHeight)..<((b + 1) * fb.bandHeight)
            body(band.clamped(to: rows), fb.pools[b])
        }
        if first == last || work < Renderer.parallelWork {
            for b in first...last { run(b) }
        } else {
            DispatchQueue.concurrentPerform(iterations: last - first + 1) { run(first + $0) }
        }
    }

    /// Below this many pixels a layer is drawn on the calling thread: sharing it costs more.
    static let parallelWork = 8192
}
