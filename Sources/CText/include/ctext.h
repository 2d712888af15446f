#ifndef CTEXT_H
#define CTEXT_H
// The few fontconfig and FreeType calls that read more clearly in C than from Swift:
// fontconfig's sorted fallback list (patterns, charsets) and FreeType's glyph rendering.
#include <stdint.h>
#include <ft2build.h>
#include FT_FREETYPE_H

/// Fonts for one pattern, best first, each adding coverage (fontconfig's trimmed sort).
typedef struct ctext_font_list ctext_font_list;

/// The fonts fontconfig sorts for `pattern` (e.g. "sans-serif"). With `empty_config` a
/// configuration without any font is used (for tests of the no-font path). Never NULL;
/// an empty list when fontconfig cannot start or finds nothing.
ctext_font_list *ctext_font_list_create(const char *pattern, int empty_config);
/// The fonts of `families` (each kept only when fontconfig has that very family, in that order),
/// then those fontconfig sorts for `pattern`, each font once: a fallback chain that starts the same
/// on every machine that has the families, whatever else it has.
ctext_font_list *ctext_font_list_create_chain(const char *const *families, int count, const char *pattern, int empty_config);
void ctext_font_list_destroy(ctext_font_list *list);
int ctext_font_list_count(const ctext_font_list *list);
/// The file of font `i` (owned by the list), or NULL.
const char *ctext_font_list_file(const ctext_font_list *list, int i);
/// The face index of font `i` inside its file.
int ctext_font_list_index(const ctext_font_list *list, int i);
/// 1 when font `i` has a glyph for `codepoint`.
int ctext_font_list_has_char(const ctext_font_list *list, int i, uint32_t codepoint);

/// A rendered glyph: 8-bit coverage rows, valid until the face renders another glyph.
typedef struct {
    int width, rows, pitch;
    /// Pixels from the pen position to the bitmap's left edge, and up to its top row.
    int left, top;
    const unsigned char *buffer;
    /// 1 when the rows are premultiplied BGRA (a colour glyph), 0 for 8-bit coverage.
    int is_bgra;
} ctext_bitmap;

/// Sets `face` to `size26` pixels (26.6). Returns 0 on success, a FreeType error otherwise.
/// Setting a size costs (scaled metrics are computed again): callers set it only when it changes.
int ctext_set_size(FT_Face face, long size26);

/// Renders glyph `glyph` of `face` at its current size, anti-aliased with light (vertical only)
/// hinting, moved right by `xshift26` (26.6, for sub-pixel positions). Returns 0 on success, a
/// FreeType error otherwise.
int ctext_render_glyph(FT_Face face, unsigned glyph, long xshift26, ctext_bitmap *out);

/// 1 when `face` draws colour bitmaps in fixed strikes (Noto Color Emoji's CBDT).
int ctext_face_has_color(FT_Face face);

/// Renders glyph `glyph` of a colour face at its largest strike (premultiplied BGRA, `is_bgra`
/// set) and gives the strike's pixels per em in `ppem`, for the caller to scale to its size.
int ctext_render_color_glyph(FT_Face face, unsigned glyph, ctext_bitmap *out, int *ppem);

#endif
