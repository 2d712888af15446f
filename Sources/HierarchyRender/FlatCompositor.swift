import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// The screen as it is, flat: a simple reference for the renderer's front view, and a quick
/// picture of what the hierarchy shows.
///
/// Each layer, in painter's order, is its texture (resampled by area averaging to the pixels of
/// its visible frame; nearest texel after that) or its background colour, times its effective
/// alpha, blended over what is below by the share of each pixel the frame covers. For frames on
/// the pixel grid this is exact, and the renderer's orthographic front view with margin 0 at the
/// same scale must give the same picture. A transformed layer (or one cut to a polygon) covers
/// each pixel by the exact area its polygon shares with the pixel, and takes the texel nearest to
/// where the pixel's centre falls in the view's bounds; there the renderer's 16 coverage samples
/// and filtering differ from it by a little along edges.
public enum FlatCompositor {
    /// The screen at `scale` pixels a point, over `background` (transparent by default), with
    /// only the layers in `depths` (all by default).
    public static func composite(
        _ layout: Layout, scale: Double = 1, background: Color = RenderOptions.transparent,
        depths: ClosedRange<Int>? = nil, textures: some TextureProvider = NoTextures()
    ) throws(RenderError) -> RGBAImage {
        let limit = Double(RenderOptions.maxSide)
        // Sides are checked as Doubles first, so that no scale (NaN, huge) can trap the conversion.
        let sides = ((layout.screen.width * scale).rounded(), (layout.screen.height * scale).rounded())
        guard sides.0 >= 1, sides.0 <= limit, sides.1 >= 1, sides.1 <= limit else {
            throw .invalidSize(width: sides.0.isFinite ? Int(max(-limit, min(sides.0, 2 * limit))) : 0,
                               height: sides.1.isFinite ? Int(max(-limit, min(sides.1, 2 * limit))) : 0, limit: RenderOptions.maxSide)
        }
        let width = Int(sides.0), height = Int(sides.1)
        var canvas = [SIMD4<Float>](repeating: Framebuffer.premultiplied(background), count: width * height)
        for layer in layout.layers where depths?.contains(layer.depth) ?? true {
            if layer.outline != nil || !layer.isUntransformed {
                try compositeTransformed(layer, screen: layout.screen, scale: scale, into: &canvas, width: width, height: height, textures: textures)
                continue
            }
            let x0 = (layer.frame.minX - layout.screen.minX) * scale, x1 = (layer.frame.maxX - layout.screen.minX) * scale
            let y0 = (layer.frame.minY - layout.screen.minY) * scale, y1 = (layer.frame.maxY - layout.screen.minY) * scale
            let texture = try self.texture(of: layer, width: x1 - x0, height: y1 - y0, textures: textures)
            guard texture != nil || layer.backgroundColor != nil else { continue }
            let solid = Framebuffer.premultiplied(layer.backgroundColor ?? RenderOptions.transparent)
            for y in max(0, Int(y0.rounded(.down)))..<min(height, Int(y1.rounded(.up))) {
                let cover = min(Double(y + 1), y1) - max(Double(y), y0)
                for x in max(0, Int(x0.rounded(.down)))..<min(width, Int(x1.rounded(.up))) {
                    let coverage = Float(cover * (min(Double(x + 1), x1) - max(Double(x), x0)))
                    guard coverage > 0 else { continue }
                    var colour = solid
                    if let texture {
                        let tx = Int((Double(x) + 0.5 - x0) / (x1 - x0) * Double(texture.width))
                        let ty = Int((Double(y) + 0.5 - y0) / (y1 - y0) * Double(texture.height))
                        colour = texel(texture, min(max(tx, 0), texture.width - 1), min(max(ty, 0), texture.height - 1))
                    }
                    let src = colour * Float(layer.alpha) * coverage
                    canvas[y * width + x] = src + canvas[y * width + x] * (1 - src.w)
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for i in canvas.indices { Framebuffer.store(canvas[i], into: out.baseAddress! + i * 4) }
        }
        return RGBAImage(width: width, height: height, pixels: bytes, alpha: .straight)
    }

    /// A transformed layer, or one cut to a polygon: each pixel gets the share of its square the
    /// polygon covers (computed exactly, by clipping the square to it), coloured by the texel
    /// nearest to where the pixel's centre falls in the view's bounds.
    private static func compositeTransformed(
        _ layer: Layer, screen: Rect, scale: Double, into canvas: inout [SIMD4<Float>], width: Int, height: Int,
        textures: some TextureProvider
    ) throws(RenderError) {
        let polygon = layer.polygon.map { Point(x: ($0.x - screen.minX) * scale, y: ($0.y - screen.minY) * scale) }
        guard let box = Rect.bounding(polygon) else { return }
        let texture = try self.texture(of: layer, width: Double(layer.texture?.width ?? 0), height: Double(layer.texture?.height ?? 0), textures: textures)
        guard texture != nil || layer.backgroundColor != nil else { return }
        let solid = Framebuffer.premultiplied(layer.backgroundColor ?? RenderOptions.transparent)
        let geometry = StackGeometry(spacing: 0)
        for y in max(0, Int(box.minY.rounded(.down)))..<min(height, Int(box.maxY.rounded(.up))) {
            for x in max(0, Int(box.minX.rounded(.down)))..<min(width, Int(box.maxX.rounded(.up))) {
                let pixel = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                let coverage = Float(ConvexPolygon.area(ConvexPolygon.clip(pixel.corners, to: polygon)))
                guard coverage > 0 else { continue }
                var colour = solid
                if let texture {
                    let centre = Point(x: (Double(x) + 0.5) / scale + screen.minX, y: (Double(y) + 0.5) / scale + screen.minY)
                    let (s, t) = geometry.textureCoordinates(of: centre, on: layer)
                    let tx = Int(saturating: (s * Double(texture.width)).rounded(.down)), ty = Int(saturating: (t * Double(texture.height)).rounded(.down))
                    colour = texel(texture, min(max(tx, 0), texture.width - 1), min(max(ty, 0), texture.height - 1))
                }
                let src = colour * Float(layer.alpha) * min(coverage, 1)
                canvas[y * width + x] = src + canvas[y * width + x] * (1 - src.w)
            }
        }
    }

    /// The layer's texture, premultiplied, reduced to the frame's pixel size when larger.
    private static func texture(of layer: Layer, width: Double, height: Double, textures: some TextureProvider) throws(RenderError) -> RGBAImage? {
        guard let plan = layer.texture, plan.width > 0, plan.height > 0 else { return nil }
        let w = max(1, min(plan.width, Int(width.rounded()))), h = max(1, min(plan.height, Int(height.rounded())))
        let image: RGBAImage?
        do { image = try textures.texture(for: layer, maxSize: PixelSize(width: w, height: h)) } catch {
            throw .textureFailed(layerID: layer.id, underlying: error)
        }
        guard let image, image.width > 0, image.height > 0 else { return nil }
        return image.premultiplied().resampled(width: min(w, image.width), height: min(h, image.height))
    }

    private static func texel(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Float> {
        let c = image[x, y]
        return SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) / 255
    }
}
