// The fast path for image rows.
//
// libpng undoes PNG's row filters one byte at a time (its Up filter is a byte loop the compiler
// does not vectorize) and copies every row twice on the way out: on a capture of 2,000 small
// snapshots that is most of the decoding. For the images devices write — 8-bit RGB or RGBA, not
// interlaced — held in memory, once libpng has read and checked everything before the image data
// (signature, IHDR, PLTE, the ancillary chunks) and set up the conversion, the rows are inflated
// here with zlib and unfiltered in loops the compiler vectorizes.
//
// The fast path only ever steps aside, never fails: a chunk's CRC that does not match, a zlib error,
// a filter byte out of range, the data ending early, a chunk other than IDAT among the image data,
// anything after the compressed stream. Then libpng starts again from the first byte, reads the
// rows already given (they come from checked chunks, so it reads them the same), and goes on from
// there; every error, and its message, is libpng's own, and a row is written only once whole.
// Each IDAT chunk's CRC is checked before any of its bytes are used; the last row is given only
// once the compressed stream has ended cleanly, where libpng's last png_read_row looks for its end.
// The tests decode every file both ways and compare (HierarchyImagingTests' PNGFastRowsTests, and
// the FuzzPNG target on arbitrary bytes).

#include <stdlib.h>
#include <string.h>
#include "decoder.h"

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/// Whether the chunk whose header is at `at` is named `name`, lies inside the data whole (its
/// header, data and CRC) with a length PNG allows, and has the right CRC; gives its data length.
static int chunk_at(const cpng_decoder *decoder, size_t at, const char *name, uint32_t *length) {
    if (at > decoder->size || decoder->size - at < 12) return 0;
    const uint8_t *header = decoder->data + at;
    uint32_t n = be32(header);
    if (n > PNG_UINT_31_MAX || memcmp(header + 4, name, 4) != 0 || decoder->size - at - 12 < n) return 0;
    // The CRC covers the name and the data; zlib's crc32 takes at most UINT_MAX bytes a call.
    uLong crc = crc32(0L, header + 4, (uInt)(4 + n));
    if ((uint32_t)crc != be32(header + 8 + n)) return 0;
    *length = n;
    return 1;
}

/// Feeds zlib the next IDAT chunk after the current one; 0 when the next chunk is not a sound IDAT.
static int next_idat(cpng_decoder *decoder) {
    cpng_fast *fast = decoder->fast;
    size_t at = fast->chunk_end + 4;
    uint32_t length;
    if (!chunk_at(decoder, at, "IDAT", &length)) return 0;
    fast->zlib.next_in = (Bytef *)(decoder->data + at + 8);
    fast->zlib.avail_in = (uInt)length;
    fast->chunk_end = at + 8 + length;
    return 1;
}

void cpng_fast_release(cpng_decoder *decoder) {
    cpng_fast *fast = decoder->fast;
    if (fast == NULL) return;
    inflateEnd(&fast->zlib);
    free(fast->rows);
    free(fast);
    decoder->fast = NULL;
}

int cpng_fast_pixel_bytes(cpng_decoder *decoder) {
    if (decoder->libpng_only || decoder->data == NULL) return 0;
    png_uint_32 width, height;
    int depth, colour, interlace;
    if (!png_get_IHDR(decoder->png, decoder->info, &width, &height, &depth, &colour, &interlace, NULL, NULL)) return 0;
    if (depth != 8 || interlace != PNG_INTERLACE_NONE) return 0;
    // RGBA as it is, or RGB without a transparent colour (libpng adds alpha 255): what libpng's
    // conversion to 8-bit RGBA leaves unchanged but for the filler.
    if (colour == PNG_COLOR_TYPE_RGB_ALPHA) return 4;
    return colour == PNG_COLOR_TYPE_RGB && !png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS) ? 3 : 0;
}

void cpng_fast_begin(cpng_decoder *decoder, int pixel) {
    if (pixel == 0 || decoder->fast != NULL) return;
    png_uint_32 width = png_get_image_width(decoder->png, decoder->info);
    png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    // png_read_info stops right after the first IDAT chunk's header; its data begins here.
    size_t at = decoder->offset;
    uint32_t length;
    if (at < 8 || !chunk_at(decoder, at - 8, "IDAT", &length)) return;
    cpng_fast *fast = calloc(1, sizeof *fast);
    if (fast == NULL) return;
    fast->pixel = (size_t)pixel;
    fast->stored = (size_t)width * fast->pixel;
    fast->width = width;
    fast->height = height;
    // Zeroed: the row before the first is all zeros to the filters.
    fast->rows = calloc(2, fast->stored + 1);
    // As libpng inflates: the window size from the stream's header, the Adler-32 checked unless
    // libpng was told to ignore it (cpng.c does when libpng and zlib allow).
    if (fast->rows == NULL || inflateInit2(&fast->zlib, 0) != Z_OK) {
        free(fast->rows);
        free(fast);
        return;
    }
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED) && ZLIB_VERNUM >= 0x1290
    inflateValidate(&fast->zlib, 0);
#endif
    fast->zlib.next_in = (Bytef *)(decoder->data + at);
    fast->zlib.avail_in = (uInt)length;
    fast->chunk_end = at + length;
    decoder->fast = fast;
}

