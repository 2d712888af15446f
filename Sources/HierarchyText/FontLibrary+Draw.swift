import CText
import HierarchyImaging
import HierarchyModel

/// A rendered glyph's coverage, kept for reuse.
struct GlyphBitmap {
    var width: Int
    var rows: Int
    var left: Int
    var top: Int
    var coverage: [UInt8]
    /// A colour glyph's premultiplied RGBA pixels (then `coverage` is empty).
    var color: [UInt8]? = nil
}

/// A glyph at one size and one of four sub-pixel offsets.
struct GlyphKey: Hashable {
    var font: Int
    var glyph: UInt32
    var size26: Int
    var phase: Int
}

/// Drawing typeset text into an image, anti-aliased (FreeType's 8-bit coverage), glyphs placed
/// to a quarter pixel across.
extension FontLibrary {
    /// Sub-pixel positions a glyph is rendered at across a pixel.
    static let phases = 4
    /// Glyph bitmaps kept before the cache is emptied (a few megabytes at label sizes).
    static let glyphCacheLimit = 8192

    /// Draws `text` in `color` into `image` (straight alpha), its box's top left at (`x`, `y`) pixels.
    public func draw(_ text: TypesetText, in color: Color, into image: inout RGBAImage, x: Double, y: Double) {
        lock.lock()
        defer { lock.unlock() }
        let size26 = Int((text.size * 64).rounded())
        for line in text.lines {
            let baseline = Int((y + line.baseline).rounded())
            for glyph in line.glyphs {
                let penX = x + line.x + glyph.x
                let whole = penX.rounded(.down)
                let phase = min(Self.phases - 1, Int(((penX - whole) * Double(Self.phases)).rounded(.down)))
                guard let bitmap = bitmap(GlyphKey(font: glyph.font, glyph: glyph.glyph, size26: size26, phase: phase)) else { continue }
                blend(bitmap, color: color, into: &image, x: Int(whole) + bitmap.left, y: baseline + Int(glyph.y.rounded()) - bitmap.top)
            }
        }
    }

    /// The glyph rendered by FreeType, from the cache when it was drawn before. Caller holds the lock.
    private func bitmap(_ key: GlyphKey) -> GlyphBitmap? {
        if let known = glyphs[key] { return known }
        guard let face = face(key.font) else { return nil }
        if face.isColor { return remember(colorBitmap(face, key), key) }
        var raw = ctext_bitmap()
        let shift = key.phase * 64 / Self.phases
        if face.size26 != key.size26 {
            guard ctext_set_size(face.face, key.size26) == 0 else { return nil }
            face.size26 = key.size26
        }
        guard ctext_render_glyph(face.face, key.glyph, shift, &raw) == 0 else { return nil }
        var coverage = [UInt8](repeating: 0, count: Int(raw.width) * Int(raw.rows))
        if let buffer = raw.buffer {
            for row in 0..<Int(raw.rows) {
                for column in 0..<Int(raw.width) { coverage[row * Int(raw.width) + column] = buffer[row * Int(raw.pitch) + column] }
            }
        }
        let bitmap = GlyphBitmap(width: Int(raw.width), rows: Int(raw.rows), left: Int(raw.left), top: Int(raw.top), coverage: coverage)
        return remember(bitmap, key)
    }

