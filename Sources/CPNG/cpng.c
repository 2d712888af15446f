#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#include "cpng.h"
#include "decoder.h"

/// How many bytes after the image's last row are read to check the chunks that end the file.
#define CPNG_TRAILER_LIMIT ((size_t)64 << 10)

// MARK: - Errors

/// Records the first failure (later ones are consequences of it).
static void report_set(cpng_report *report, cpng_status status, const char *format, va_list arguments) {
    if (report->status != CPNG_OK) return;
    report->status = status;
    vsnprintf(report->message, sizeof report->message, format, arguments);
}

/// Records a failure of our own (I/O, truncation, memory) and jumps back to the caller's setjmp.
static PNG_NORETURN void fail(png_structp png, cpng_report *report, cpng_status status, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    report_set(report, status, format, arguments);
    va_end(arguments);
    png_error(png, report->message);
}

static void report_printf(cpng_report *report, cpng_status status, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    report_set(report, status, format, arguments);
    va_end(arguments);
}

/// libpng's error callback: keep the message, then longjmp to the setjmp of the cpng function
/// that made the libpng call. It must not return.
static void on_error(png_structp png, png_const_charp message) {
    report_printf(png_get_error_ptr(png), CPNG_INVALID, "%s", message);
    png_longjmp(png, 1);
}

/// Warnings (a damaged ancillary chunk that libpng skips) do not stop decoding and are not printed.
static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// MARK: - Decoding

/// The largest block any decoder may allocate before its rows are known: far above what a real
/// PNG's chunks need (text, ICC profiles and EXIF are kilobytes; IDAT is streamed).
#define CPNG_BASE_ALLOCATION_LIMIT ((size_t)64 << 20)

/// libpng's allocator for decoders: refuses blocks over the decoder's limit. libpng reads an
/// ancillary chunk whole into one block of the length its header declares, so without a limit a
/// 150-byte file declaring a 1.9 GB tEXt chunk made it allocate 1.9 GB (found by fuzzing);
/// refused, the chunk is skipped and the file ends early: a truncation error, as it should be.
static png_voidp limited_malloc(png_structp png, png_alloc_size_t size) {
    cpng_decoder *decoder = png_get_mem_ptr(png);
    if (decoder != NULL && size > decoder->max_allocation) return NULL;
    return malloc(size);
}

static void limited_free(png_structp png, png_voidp block) {
    (void)png;
    free(block);
}

/// Stops at the image's end: once libpng has counted the last row of a non-interlaced image (it
/// then inflates whatever compressed data is left, looking for the stream's end: 1.6 MB of it
/// inflated to 1.6 GB took 18 s), at most CPNG_TRAILER_LIMIT more bytes are read. Past the limit
/// it jumps back to the caller's setjmp with no error reported: every row is whole by then.
static void stop_at_limit(png_structp png, cpng_decoder *decoder, size_t length) {
    if (decoder->read_limit == SIZE_MAX && decoder->passes == 1 && decoder->info != NULL &&
        png_get_current_row_number(png) >= png_get_image_height(png, decoder->info)) {
        decoder->read_limit = decoder->offset + CPNG_TRAILER_LIMIT;
    }
    if (length <= decoder->read_limit && decoder->offset <= decoder->read_limit - length) return;
    png_longjmp(png, 1);
}

