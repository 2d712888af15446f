import CFreeType
import CHarfBuzz
import CText

/// One font file opened twice over: by FreeType to draw its glyphs, by HarfBuzz to shape text.
/// Used only under its library's lock (FreeType faces are not safe across threads).
final class FontFace {
    let face: FT_Face
    /// hb_font_t, at its default scale: positions come in font units.
    let shaper: OpaquePointer
    let unitsPerEm: Double
    /// Ascender and descender (positive, below the baseline) as fractions of the em.
    let ascent: Double
    let descent: Double
    /// The size FreeType is set to (26.6 pixels), so that it is set again only when it changes.
    var size26 = -1
    /// Whether the font draws colour bitmaps (emoji), in fixed strikes scaled to the text's size.
    let isColor: Bool

    /// Nil when FreeType or HarfBuzz cannot read the file.
    init?(library: FT_Library, file: String, index: Int) {
        var opened: FT_Face?
        guard FT_New_Face(library, file, index, &opened) == 0, let face = opened else { return nil }
        guard let blob = hb_blob_create_from_file(file) else { FT_Done_Face(face); return nil }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { FT_Done_Face(face); return nil }
        self.face = face
        shaper = font
        isColor = ctext_face_has_color(face) != 0
        let units = Double(max(1, face.pointee.units_per_EM))
        unitsPerEm = Double(hb_face_get_upem(hbFace))
        // Bitmap-only or odd fonts may leave these zero; a common sans ratio stands in then.
        let ascender = Double(face.pointee.ascender), descender = Double(face.pointee.descender)
        ascent = ascender > 0 ? ascender / units : 0.93
        descent = descender < 0 ? -descender / units : 0.24
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
    }
}