    private func remember(_ bitmap: GlyphBitmap?, _ key: GlyphKey) -> GlyphBitmap? {
        guard let bitmap else { return nil }
        if glyphs.count >= Self.glyphCacheLimit { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = bitmap
        return bitmap
    }

    /// A colour glyph: the font's largest strike, scaled to the key's size by area averaging
    /// (premultiplied, so that edges keep their colour). Caller holds the lock.
    private func colorBitmap(_ face: FontFace, _ key: GlyphKey) -> GlyphBitmap? {
        var raw = ctext_bitmap()
        var ppem: Int32 = 0
        face.size26 = -1
        guard ctext_render_color_glyph(face.face, key.glyph, &raw, &ppem) == 0, ppem > 0, raw.is_bgra != 0, let buffer = raw.buffer else { return nil }
        let factor = Double(key.size26) / 64 / Double(ppem)
        let width = max(1, Int((Double(raw.width) * factor).rounded())), rows = max(1, Int((Double(raw.rows) * factor).rounded()))
        var color = [UInt8](repeating: 0, count: width * rows * 4)
        for y in 0..<rows {
            let sy0 = Int(Double(y) / factor), sy1 = max(sy0 + 1, min(Int(raw.rows), Int(Double(y + 1) / factor)))
            for x in 0..<width {
                let sx0 = Int(Double(x) / factor), sx1 = max(sx0 + 1, min(Int(raw.width), Int(Double(x + 1) / factor)))
                var sum = (0, 0, 0, 0), count = 0
                for sy in sy0..<min(sy1, Int(raw.rows)) {
                    for sx in sx0..<min(sx1, Int(raw.width)) {
                        let i = sy * Int(raw.pitch) + sx * 4
                        // FreeType's BGRA, premultiplied.
                        sum = (sum.0 + Int(buffer[i + 2]), sum.1 + Int(buffer[i + 1]), sum.2 + Int(buffer[i]), sum.3 + Int(buffer[i + 3]))
                        count += 1
                    }
                }
                guard count > 0 else { continue }
                let o = (y * width + x) * 4
                color[o] = UInt8(sum.0 / count); color[o + 1] = UInt8(sum.1 / count)
                color[o + 2] = UInt8(sum.2 / count); color[o + 3] = UInt8(sum.3 / count)
            }
        }
        return GlyphBitmap(width: width, rows: rows, left: Int((Double(raw.left) * factor).rounded()),
                           top: Int((Double(raw.top) * factor).rounded()), coverage: [], color: color)
    }

    /// Source-over of `color` at the bitmap's coverage onto straight-alpha pixels, clipped to the image.
    private func blend(_ bitmap: GlyphBitmap, color: Color, into image: inout RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x), x1 = min(image.width, x + bitmap.width)
        let y0 = max(0, y), y1 = min(image.height, y + bitmap.rows)
        guard x0 < x1, y0 < y1 else { return }
        if let pixels = bitmap.color {
            return blendColor(pixels, width: bitmap.width, opacity: Float(color.alpha) / 255, into: &image, x: x, y: y, rows: y0..<y1, columns: x0..<x1)
        }
        let sr = Float(color.red), sg = Float(color.green), sb = Float(color.blue), sa = Float(color.alpha) / 255
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in y0..<y1 {
                for column in x0..<x1 {
                    let cover = bitmap.coverage[(row - y) * bitmap.width + column - x]
                    guard cover > 0 else { continue }
                    let a = Float(cover) / 255 * sa
                    let i = (row * width + column) * 4
                    let da = Float(pixels[i + 3]) / 255
                    let outA = a + da * (1 - a)
                    guard outA > 0 else { continue }
                    func mix(_ s: Float, _ d: UInt8) -> UInt8 { UInt8(min(255, ((s * a + Float(d) * da * (1 - a)) / outA).rounded())) }
                    pixels[i] = mix(sr, pixels[i]); pixels[i + 1] = mix(sg, pixels[i + 1]); pixels[i + 2] = mix(sb, pixels[i + 2])
                    pixels[i + 3] = UInt8((outA * 255).rounded())
                }
            }
        }
    }

    /// Source-over of a colour glyph's premultiplied pixels, at the text colour's opacity, onto
    /// straight-alpha pixels.
    private func blendColor(_ source: [UInt8], width: Int, opacity: Float, into image: inout RGBAImage, x: Int, y: Int,
                            rows: Range<Int>, columns: Range<Int>) {
        let imageWidth = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in rows {
                for column in columns {
                    let s = ((row - y) * width + column - x) * 4
                    let a = Float(source[s + 3]) / 255 * opacity
                    guard a > 0 else { continue }
                    let i = (row * imageWidth + column) * 4
                    let da = Float(pixels[i + 3]) / 255
                    let outA = a + da * (1 - a)
                    func mix(_ premultiplied: UInt8, _ d: UInt8) -> UInt8 {
                        UInt8(min(255, ((Float(premultiplied) * opacity + Float(d) * da * (1 - a)) / outA).rounded()))
                    }
                    pixels[i] = mix(source[s], pixels[i]); pixels[i + 1] = mix(source[s + 1], pixels[i + 1])
                    pixels[i + 2] = mix(source[s + 2], pixels[i + 2])
                    pixels[i + 3] = UInt8((outA * 255).rounded())
                }
            }
        }
    }
}