/// Reads from the memory source; running out of bytes is a truncation.
static void read_memory(png_structp png, png_bytep out, size_t length) {
    cpng_decoder *decoder = png_get_io_ptr(png);
    stop_at_limit(png, decoder, length);
    if (length > decoder->size - decoder->offset) {
        fail(png, &decoder->report, CPNG_TRUNCATED, "truncated: the %s ends after %zu bytes, in %s",
             decoder->source, decoder->size, decoder->phase);
    }
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

/// Reads from the file source; a short read is a truncation unless the stream reports an error.
static void read_file(png_structp png, png_bytep out, size_t length) {
    cpng_decoder *decoder = png_get_io_ptr(png);
    stop_at_limit(png, decoder, length);
    size_t got = fread(out, 1, length, decoder->file);
    decoder->offset += got;
    if (got == length) return;
    if (ferror(decoder->file)) fail(png, &decoder->report, CPNG_IO, "cannot read: %s", strerror(errno));
    fail(png, &decoder->report, CPNG_TRUNCATED, "truncated: the file ends after %zu bytes, in %s",
         decoder->offset, decoder->phase);
}

/// Makes the decoder's libpng structures, with its error handlers, allocator and options; 0 when
/// out of memory.
static int libpng_open(cpng_decoder *decoder) {
    decoder->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &decoder->report, on_error, on_warning,
                                            decoder, limited_malloc, limited_free);
    if (decoder->png != NULL) decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) return 0;
    // The caller's pixel limit governs the size; libpng's default also caps each side at 1,000,000.
    png_set_user_limits(decoder->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
    // Every IDAT chunk's CRC already covers the compressed bytes; zlib's second checksum over the
    // inflated pixels costs a tenth of a render and finds nothing the CRC would miss.
    png_set_option(decoder->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    if (decoder->file != NULL) {
        png_set_read_fn(decoder->png, decoder, read_file);
    } else {
        png_set_read_fn(decoder->png, decoder, read_memory);
    }
    return 1;
}

static cpng_decoder *decoder_create(const uint8_t *data, size_t size, FILE *file) {
    cpng_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->phase = "the signature";
    decoder->read_limit = SIZE_MAX;
    decoder->max_allocation = CPNG_BASE_ALLOCATION_LIMIT;
    decoder->data = data;
    decoder->size = size;
    decoder->source = "data";
    decoder->file = file;
    if (!libpng_open(decoder)) {
        cpng_decoder_destroy(decoder);
        return NULL;
    }
    return decoder;
}

cpng_decoder *cpng_decoder_create_memory(const uint8_t *data, size_t size) {
    return decoder_create(data, size, NULL);
}

cpng_decoder *cpng_decoder_create_memory_of_file(const uint8_t *data, size_t size) {
    cpng_decoder *decoder = cpng_decoder_create_memory(data, size);
    if (decoder != NULL) decoder->source = "file";
    return decoder;
}

cpng_decoder *cpng_decoder_create_file(FILE *file) {
    return decoder_create(NULL, 0, file);
}

void cpng_decoder_use_libpng_only(cpng_decoder *decoder) {
    decoder->libpng_only = 1;
}

size_t cpng_decoder_bytes_read(const cpng_decoder *decoder) {
    return decoder->offset;
}

uint32_t cpng_decoder_fast_rows(const cpng_decoder *decoder) {
    return decoder->rows_given;
}

/// Asks libpng for 8-bit RGBA with straight alpha whatever the file holds.
static void request_rgba8(cpng_decoder *decoder) {
    png_structp png = decoder->png;
    png_set_expand(png); // palette → RGB, grey below 8 bits → 8 bits
    if (png_get_valid(png, decoder->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    png_set_scale_16(png); // 16 → 8 bits, rounded rather than truncated
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER); // only applies to rows that still lack alpha
    decoder->passes = png_set_interlace_handling(png);
    // Row buffers follow the width (up to 8 bytes a pixel as stored, twice for libpng's copies),
    // which the caller's pixel limit has bounded by now.
    size_t row_need = (size_t)png_get_image_width(png, decoder->info) * 16 + 65536;
    if (row_need > decoder->max_allocation) decoder->max_allocation = row_need;
    png_read_update_info(png, decoder->info);
}

cpng_status cpng_decoder_read_info(cpng_decoder *decoder, uint32_t *width, uint32_t *height, int *passes) {
    if (decoder->report.status != CPNG_OK) return decoder->report.status;
    if (setjmp(png_jmpbuf(decoder->png))) return decoder->report.status;
    decoder->phase = "the chunks before the image data";
    png_read_info(decoder->png, decoder->info);
    int fast_pixel = cpng_fast_pixel_bytes(decoder);
    request_rgba8(decoder);
    png_uint_32 w = png_get_image_width(decoder->png, decoder->info);
    size_t rowbytes = png_get_rowbytes(decoder->png, decoder->info);
    if (rowbytes != (size_t)w * 4) {
        fail(decoder->png, &decoder->report, CPNG_INVALID, "unsupported pixel format (%zu bytes a row for %u pixels)",
             rowbytes, (unsigned)w);
    }
    *width = w;
    *height = png_get_image_height(decoder->png, decoder->info);
    *passes = decoder->passes;
    decoder->phase = "the image data";
    cpng_fast_begin(decoder, fast_pixel);
    return CPNG_OK;
}

/// After the fast path stepped aside (see fast_rows.c): libpng starts again from the first byte,
/// reads the chunks before the image data and the rows the fast path gave, and is where the
/// decoder stood. An error on the way is the decoder's error, as it would have been.
static cpng_status resume_with_libpng(cpng_decoder *decoder) {
    uint32_t given = decoder->rows_given;
    uint8_t *row = malloc((size_t)png_get_image_width(decoder->png, decoder->info) * 4 + 1);
    cpng_fast_release(decoder);
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    decoder->offset = 0;
    if (row == NULL || !libpng_open(decoder)) {
        free(row);
        report_printf(&decoder->report, CPNG_NO_MEMORY, "out of memory for the PNG decoder");
        return decoder->report.status;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        free(row);
        return decoder->report.status;
    }
    decoder->phase = "the chunks before the image data";
    png_read_info(decoder->png, decoder->info);
    request_rgba8(decoder);
    decoder->phase = "the image data";
    for (uint32_t y = 0; y < given; y++) png_read_row(decoder->png, row, NULL);
    free(row);
    return CPNG_OK;
}

/// `count` rows from libpng.
static cpng_status libpng_rows(cpng_decoder *decoder, uint8_t *first, size_t stride, uint32_t count) {
    if (setjmp(png_jmpbuf(decoder->png))) return decoder->report.status;
    if (decoder->passes != 1) fail(decoder->png, &decoder->report, CPNG_INVALID, "interlaced rows cannot be read one by one");
    for (uint32_t y = 0; y < count; y++) png_read_row(decoder->png, first + y * stride, NULL);
    return CPNG_OK;
}

cpng_status cpng_decoder_read_rows(cpng_decoder *decoder, uint8_t *first, size_t stride, uint32_t count) {
    if (decoder->report.status != CPNG_OK) return decoder->report.status;
    uint32_t y = 0;
    if (decoder->fast != NULL) {
        while (y < count && cpng_fast_row(decoder, first + (size_t)y * stride)) y++;
        if (y == count) return CPNG_OK;
        cpng_status status = resume_with_libpng(decoder);
        if (status != CPNG_OK) return status;
    }
    return libpng_rows(decoder, first + (size_t)y * stride, stride, count - y);
}

cpng_status cpng_decoder_read_image(cpng_decoder *decoder, uint8_t *pixels, size_t stride, uint32_t height) {
    if (decoder->report.status != CPNG_OK) return decoder->report.status;
    if (decoder->fast != NULL) return cpng_decoder_read_rows(decoder, pixels, stride, height);
    if (setjmp(png_jmpbuf(decoder->png))) return decoder->report.status;
    // Each interlace pass fills in more pixels of the same rows, so every pass visits every row.
    for (int pass = 0; pass < decoder->passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_read_row(decoder->png, pixels + y * stride, NULL);
    }
    return CPNG_OK;
}

int cpng_decoder_text(cpng_decoder *decoder, const char *key, const char **text, size_t *length) {
    png_textp chunks = NULL;
    int count = png_get_text(decoder->png, decoder->info, &chunks, NULL);
    for (int i = 0; i < count; i++) {
        if (chunks[i].key == NULL || strcmp(chunks[i].key, key) != 0 || chunks[i].text == NULL) continue;
        *text = chunks[i].text;
        // iTXt keeps its length in itxt_length, tEXt and zTXt in text_length.
        *length = chunks[i].compression >= PNG_ITXT_COMPRESSION_NONE ? chunks[i].itxt_length : chunks[i].text_length;
        return 1;
    }
    return 0;
}

cpng_status cpng_decoder_finish(cpng_decoder *decoder) {
    if (decoder->report.status != CPNG_OK) return decoder->report.status;
    if (decoder->fast != NULL) {
        // After the fast path's rows, libpng has nothing to add when IEND is all that follows.
        if (cpng_fast_end_is_plain(decoder)) return CPNG_OK;
        cpng_status status = resume_with_libpng(decoder);
        if (status != CPNG_OK) return status;
    }
    // (Stopped at the limit, the report holds no error: the status is CPNG_OK.)
    if (setjmp(png_jmpbuf(decoder->png))) return decoder->report.status;
    decoder->phase = "the chunks after the image data";
    // The image is whole: what follows is read to check it, but only so far (stop_at_limit).
    if (decoder->read_limit == SIZE_MAX) decoder->read_limit = decoder->offset + CPNG_TRAILER_LIMIT;
    png_read_end(decoder->png, NULL);
    return CPNG_OK;
}

const char *cpng_decoder_message(const cpng_decoder *decoder) {
    return decoder->report.message;
}

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) return;
    cpng_fast_release(decoder);
    png_destroy_read_struct(decoder->png ? &decoder->png : NULL, decoder->info ? &decoder->info : NULL, NULL);
    free(decoder);
}

