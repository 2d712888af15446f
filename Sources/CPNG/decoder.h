#ifndef CPNG_DECODER_H
#define CPNG_DECODER_H
// The decoder's state, shared by cpng.c (libpng) and fast_rows.c (the fast path for image rows).

#include <png.h>
#include <zlib.h>
#include "cpng.h"

/// The first failure seen by a libpng structure; libpng's error pointer points here.
typedef struct {
    cpng_status status;
    char message[256];
} cpng_report;

/// The fast path's state while it gives the rows (see fast_rows.c).
typedef struct {
    z_stream zlib;
    size_t chunk_end; // the offset of the CRC of the IDAT chunk being inflated
    uint8_t *rows; // two rows as stored, each its filter byte and `stored` bytes: the last given and the next
    size_t stored; // bytes of a row as stored: 3 or 4 a pixel
    size_t pixel; // bytes of a pixel as stored
    uint32_t width;
    uint32_t height;
} cpng_fast;

struct cpng_decoder {
    cpng_report report; // libpng's error pointer
    png_structp png;
    png_infop info;
    const uint8_t *data; // the memory source, or NULL
    size_t size;
    const char *source; // what the memory source is called in messages: "data", or "file" for a file read whole
    FILE *file; // the file source, or NULL
    size_t offset; // bytes consumed so far
    size_t read_limit; // the offset reading stops at, without an error (after the image: see cpng_decoder_finish)
    int passes;
    const char *phase; // what was being read, for truncation messages
    size_t max_allocation; // the largest block libpng may allocate (see limited_malloc)
    int libpng_only; // 1 when every row must come from libpng (cpng_decoder_use_libpng_only)
    uint32_t rows_given; // image rows the fast path has given
    cpng_fast *fast; // the fast path while it gives the rows, or NULL
};

/// After libpng has read the chunks before the image data, before the conversion is set up (which
/// makes libpng's info describe the converted rows): the bytes of a stored pixel when the image is
/// one the fast path decodes (see fast_rows.c), else 0.
int cpng_fast_pixel_bytes(cpng_decoder *decoder);
/// Once the conversion is set up: takes the rows over, for pixels of `pixel` bytes as stored
/// (nothing when `pixel` is 0).
void cpng_fast_begin(cpng_decoder *decoder, int pixel);
/// The next row as 8-bit RGBA into `out`; 0 (with `out` untouched) when the fast path steps aside.
int cpng_fast_row(cpng_decoder *decoder, uint8_t *out);
/// Whether the chunks after the image data are the IEND chunk alone, with its CRC right (the case
/// in which libpng's png_read_end has nothing to say); 0 when libpng must look.
int cpng_fast_end_is_plain(cpng_decoder *decoder);
/// Frees the fast path's state; the decoder's rows come from libpng afterwards.
void cpng_fast_release(cpng_decoder *decoder);

#endif
