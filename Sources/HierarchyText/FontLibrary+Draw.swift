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
        if glyphs.count >= Self.glyphCacheLimit { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = bitmap
        return bitmap
    }

    /// Source-over of `color` at the bitmap's coverage onto straight-alpha pixels, clipped to the image.
    private func blend(_ bitmap: GlyphBitmap, color: Color, into image: inout RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x), x1 = min(image.width, x + bitmap.width)
        let y0 = max(0, y), y1 = min(image.height, y + bitmap.rows)
        guard x0 < x1, y0 < y1 else { return }
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
}