// MARK: - Encoding

/// Where encoded bytes go: a growing buffer or a file.
typedef struct {
    cpng_report report; // libpng's error pointer
    cpng_buffer *buffer;
    FILE *file;
} cpng_writer;

void cpng_buffer_free(cpng_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

static void write_memory(png_structp png, png_bytep data, size_t length) {
    cpng_writer *writer = png_get_io_ptr(png);
    cpng_buffer *buffer = writer->buffer;
    if (length > buffer->capacity - buffer->size) {
        // Doubling keeps the number of reallocations logarithmic in the output size.
        size_t capacity = buffer->capacity ? buffer->capacity : 64 * 1024;
        while (capacity - buffer->size < length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) fail(png, &writer->report, CPNG_NO_MEMORY, "out of memory for %zu encoded bytes", capacity);
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, length);
    buffer->size += length;
}

static void write_file(png_structp png, png_bytep data, size_t length) {
    cpng_writer *writer = png_get_io_ptr(png);
    if (fwrite(data, 1, length, writer->file) != length) {
        fail(png, &writer->report, CPNG_IO, "cannot write: %s", strerror(errno));
    }
}

/// Flushing is the caller's business; without this libpng would fflush its io pointer as a FILE.
static void flush_nothing(png_structp png) {
    (void)png;
}

static void set_compression(png_structp png, cpng_compression compression) {
    if (compression == CPNG_COMPRESSION_SMALL) {
        png_set_compression_level(png, 9);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    } else if (compression == CPNG_COMPRESSION_BALANCED) {
        png_set_compression_level(png, 6);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    } else {
        // The Up filter costs one subtraction a byte and suits screenshots, whose rows repeat;
        // run-length matching finds what flat UI pictures repeat at a fraction of deflate's cost.
        png_set_compression_level(png, 1);
        png_set_compression_strategy(png, Z_RLE);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    }
}

/// What goes after the IHDR: the image data and IEND, written by `body` (which may call every
/// libpng write function: a failure longjmps back into `write_png`).
typedef void (*cpng_body)(png_structp png, png_infop info, const void *context);

/// Writes a PNG of `width`×`height` RGBA8 through `write`: the signature and IHDR, then `body`;
/// the writer's report says why on failure.
static cpng_status write_png(uint32_t width, uint32_t height, cpng_writer *writer, png_rw_ptr write,
                             cpng_body body, const void *context) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->report, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(png ? &png : NULL, NULL);
        report_printf(&writer->report, CPNG_NO_MEMORY, "out of memory for the PNG encoder");
        return CPNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return writer->report.status;
    }
    png_set_write_fn(png, writer, write, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    body(png, info, context);
    png_destroy_write_struct(&png, &info);
    return CPNG_OK;
}

