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

static int same_font(FcPattern *a, FcPattern *b) {
    FcChar8 *fa = NULL, *fb = NULL;
    int ia = 0, ib = 0;
    if (FcPatternGetString(a, FC_FILE, 0, &fa) != FcResultMatch || FcPatternGetString(b, FC_FILE, 0, &fb) != FcResultMatch) return 0;
    FcPatternGetInteger(a, FC_INDEX, 0, &ia);
    FcPatternGetInteger(b, FC_INDEX, 0, &ib);
    return ia == ib && FcStrCmp(fa, fb) == 0;
}

static int has_family(FcPattern *font, const char *family) {
    FcChar8 *name = NULL;
    for (int i = 0; FcPatternGetString(font, FC_FAMILY, i, &name) == FcResultMatch; i++) {
        if (FcStrCmpIgnoreCase(name, (const FcChar8 *)family) == 0) return 1;
    }
    return 0;
}

static void add_unique(FcFontSet *set, FcPattern *font) {
    for (int i = 0; i < set->nfont; i++) {
        if (same_font(set->fonts[i], font)) { FcPatternDestroy(font); return; }
    }
    if (!FcFontSetAdd(set, font)) FcPatternDestroy(font);
}

ctext_font_list *ctext_font_list_create_chain(const char *const *families, int count, const char *pattern, int empty_config) {
    ctext_font_list *list = calloc(1, sizeof *list);
    if (!list) return NULL;
    list->config = empty_config ? FcConfigCreate() : FcInitLoadConfigAndFonts();
    if (!list->config) return list;
    list->fonts = FcFontSetCreate();
    if (!list->fonts) return list;
    // Each family by name, kept only when fontconfig has that very family (not a substitute).
    for (int i = 0; i < count; i++) {
        FcPattern *request = FcNameParse((const FcChar8 *)families[i]);
        if (!request) continue;
        FcConfigSubstitute(list->config, request, FcMatchPattern);
        FcDefaultSubstitute(request);
        FcResult result;
        FcPattern *font = FcFontMatch(list->config, request, &result);
        FcPatternDestroy(request);
        if (!font) continue;
        if (has_family(font, families[i])) add_unique(list->fonts, font); else FcPatternDestroy(font);
    }
    // Then whatever else the machine has for the pattern, for characters the chain lacks.
    FcPattern *request = FcNameParse((const FcChar8 *)pattern);
    if (!request) return list;
    FcConfigSubstitute(list->config, request, FcMatchPattern);
    FcDefaultSubstitute(request);
    FcResult result;
    FcFontSet *sorted = FcFontSort(list->config, request, FcTrue, NULL, &result);
    FcPatternDestroy(request);
    if (!sorted) return list;
    for (int i = 0; i < sorted->nfont; i++) {
        FcPatternReference(sorted->fonts[i]);
        add_unique(list->fonts, sorted->fonts[i]);
    }
    FcFontSetDestroy(sorted);
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
    out->is_bgra = 0;
    return 0;
}

int ctext_face_has_color(FT_Face face) {
    return FT_HAS_COLOR(face) && face->num_fixed_sizes > 0 ? 1 : 0;
}

int ctext_render_color_glyph(FT_Face face, unsigned glyph, ctext_bitmap *out, int *ppem) {
    // Colour bitmap fonts (Noto Color Emoji's CBDT) come in fixed strikes: the largest is drawn
    // and the caller scales it to the text's size.
    int best = 0;
    for (int i = 1; i < face->num_fixed_sizes; i++) {
        if (face->available_sizes[i].y_ppem > face->available_sizes[best].y_ppem) best = i;
    }
    FT_Error error = FT_Select_Size(face, best);
    if (error) return error;
    error = FT_Load_Glyph(face, glyph, FT_LOAD_COLOR);
    if (error) return error;
    FT_GlyphSlot slot = face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP) {
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
        if (error) return error;
    }
    out->width = (int)slot->bitmap.width;
    out->rows = (int)slot->bitmap.rows;
    out->pitch = slot->bitmap.pitch;
    out->left = slot->bitmap_left;
    out->top = slot->bitmap_top;
    out->buffer = slot->bitmap.buffer;
    out->is_bgra = slot->bitmap.pixel_mode == FT_PIXEL_MODE_BGRA ? 1 : 0;
    *ppem = (int)face->size->metrics.y_ppem;
    return 0;
}

// LeakSanitizer's built-in suppressions for programs linking this shim (read only under
// -sanitize=address; an ordinary build never calls it). fontconfig stores the pointers inside
// a configuration as encoded offsets, so a configuration that is still alive at exit (the
// process-wide font list is, on purpose) looks leaked to LeakSanitizer: 288 bytes from
// FcInitLoadConfigAndFonts, and none once the configuration is destroyed. Allocations made by
// fontconfig itself are left out; every allocation of ours is still checked. FoundationXML
// (swift-corelibs-foundation) leaks the CFString of an XMLParser error message when libxml2
// reports malformed XML (_CFErrorCreateFromXMLInterface, 72 bytes; Fuzz/lsan.supp has it too):
// nothing of ours holds it, and without the suppression every malformed dump would exit 1.
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
    return "leak:libfontconfig.so\nleak:_CFErrorCreateFromXMLInterface\n";
}

// ...and without the table of suppressions used, which would follow every command's own output.
const char *__lsan_default_options(void);
const char *__lsan_default_options(void) {
    return "print_suppressions=0";
}
