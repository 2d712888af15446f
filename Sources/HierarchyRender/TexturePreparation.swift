import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// Gets a layer's texture from the provider at the size the picture needs and builds its mip chain.
enum TexturePreparation {
    struct Prepared: @unchecked Sendable {
        let chain: MipChain
        /// Whether some part of the layer shows the texture smaller than level 0 (trilinear needed).
        let needsLod: Bool
    }

    /// The largest texture worth having: the pixels the frame spans where it is shown largest
    /// (so level 0 is about one texel a pixel there), never more than the plan's own size.
    static func neededSize(_ plan: TexturePlan, _ projection: LayerProjection) -> PixelSize {
        // The small slack keeps 100.0000001 pixels from asking for 101 texels.
        func side(_ span: Double, _ limit: Int) -> Int {
            span.isFinite ? max(1, min(limit, Int(min(Double(limit), (span - 1e-3).rounded(.up))))) : limit
        }
        return PixelSize(width: side(projection.maxSpan.s, plan.width), height: side(projection.maxSpan.t, plan.height))
    }

    /// At most how many bytes the layer's mip chain takes (level 0 of the needed size, and a
    /// third more for the smaller levels), known before anything is decoded.
    static func estimatedBytes(_ layer: Layer, _ projection: LayerProjection) -> Int {
        guard let plan = layer.texture, plan.width > 0, plan.height > 0, projection.isFillable else { return 0 }
        let size = neededSize(plan, projection)
        return size.width * size.height * MemoryLayout<SIMD4<Float>>.stride * 4 / 3
    }

    /// How much work preparing the layer's texture is, roughly: the snapshot pixels to decode and reduce.
    static func estimatedCost(_ layer: Layer) -> Int {
        guard let plan = layer.texture else { return 0 }
        return plan.crop.width * plan.crop.height
    }

    /// Nil when the layer has no texture plan, the provider has no texture for it, or the texture
    /// is transparent all over. The texels go in `arena` while it has room.
    static func prepare(_ layer: Layer, _ projection: LayerProjection, textures: some TextureProvider,
                        shared: SharedChains? = nil, arena: TextureArena? = nil) throws(RenderError) -> Prepared? {
        guard let plan = layer.texture, plan.width > 0, plan.height > 0 else { return nil }
        let wanted = neededSize(plan, projection)
        let streamed = textures.streamedTexture(for: layer, maxSize: wanted)
        let provided: RGBAImage?
        if streamed != nil {
            provided = nil
        } else {
            do {
                provided = try textures.texture(for: layer, maxSize: wanted)
            } catch {
                throw .textureFailed(layerID: layer.id, underlying: error)
            }
        }
        guard let size = streamed?.size ?? provided.map({ PixelSize(width: $0.width, height: $0.height) }),
              size.width > 0, size.height > 0 else { return nil }
        let finest = PixelSize(width: min(wanted.width, size.width), height: min(wanted.height, size.height))
        // Texels of level 0 per pixel where the layer is shown smallest.
        let ratio = max(Double(finest.width) / projection.minSpan.s, Double(finest.height) / projection.minSpan.t)
        // Up to 1.5 texels a pixel, bilinear filtering of level 0 alone does not alias; past it,
        // trilinear filtering picks levels per pixel.
        let needsLod = !(ratio <= 1.5)
        let levels = needsLod ? MipChain.levelCount(densityRatio: ratio) : 1
        let make = { () throws(RenderError) -> MipChain in
            guard let streamed else { return MipChain(provided!, finest: finest, levelCount: levels, arena: arena) }
            // Averaged as it is decoded: the whole image is never held.
            let base = TexelImage(width: finest.width, height: finest.height, arena: arena)
            do {
                try streamed.average(to: finest) { base.nextRow($0) }
            } catch {
                throw .textureFailed(layerID: layer.id, underlying: error)
            }
            base.finishRows()
            return MipChain(base: base, levelCount: levels)
        }
        let chain: MipChain
        if let shared, let key = textures.sharingKey(for: layer, maxSize: wanted) {
            chain = try shared.chain(for: SharedChains.Key(texture: key, finest: finest, levels: levels), make: make)
        } else {
            chain = try make()
        }
        // A texture with nothing to show (a container's empty snapshot) is not drawn at all.
        guard chain.isVisible else { return nil }
        return Prepared(chain: chain, needsLod: needsLod)
    }
}