/// Inflates into `out` until it holds `count` bytes; 0 when the stream errs, ends first, or runs
/// out of IDAT chunks. Gives whether the stream ended (exactly at the last byte).
static int inflate_exactly(cpng_decoder *decoder, uint8_t *out, size_t count, int *ended) {
    z_stream *zlib = &decoder->fast->zlib;
    zlib->next_out = out;
    zlib->avail_out = (uInt)count;
    *ended = 0;
    while (zlib->avail_out > 0) {
        if (zlib->avail_in == 0 && !next_idat(decoder)) return 0;
        int status = inflate(zlib, Z_NO_FLUSH);
        if (status == Z_STREAM_END) {
            *ended = 1;
            return zlib->avail_out == 0;
        }
        // Z_BUF_ERROR with input left would mean no progress: step aside rather than spin.
        if (status != Z_OK && !(status == Z_BUF_ERROR && zlib->avail_in == 0)) return 0;
    }
    return 1;
}

/// Whether the compressed stream ends right after the last row, within the IDAT chunk that holds
/// the end (no bytes left in it) and with no IDAT chunk after it: what libpng takes in silence.
static int stream_ends_cleanly(cpng_decoder *decoder, int ended) {
    z_stream *zlib = &decoder->fast->zlib;
    while (!ended) {
        uint8_t extra;
        zlib->next_out = &extra;
        zlib->avail_out = 1;
        if (zlib->avail_in == 0 && !next_idat(decoder)) return 0;
        int status = inflate(zlib, Z_NO_FLUSH);
        if (zlib->avail_out == 0) return 0; // more image data than rows
        if (status == Z_STREAM_END) ended = 1;
        else if (status != Z_OK && !(status == Z_BUF_ERROR && zlib->avail_in == 0)) return 0;
    }
    uint32_t length;
    return zlib->avail_in == 0 && !chunk_at(decoder, decoder->fast->chunk_end + 4, "IDAT", &length);
}

/// Undoes `filter` on `row` (`count` bytes, `pixel` bytes a pixel) given the row above, `above`
/// (zeros for the first row); 0 for a filter PNG does not define. The arithmetic is PNG's, modulo 256.
static int unfilter(uint8_t *restrict row, const uint8_t *restrict above, size_t count, size_t pixel, uint8_t filter) {
    switch (filter) {
    case PNG_FILTER_VALUE_NONE:
        return 1;
    case PNG_FILTER_VALUE_SUB:
        for (size_t i = pixel; i < count; i++) row[i] = (uint8_t)(row[i] + row[i - pixel]);
        return 1;
    case PNG_FILTER_VALUE_UP:
        // Independent bytes: the compiler makes this a vector loop.
        for (size_t i = 0; i < count; i++) row[i] = (uint8_t)(row[i] + above[i]);
        return 1;
    case PNG_FILTER_VALUE_AVG:
        for (size_t i = 0; i < pixel && i < count; i++) row[i] = (uint8_t)(row[i] + (above[i] >> 1));
        for (size_t i = pixel; i < count; i++) row[i] = (uint8_t)(row[i] + ((row[i - pixel] + above[i]) >> 1));
        return 1;
    case PNG_FILTER_VALUE_PAETH:
        // With no pixel to the left, Paeth's predictor is the byte above.
        for (size_t i = 0; i < pixel && i < count; i++) row[i] = (uint8_t)(row[i] + above[i]);
        for (size_t i = pixel; i < count; i++) {
            int a = row[i - pixel], b = above[i], c = above[i - pixel];
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            int predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            row[i] = (uint8_t)(row[i] + predictor);
        }
        return 1;
    default:
        return 0;
    }
}

int cpng_fast_row(cpng_decoder *decoder, uint8_t *out) {
    cpng_fast *fast = decoder->fast;
    if (fast == NULL || decoder->rows_given >= fast->height) return 0;
    size_t line = fast->stored + 1;
    uint8_t *above = fast->rows + (decoder->rows_given & 1) * line;
    uint8_t *row = fast->rows + ((decoder->rows_given + 1) & 1) * line;
    int ended;
    if (!inflate_exactly(decoder, row, line, &ended)) return 0;
    // The last row's stream must end where libpng's last png_read_row looks for the end.
    if (decoder->rows_given + 1 == fast->height && !stream_ends_cleanly(decoder, ended)) return 0;
    if (ended && decoder->rows_given + 1 < fast->height) return 0;
    // The row stays filtered if the filter is unknown: the next attempt is libpng's.
    if (!unfilter(row + 1, above + 1, fast->stored, fast->pixel, row[0])) return 0;
    if (fast->pixel == 4) {
        memcpy(out, row + 1, fast->stored);
    } else {
        const uint8_t *rgb = row + 1;
        for (uint32_t x = 0; x < fast->width; x++) {
            out[4 * x] = rgb[3 * x];
            out[4 * x + 1] = rgb[3 * x + 1];
            out[4 * x + 2] = rgb[3 * x + 2];
            out[4 * x + 3] = 0xff;
        }
    }
    decoder->rows_given++;
    return 1;
}

int cpng_fast_end_is_plain(cpng_decoder *decoder) {
    cpng_fast *fast = decoder->fast;
    if (fast == NULL || decoder->rows_given != fast->height) return 0;
    uint32_t length;
    return chunk_at(decoder, fast->chunk_end + 4, "IEND", &length) && length == 0;
}
