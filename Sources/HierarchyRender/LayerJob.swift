import HierarchyImaging
import HierarchyLayout
import HierarchySource

/// Everything needed to draw one layer, prepared ahead: its projection, its fill (with the texture
/// at the size the picture needs) and its outline. Drawing is split by bands of rows.
struct LayerJob: @unchecked Sendable {
    enum Fill {
        case none
        case solid(SolidPaint)
        /// The chain is kept here so that it lives until the layer is drawn, then goes.
        case texture(TexturePaint, MipChain)
    }

    let projection: LayerProjection
    let fill: Fill
    let outline: [OutlineRasterizer.Segment]
    let outlineWidth: Double
    let outlineColour: SIMD4<Float>
    /// What of the picture the layer's fill hides whole, when it is opaque (see `Occlusion`).
    let occluder: Occluder?

    /// Prepares `layer` as `projection` (made for it) shows it: asks the provider for its texture
    /// (when contents are drawn and it shows), through `shared` when the provider names it. A
    /// `style` changes its fill's opacity and its outline. Its texture goes in `arena` while it has room.
    init(_ layer: Layer, style: LayerStyle?, projection: LayerProjection, options: RenderOptions, textures: some TextureProvider,
         shared: SharedChains? = nil, arena: TextureArena? = nil) throws(RenderError) {
        self.projection = projection
        let alpha = Float(layer.alpha * (style?.opacity ?? 1))
        if options.style.drawsContents && projection.isFillable && alpha > 0 {
            if let prepared = try TexturePreparation.prepare(layer, projection, textures: textures, shared: shared, arena: arena) {
                let paint = TexturePaint(sampler: TextureSampler(prepared.chain), alpha: alpha, needsLod: prepared.needsLod)
                fill = .texture(paint, prepared.chain)
            } else if let background = layer.backgroundColor {
                fill = .solid(SolidPaint(value: Framebuffer.premultiplied(background) * alpha))
            } else {
                fill = .none
            }
        } else {
            fill = .none
        }
        occluder = Occluder(projection: projection, fill: fill)
        let highlighted = layer.id == options.highlightID
        let styled = style?.outlineColor
        outline = options.style.drawsOutlines || highlighted || styled != nil ? OutlineRasterizer.segments(of: projection.polygon) : []
        outlineWidth = options.resolvedOutlineWidth * (highlighted ? 2.5 : 1) * (style?.outlineScale ?? 1)
        outlineColour = Framebuffer.premultiplied(highlighted ? options.highlightColor : styled ?? options.outlineColor)
    }

    /// The rows drawing touches, within the image.
    func rows(imageHeight: Int) -> Range<Int> {
        let fillRows: Range<Int>
        if case .none = fill { fillRows = 0..<0 } else { fillRows = projection.bounds.y0..<projection.bounds.y1 }
        let lineRows = OutlineRasterizer.rows(of: outline, width: outlineWidth, imageHeight: imageHeight)
        if fillRows.isEmpty { return lineRows }
        if lineRows.isEmpty { return fillRows }
        return min(fillRows.lowerBound, lineRows.lowerBound)..<max(fillRows.upperBound, lineRows.upperBound)
    }

    /// Draws the fill, then the outline, over `rows`, but for the pixels `hidden` says a layer
    /// drawn later paints over whole.
    func draw(rows: Range<Int>, into fb: Framebuffer, pool: SamplePool, hidden: Hidden? = nil, interiors: Bool = true) {
        switch fill {
        case .none: break
        case .solid(let paint): Rasterizer.fill(projection, paint: paint, rows: rows, into: fb, pool: pool, hidden: hidden, interiors: interiors)
        case .texture(let paint, _): Rasterizer.fill(projection, paint: paint, rows: rows, into: fb, pool: pool, hidden: hidden, interiors: interiors)
        }
        if !outline.isEmpty {
            OutlineRasterizer.draw(outline, width: outlineWidth, colour: outlineColour, rows: rows, into: fb, pool: pool, hidden: hidden)
        }
    }
}
