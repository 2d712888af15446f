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
    ///
    /// With `regions` (rectangles of the picture's pixels), only the pixels inside them are
    /// composited: they are exactly as the whole picture has them, every other pixel is
    /// `background`, and a layer that touches no region is skipped, its texture never read (the
    /// audit's contrast rules read only the pixels under the views they judge).
    public static func composite(
        _ layout: Layout, scale: Double = 1, background: Color = RenderOptions.transparent,
        depths: ClosedRange<Int>? = nil, textures: some TextureProvider = NoTextures(), regions: [PixelRect]? = nil
    ) throws(RenderError) -> RGBAImage {
        let limit = Double(RenderOptions.maxSide)
        // Sides are checked as Doubles first, so that no scale (NaN, huge) can trap the conversion.
        let sides = ((layout.screen.width * scale).rounded(), (layout.screen.height * scale).rounded())
        guard sides.0 >= 1, sides.0 <= limit, sides.1 >= 1, sides.1 <= limit else {
            throw .invalidSize(width: sides.0.isFinite ? Int(max(-limit, min(sides.0, 2 * limit))) : 0,
                               height: sides.1.isFinite ? Int(max(-limit, min(sides.1, 2 * limit))) : 0, limit: RenderOptions.maxSide)
        }
        let width = Int(sides.0), height = Int(sides.1)
        let mask = regions.map { Mask($0, width: width, height: height) }
        var canvas = [SIMD4<Float>](repeating: Framebuffer.premultiplied(background), count: width * height)
        var shared: [SharedTexture: RGBAImage?] = [:]
        for layer in layout.layers where depths?.contains(layer.depth) ?? true {
            if layer.outline != nil || !layer.isUntransformed {
                try compositeTransformed(layer, screen: layout.screen, scale: scale, into: &canvas, width: width, height: height, textures: textures, mask: mask, shared: &shared)
                continue
            }
            let x0 = (layer.frame.minX - layout.screen.minX) * scale, x1 = (layer.frame.maxX - layout.screen.minX) * scale
            let y0 = (layer.frame.minY - layout.screen.minY) * scale, y1 = (layer.frame.maxY - layout.screen.minY) * scale
            let xs = span(x0, x1, width), ys = span(y0, y1, height)
            guard !xs.isEmpty, !ys.isEmpty, mask?.touches(xs, ys) ?? true else { continue }
            let texture = try self.texture(of: layer, width: x1 - x0, height: y1 - y0, textures: textures, shared: &shared)
            guard texture != nil || layer.backgroundColor != nil else { continue }
            let solid = Framebuffer.premultiplied(layer.backgroundColor ?? RenderOptions.transparent)
            let alpha = Float(layer.alpha)
            // What each column shares of the frame and which texel column it takes, once a layer.
            var columnCover = [Double](repeating: 0, count: xs.count), columnTexel = [Int](repeating: 0, count: xs.count)
            for x in xs {
                columnCover[x - xs.lowerBound] = min(Double(x + 1), x1) - max(Double(x), x0)
                if let texture {
                    let tx = Int((Double(x) + 0.5 - x0) / (x1 - x0) * Double(texture.width))
                    columnTexel[x - xs.lowerBound] = min(max(tx, 0), texture.width - 1)
                }
            }
            let texels = texture?.pixels ?? [], textured = texture != nil
            let inside = mask?.inside ?? [], masked = mask != nil
            texels.withUnsafeBufferPointer { texels in
                inside.withUnsafeBufferPointer { inside in
                columnCover.withUnsafeBufferPointer { columnCover in
                columnTexel.withUnsafeBufferPointer { columnTexel in
                canvas.withUnsafeMutableBufferPointer { canvas in
                    for y in ys {
                        let cover = min(Double(y + 1), y1) - max(Double(y), y0)
                        var row = 0
                        if let texture {
                            let ty = Int((Double(y) + 0.5 - y0) / (y1 - y0) * Double(texture.height))
                            row = min(max(ty, 0), texture.height - 1) * texture.width
                        }
                        for x in xs {
                            if masked && !inside[y * width + x] { continue }
                            let k = x - xs.lowerBound
                            let coverage = Float(cover * columnCover[k])
                            guard coverage > 0 else { continue }
                            var colour = solid
                            if textured {
                                let t = 4 * (row + columnTexel[k])
                                colour = SIMD4(Float(texels[t]), Float(texels[t + 1]), Float(texels[t + 2]), Float(texels[t + 3])) / 255
                            }
                            let src = colour * alpha * coverage
                            canvas[y * width + x] = src + canvas[y * width + x] * (1 - src.w)
                        }
                    }
                }
                }
                }
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for i in canvas.indices { Framebuffer.store(canvas[i], into: out.baseAddress! + i * 4) }
        }
        return RGBAImage(width: width, height: height, pixels: bytes, alpha: .straight)
    }

    /// The whole pixels from `low` to `high` within 0..<`limit` (empty when they miss it).
    private static func span(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let a = max(0, min(limit, Int(max(-1, min(Double(limit), low.rounded(.down))))))
        let b = max(0, min(limit, Int(max(-1, min(Double(limit), high.rounded(.up))))))
        return a < b ? a..<b : 0..<0
    }

    /// The pixels `regions` cover, and their bounding boxes for skipping layers.
    struct Mask {
        let width: Int
        var inside: [Bool]
        let boxes: [PixelRect]

        init(_ regions: [PixelRect], width: Int, height: Int) {
            self.width = width
            inside = [Bool](repeating: false, count: width * height)
            var boxes: [PixelRect] = []
            for r in regions {
                let (x0, x1) = (max(0, r.x), min(width, r.x + r.width)), (y0, y1) = (max(0, r.y), min(height, r.y + r.height))
                guard x0 < x1, y0 < y1 else { continue }
                let xs = x0..<x1, ys = y0..<y1
                boxes.append(PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count))
                for y in ys { for x in xs { inside[y * width + x] = true } }
            }
            self.boxes = boxes
        }

        @inline(__always) func contains(_ x: Int, _ y: Int) -> Bool { inside[y * width + x] }

        /// Whether any region meets the pixels `xs` × `ys`.
        func touches(_ xs: Range<Int>, _ ys: Range<Int>) -> Bool {
            boxes.contains { $0.x < xs.upperBound && xs.lowerBound < $0.x + $0.width && $0.y < ys.upperBound && ys.lowerBound < $0.y + $0.height }
        }
    }

    /// A transformed layer, or one cut to a polygon: each pixel gets the share of its square the
    /// polygon covers (computed exactly, by clipping the square to it), coloured by the texel
    /// nearest to where the pixel's centre falls in the view's bounds.
    private static func compositeTransformed(
        _ layer: Layer, screen: Rect, scale: Double, into canvas: inout [SIMD4<Float>], width: Int, height: Int,
        textures: some TextureProvider, mask: Mask?, shared: inout [SharedTexture: RGBAImage?]
    ) throws(RenderError) {
        let polygon = layer.polygon.map { Point(x: ($0.x - screen.minX) * scale, y: ($0.y - screen.minY) * scale) }
        guard let box = Rect.bounding(polygon) else { return }
        let xs = span(box.minX, box.maxX, width), ys = span(box.minY, box.maxY, height)
        guard !xs.isEmpty, !ys.isEmpty, mask?.touches(xs, ys) ?? true else { return }
        let texture = try self.texture(of: layer, width: Double(layer.texture?.width ?? 0), height: Double(layer.texture?.height ?? 0), textures: textures, shared: &shared)
        guard texture != nil || layer.backgroundColor != nil else { return }
        let solid = Framebuffer.premultiplied(layer.backgroundColor ?? RenderOptions.transparent)
        let geometry = StackGeometry(spacing: 0)
        for y in ys {
            for x in xs {
                if let mask, !mask.contains(x, y) { continue }
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

    /// The layer's texture, premultiplied, reduced to the frame's pixel size when larger; made
    /// once for the layers whose textures the provider says are the same (`sharingKey`).
    private static func texture(
        of layer: Layer, width: Double, height: Double, textures: some TextureProvider, shared: inout [SharedTexture: RGBAImage?]
    ) throws(RenderError) -> RGBAImage? {
        guard let plan = layer.texture, plan.width > 0, plan.height > 0 else { return nil }
        let w = max(1, min(plan.width, Int(width.rounded()))), h = max(1, min(plan.height, Int(height.rounded())))
        let size = PixelSize(width: w, height: h)
        let key = textures.sharingKey(for: layer, maxSize: size).map { SharedTexture(key: $0, size: size) }
        if let key, let made = shared[key] { return made }
        let image: RGBAImage?
        do { image = try textures.texture(for: layer, maxSize: size) } catch {
            throw .textureFailed(layerID: layer.id, underlying: error)
        }
        var made: RGBAImage?
        if let image, image.width > 0, image.height > 0 {
            made = image.premultiplied().resampled(width: min(w, image.width), height: min(h, image.height))
        }
        // Kept for the layers after only while small: a screen's worth of snapshot is made again.
        if let key, w * h <= sharedTexels { shared[key] = made }
        return made
    }

    /// The largest texture kept for other layers with the same one (a cell, an icon), in pixels.
    static let sharedTexels = 1 << 18

    /// A shared texture at the size one layer asks for.
    private struct SharedTexture: Hashable {
        let key: TextureKey
        let size: PixelSize
    }

    private static func texel(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD4<Float> {
        let c = image[x, y]
        return SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) / 255
    }
}