typedef struct {
    const uint8_t *pixels;
    uint32_t height;
    size_t stride;
    cpng_compression compression;
    const char *key; // a text chunk's keyword, or NULL
    const char *text;
    size_t length;
} rows_context;

/// The rows, filtered and compressed by libpng, and IEND; the text chunk, if any, before them.
static void write_rows(png_structp png, png_infop info, const void *context) {
    const rows_context *rows = context;
    set_compression(png, rows->compression);
    if (rows->key != NULL) {
        png_text chunk;
        memset(&chunk, 0, sizeof chunk);
        chunk.compression = PNG_ITXT_COMPRESSION_zTXt;
        chunk.key = (png_charp)rows->key;
        chunk.text = (png_charp)rows->text;
        chunk.itxt_length = rows->length;
        png_set_text(png, info, &chunk, 1);
    }
    png_write_info(png, info);
    for (uint32_t y = 0; y < rows->height; y++) png_write_row(png, rows->pixels + y * rows->stride);
    png_write_end(png, NULL);
}

static cpng_status encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                          cpng_compression compression, cpng_writer *writer, png_rw_ptr write) {
    rows_context rows = {.pixels = pixels, .height = height, .stride = stride, .compression = compression};
    return write_png(width, height, writer, write, write_rows, &rows);
}

