#include "ctext.h"
#include <fontconfig/fontconfig.h>
#include FT_OUTLINE_H
#include <stdlib.h>

struct ctext_font_list {
    FcConfig *config;
    FcFontSet *fonts;
};

ctext_font_list *ctext_font_list_create(const char *pattern, int empty_config) {
    ctext_font_list *list = calloc(1, sizeof *list);
    if (!list) return NULL;
    list->config = empty_config ? FcConfigCreate() : FcInitLoadConfigAndFonts();
    if (!list->config) return list;
    FcPattern *request = FcNameParse((const FcChar8 *)pattern);
    if (!request) return list;
    FcConfigSubstitute(list->config, request, FcMatchPattern);
    FcDefaultSubstitute(request);
    FcResult result;
    // Trimmed: each font in the list covers characters the ones before it lack.
    list->fonts = FcFontSort(list->config, request, FcTrue, NULL, &result);
    FcPatternDestroy(request);
    return list;
}

void ctext_font_list_destroy(ctext_font_list *list) {
    if (!list) return;
    if (list->fonts) FcFontSetDestroy(list->fonts);
    if (list->config) FcConfigDestroy(list->config);
    free(list);
}

int ctext_font_list_count(const ctext_font_list *list) {
    return list && list->fonts ? list->fonts->nfont : 0;
}

static FcPattern *font_at(const ctext_font_list *list, int i) {
    return i >= 0 && i < ctext_font_list_count(list) ? list->fonts->fonts[i] : NULL;
}

const char *ctext_font_list_file(const ctext_font_list *list, int i) {
    FcPattern *font = font_at(list, i);
    FcChar8 *file = NULL;
    if (!font || FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch) return NULL;
    return (const char *)file;
}

int ctext_font_list_index(const ctext_font_list *list, int i) {
    FcPattern *font = font_at(list, i);
    int index = 0;
    if (font) FcPatternGetInteger(font, FC_INDEX, 0, &index);
    return index;
}

int ctext_font_list_has_char(const ctext_font_list *list, int i, uint32_t codepoint) {
    FcPattern *font = font_at(list, i);
    FcCharSet *charset = NULL;
    if (!font || FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch) return 0;
    return FcCharSetHasChar(charset, codepoint) ? 1 : 0;
}

int ctext_set_size(FT_Face face, long size26) {
    return FT_Set_Char_Size(face, 0, size26, 72, 72);
}

int ctext_render_glyph(FT_Face face, unsigned glyph, long xshift26, ctext_bitmap *out) {
    // Light hinting fits stems vertically only, so HarfBuzz's unhinted advances still hold.
    FT_Error error = FT_Load_Glyph(face, glyph, FT_LOAD_TARGET_LIGHT | FT_LOAD_NO_BITMAP);
    if (error) return error;
    FT_GlyphSlot slot = face->glyph;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE && xshift26 != 0) FT_Outline_Translate(&slot->outline, xshift26, 0);
    error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
    if (error) return error;
    out->width = (int)slot->bitmap.width;
    out->rows = (int)slot->bitmap.rows;
    out->pitch = slot->bitmap.pitch;
    out->left = slot->bitmap_left;
    out->top = slot->bitmap_top;
    out->buffer = slot->bitmap.buffer;
    return 0;
}

// LeakSanitizer's built-in suppressions for programs linking this shim (read only under
// -sanitize=address; an ordinary build never calls it). fontconfig stores the pointers inside
// a configuration as encoded offsets, so a configuration that is still alive at exit (the
// process-wide font list is, on purpose) looks leaked to LeakSanitizer: 288 bytes from
// FcInitLoadConfigAndFonts, and none once the configuration is destroyed. Allocations made by
// fontconfig itself are left out; every allocation of ours is still checked.
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
    return "leak:libfontconfig.so\n";
}

// ...and without the table of suppressions used, which would follow every command's own output.
const char *__lsan_default_options(void);
const char *__lsan_default_options(void) {
    return "print_suppressions=0";
}
