#ifndef CPNG_H
#define CPNG_H
// A thin C layer over libpng's classic row API. libpng reports errors with longjmp, which must
// never unwind through Swift frames, so every libpng call that can fail lives in a function here
// that owns its setjmp and returns a cpng_status; the reason is kept as a one-line message. The
// rows of 8-bit RGB and RGBA images in memory come from a faster path (fast_rows.c) that steps
// aside for libpng at anything unusual; the results are the same.

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// What a cpng function that can fail returns.
typedef enum {
    CPNG_OK = 0,
    /// libpng rejected the data (bad CRC, bad chunk, bad compressed stream, …).
    CPNG_INVALID = 1,
    /// The data ended before the image did.
    CPNG_TRUNCATED = 2,
    /// Reading or writing the file failed (the message carries strerror).
    CPNG_IO = 3,
    /// libpng could not allocate its structures.
    CPNG_NO_MEMORY = 4,
} cpng_status;

/// How hard the encoder works.
typedef enum {
    /// A fast zlib level and one cheap filter: for intermediate files and previews.
    CPNG_COMPRESSION_FAST = 0,
    /// zlib level 9 with libpng's adaptive choice among all filters: for files that are kept.
    CPNG_COMPRESSION_SMALL = 1,
    /// zlib's default level with adaptive filters: nearly as small, several times quicker.
    CPNG_COMPRESSION_BALANCED = 2,
} cpng_compression;

// MARK: - Decoding

/// A decoder reading one PNG from memory or a FILE, producing 8-bit RGBA rows with straight alpha.
typedef struct cpng_decoder cpng_decoder;

/// A decoder over `size` bytes at `data`, which must stay valid until it is destroyed; NULL when out of memory.
cpng_decoder *cpng_decoder_create_memory(const uint8_t *data, size_t size);
/// The same, over the whole content of a file read into memory: messages speak of the file.
cpng_decoder *cpng_decoder_create_memory_of_file(const uint8_t *data, size_t size);
/// A decoder reading from `file` at its current position (the caller closes it); NULL when out of memory.
cpng_decoder *cpng_decoder_create_file(FILE *file);
/// Makes every row come from libpng, for tests that compare it with the fast path libpng steps
/// aside for (8-bit RGB and RGBA images in memory, see fast_rows.c); before cpng_decoder_read_info.
void cpng_decoder_use_libpng_only(cpng_decoder *decoder);
/// How many rows the fast path has given so far (for tests that make sure it ran).
uint32_t cpng_decoder_fast_rows(const cpng_decoder *decoder);
/// How many bytes of the PNG the decoder has read so far.
size_t cpng_decoder_bytes_read(const cpng_decoder *decoder);
/// Reads every chunk up to the image data and sets up the conversion to 8-bit RGBA; gives the
/// size and the number of interlace passes (1 or 7).
cpng_status cpng_decoder_read_info(cpng_decoder *decoder, uint32_t *width, uint32_t *height, int *passes);
/// Decodes the next `count` rows of a non-interlaced image into `first`, `first + stride`, …
/// (a stride of 0 decodes them all into the same row, to skip them).
cpng_status cpng_decoder_read_rows(cpng_decoder *decoder, uint8_t *first, size_t stride, uint32_t count);
/// Decodes the whole image, every interlace pass, into `height` rows of `stride` bytes at `pixels`.
cpng_status cpng_decoder_read_image(cpng_decoder *decoder, uint8_t *pixels, size_t stride, uint32_t height);
/// After cpng_decoder_read_info: the text of the first tEXt, zTXt or iTXt chunk before the image
/// data whose keyword is `key` (inflated by libpng), and its length; 0 when there is none.
int cpng_decoder_text(cpng_decoder *decoder, const char *key, const char **text, size_t *length);
/// Reads the chunks after the image data, checking their CRCs.
cpng_status cpng_decoder_finish(cpng_decoder *decoder);
/// The reason for the last failure, one line.
const char *cpng_decoder_message(const cpng_decoder *decoder);
void cpng_decoder_destroy(cpng_decoder *decoder);

// MARK: - Encoding

/// Bytes produced by the encoder, allocated with malloc; release with cpng_buffer_free.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} cpng_buffer;

void cpng_buffer_free(cpng_buffer *buffer);

/// Encodes `height` rows of `width` straight-alpha RGBA8 pixels, `stride` bytes apart, as an RGBA
/// PNG appended to `out`. On failure `message` (of `message_size` bytes) says why.
cpng_status cpng_encode_memory(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    cpng_buffer *out, char *message, size_t message_size);
/// cpng_encode_memory with a compressed iTXt chunk of keyword `key` (1 to 79 Latin-1 characters)
/// holding `length` bytes of UTF-8 `text`, written before the image data.
cpng_status cpng_encode_memory_text(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    const char *key, const char *text, size_t length, cpng_buffer *out, char *message, size_t message_size);
/// The same, written to `file` (the caller flushes and closes it).
cpng_status cpng_encode_file(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    FILE *file, char *message, size_t message_size);

// MARK: - Encoding in pieces

/// PNG's image data made in pieces that can be compressed at once on several cores, then written
/// in order: each piece is a run of rows, Up-filtered and raw-deflated at the fast settings, ending
/// on a byte boundary (the last one with the final block); the checksums are combined.

/// The most bytes cpng_deflate_rows can write for `count` rows of `width` pixels.
size_t cpng_deflate_rows_bound(uint32_t width, uint32_t count);
/// Compresses rows `first`..<`first + count` of the RGBA8 image at `pixels` (rows `stride` bytes
/// apart; row `first - 1` is read for the filter) into at most `capacity` bytes at `out`; gives the
/// bytes written and the Adler-32 of the filtered rows. `last` ends the deflate stream.
cpng_status cpng_deflate_rows(const uint8_t *pixels, uint32_t width, size_t stride, uint32_t first, uint32_t count,
                              int last, uint8_t *out, size_t capacity, size_t *written, uint32_t *adler);
/// The Adler-32 of two byte runs one after the other, from each one's.
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length);
/// Writes an RGBA8 PNG of `width`×`height` whose image data are the `count` pieces (in order) and
/// whose zlib checksum is `adler`, appended to `out`.
cpng_status cpng_write_pieces_memory(uint32_t width, uint32_t height, const uint8_t *const *pieces, const size_t *sizes,
                                     size_t count, uint32_t adler, cpng_buffer *out, char *message, size_t message_size);
/// The same, written to `file` (the caller flushes and closes it).
cpng_status cpng_write_pieces_file(uint32_t width, uint32_t height, const uint8_t *const *pieces, const size_t *sizes,
                                   size_t count, uint32_t adler, FILE *file, char *message, size_t message_size);

#endif