static void copy_message(const cpng_writer *writer, char *message, size_t message_size) {
    if (message != NULL && message_size > 0) snprintf(message, message_size, "%s", writer->report.message);
}

cpng_status cpng_encode_memory(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    cpng_buffer *out, char *message, size_t message_size) {
    cpng_writer writer = {.buffer = out};
    cpng_status status = encode(pixels, width, height, stride, compression, &writer, write_memory);
    copy_message(&writer, message, message_size);
    return status;
}

cpng_status cpng_encode_memory_text(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    const char *key, const char *text, size_t length, cpng_buffer *out, char *message, size_t message_size) {
    cpng_writer writer = {.buffer = out};
    rows_context rows = {.pixels = pixels, .height = height, .stride = stride, .compression = compression,
                         .key = key, .text = text, .length = length};
    cpng_status status = write_png(width, height, &writer, write_memory, write_rows, &rows);
    copy_message(&writer, message, message_size);
    return status;
}

cpng_status cpng_encode_file(
    const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cpng_compression compression,
    FILE *file, char *message, size_t message_size) {
    cpng_writer writer = {.file = file};
    cpng_status status = encode(pixels, width, height, stride, compression, &writer, write_file);
    copy_message(&writer, message, message_size);
    return status;
}

// MARK: - Encoding in pieces

size_t cpng_deflate_rows_bound(uint32_t width, uint32_t count) {
    // Stored blocks at worst (5 bytes per 64 KB), a sync flush's empty block, and slack.
    size_t raw = ((size_t)width * 4 + 1) * count;
    return raw + raw / 16384 * 5 + 64;
}

cpng_status cpng_deflate_rows(const uint8_t *pixels, uint32_t width, size_t stride, uint32_t first, uint32_t count,
                              int last, uint8_t *out, size_t capacity, size_t *written, uint32_t *adler) {
    size_t length = (size_t)width * 4;
    uint8_t *line = malloc(length + 1);
    if (line == NULL) return CPNG_NO_MEMORY;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // Raw deflate (no zlib wrapper): the pieces are joined under one header and one checksum.
    if (deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE) != Z_OK) {
        free(line);
        return CPNG_NO_MEMORY;
    }
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    uint32_t sum = (uint32_t)adler32(0, NULL, 0);
    int status = Z_OK;
    for (uint32_t i = 0; i < count && status == Z_OK; i++) {
        uint32_t y = first + i;
        const uint8_t *row = pixels + (size_t)y * stride;
        // The Up filter: each byte less the one above it (nothing above the first row).
        line[0] = 2;
        if (y == 0) {
            memcpy(line + 1, row, length);
        } else {
            const uint8_t *above = row - stride;
            for (size_t k = 0; k < length; k++) line[k + 1] = (uint8_t)(row[k] - above[k]);
        }
        sum = (uint32_t)adler32(sum, line, (uInt)(length + 1));
        stream.next_in = line;
        stream.avail_in = (uInt)(length + 1);
        int flush = i + 1 < count ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH);
        status = deflate(&stream, flush);
        if (stream.avail_in != 0) status = Z_BUF_ERROR;
    }
    if (count == 0 && last) status = deflate(&stream, Z_FINISH);
    int ok = last ? status == Z_STREAM_END : status == Z_OK;
    *written = capacity - stream.avail_out;
    *adler = sum;
    deflateEnd(&stream);
    free(line);
    return ok ? CPNG_OK : CPNG_NO_MEMORY;
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    return (uint32_t)adler32_combine((uLong)first, (uLong)second, (z_off_t)second_length);
}

typedef struct {
    const uint8_t *const *pieces;
    const size_t *sizes;
    size_t count;
    uint32_t adler;
} pieces_context;

/// One IDAT a piece (the zlib header before the first, the checksum after the last), and IEND.
static void write_idat_pieces(png_structp png, png_infop info, const void *context) {
    const pieces_context *p = context;
    png_write_info(png, info);
    // A zlib header for a 32K window at the fastest level (the check bits make 0x7801 a multiple of 31).
    static const uint8_t header[2] = {0x78, 0x01};
    const uint8_t trailer[4] = {(uint8_t)(p->adler >> 24), (uint8_t)(p->adler >> 16), (uint8_t)(p->adler >> 8), (uint8_t)p->adler};
    static const png_byte idat[5] = {'I', 'D', 'A', 'T', 0};
    for (size_t i = 0; i < p->count; i++) {
        size_t length = p->sizes[i] + (i == 0 ? sizeof header : 0) + (i + 1 == p->count ? sizeof trailer : 0);
        if (length > PNG_UINT_31_MAX) png_error(png, "an image data piece is too large");
        png_write_chunk_start(png, idat, (png_uint_32)length);
        if (i == 0) png_write_chunk_data(png, header, sizeof header);
        if (p->sizes[i] > 0) png_write_chunk_data(png, p->pieces[i], p->sizes[i]);
        if (i + 1 == p->count) png_write_chunk_data(png, trailer, sizeof trailer);
        png_write_chunk_end(png);
    }
    static const png_byte iend[5] = {'I', 'E', 'N', 'D', 0};
    png_write_chunk(png, iend, NULL, 0);
}

static cpng_status write_pieces(uint32_t width, uint32_t height, const uint8_t *const *pieces, const size_t *sizes,
                                size_t count, uint32_t adler, cpng_writer *writer, png_rw_ptr write) {
    pieces_context context = {.pieces = pieces, .sizes = sizes, .count = count, .adler = adler};
    return write_png(width, height, writer, write, write_idat_pieces, &context);
}

cpng_status cpng_write_pieces_memory(uint32_t width, uint32_t height, const uint8_t *const *pieces, const size_t *sizes,
                                     size_t count, uint32_t adler, cpng_buffer *out, char *message, size_t message_size) {
    cpng_writer writer = {.buffer = out};
    cpng_status status = write_pieces(width, height, pieces, sizes, count, adler, &writer, write_memory);
    copy_message(&writer, message, message_size);
    return status;
}

cpng_status cpng_write_pieces_file(uint32_t width, uint32_t height, const uint8_t *const *pieces, const size_t *sizes,
                                   size_t count, uint32_t adler, FILE *file, char *message, size_t message_size) {
    cpng_writer writer = {.file = file};
    cpng_status status = write_pieces(width, height, pieces, sizes, count, adler, &writer, write_file);
    copy_message(&writer, message, message_size);
    return status;
}
