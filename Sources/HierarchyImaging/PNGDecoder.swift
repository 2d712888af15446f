import CPNG
import Foundation
import HierarchyModel

/// One PNG being decoded by libpng (through the CPNG shim) into 8-bit RGBA rows with straight alpha;
/// the rows of 8-bit RGB and RGBA images in memory come from a faster path (`CPNG/fast_rows.c`)
/// that gives way to libpng at anything unusual.
///
/// The source (memory or an open FILE) must outlive the decoder. Errors name no file; the callers add it.
final class PNGDecoder {
    private let handle: OpaquePointer
    let width: Int
    let height: Int
    let isInterlaced: Bool

    /// Reads the chunks before the image data, after checking the declared size against `limits`.
    private init(handle: OpaquePointer?, limits: ImageLimits, rows: PNGRowSource = .fastWhereItApplies) throws(InputError) {
        guard let handle else { throw InputError("out of memory for the PNG decoder") }
        self.handle = handle
        if rows == .libpngOnly { cpng_decoder_use_libpng_only(handle) }
        var w: UInt32 = 0, h: UInt32 = 0, passes: Int32 = 0
        let status = cpng_decoder_read_info(handle, &w, &h, &passes)
        (width, height, isInterlaced) = (Int(w), Int(h), passes > 1)
        try check(status)
        try limits.check(width: width, height: height)
    }

    /// A decoder over `bytes`, which must stay valid while it is used.
    convenience init(bytes: UnsafeBufferPointer<UInt8>, limits: ImageLimits, rows: PNGRowSource = .fastWhereItApplies) throws(InputError) {
        try self.init(handle: cpng_decoder_create_memory(bytes.baseAddress, bytes.count), limits: limits, rows: rows)
    }

    /// A decoder over the whole content of a file, `bytes`, which must stay valid while it is used:
    /// its messages speak of the file, as a decoder reading the file would.
    convenience init(fileBytes bytes: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(InputError) {
        try self.init(handle: cpng_decoder_create_memory_of_file(bytes.baseAddress, bytes.count), limits: limits)
    }

    /// A decoder reading `file` from its current position.
    convenience init(file: UnsafeMutablePointer<FILE>, limits: ImageLimits) throws(InputError) {
        try self.init(handle: cpng_decoder_create_file(file), limits: limits)
    }

    deinit { cpng_decoder_destroy(handle) }

    /// How many bytes of the PNG have been read so far.
    var bytesRead: Int { cpng_decoder_bytes_read(handle) }

    /// How many rows the fast path has given (see `PNGRowSource`).
    var fastRows: Int { Int(cpng_decoder_fast_rows(handle)) }

    /// The text of the chunk before the image data whose keyword is `key` (tEXt, zTXt or iTXt), as UTF-8.
    func text(_ key: String) -> String? {
        var text: UnsafePointer<CChar>?, length = 0
        guard cpng_decoder_text(handle, key, &text, &length) != 0, let text else { return nil }
        return text.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The whole image, decoded straight into its final buffer; then the trailing chunks are checked.
    func decodeImage() throws(InputError) -> RGBAImage {
        let rowBytes = width * 4
        let pixels = try PNGDecoder.uninitializedBytes(rowBytes * height) { (base) throws(InputError) in
            try check(cpng_decoder_read_image(handle, base, rowBytes, UInt32(height)))
        }
        try check(cpng_decoder_finish(handle))
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Only the pixels inside `crop`, holding one full row besides the result. Rows below the crop are
    /// never decoded, so damage there goes unnoticed. Interlaced images are decoded whole, then cropped.
    func decodeImage(cropTo crop: PixelRect) throws(InputError) -> RGBAImage {
        try check(crop)
        if isInterlaced { return try decodeImage().cropped(to: crop) }
        var row = [UInt8](repeating: 0, count: width * 4)
        try skipRows(crop.y, through: &row)
        let pixels = try PNGDecoder.uninitializedBytes(crop.width * crop.height * 4) { (base) throws(InputError) in
            try readRows(of: crop, into: base, row: &row)
        }
        return RGBAImage(width: crop.width, height: crop.height, pixels: pixels)
    }

    /// The pixels inside `crop` area-averaged to `size`, as premultiplied Float rows in 0...1 written
    /// at `out(y)`: the same numbers as decoding the crop and averaging it (`RGBAImage.averaged`), but
    /// each row is averaged as it is decoded, so memory beyond the output is two rows. Interlaced
    /// images are decoded whole first.
    func averageCrop(_ crop: PixelRect, to size: PixelSize, into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws(InputError) {
        try check(crop)
        guard crop.width > 0, crop.height > 0, size.width > 0, size.height > 0 else {
            throw InputError("cannot average a \(crop.width)×\(crop.height) crop to \(size.width)×\(size.height)")
        }
        if isInterlaced { return try decodeImage().cropped(to: crop).averaged(width: size.width, height: size.height, into: out) }
        var row = [UInt8](repeating: 0, count: width * 4)
        try skipRows(crop.y, through: &row)
        var failure: InputError?
        try row.withUnsafeMutableBufferPointer { (row) throws(InputError) in
            let line = row.baseAddress!
            // The averager asks for each row once, in order; after a failure the rows are blank.
            AreaAverager(from: PixelSize(width: crop.width, height: crop.height), to: size)
                .average(bytes: { _ in
                    if failure == nil {
                        do throws(InputError) { try check(cpng_decoder_read_rows(handle, line, 0, 1)) } catch { failure = error }
                    }
                    if failure != nil { line.update(repeating: 0, count: width * 4) }
                    return UnsafePointer(line + crop.x * 4)
                }, straight: true, unit: AreaAverager.floatUnit(straight: true), into: out, finished: { _ in })
            if let failure { throw failure }
        }
    }

    private func check(_ crop: PixelRect) throws(InputError) {
        guard crop.x >= 0, crop.y >= 0, crop.width >= 0, crop.height >= 0,
              crop.width <= width - crop.x, crop.height <= height - crop.y else {
            throw InputError("crop \(crop.width)×\(crop.height) at (\(crop.x), \(crop.y)) lies outside the \(width)×\(height) image")
        }
    }

    /// Decodes and drops the next `count` rows.
    private func skipRows(_ count: Int, through row: inout [UInt8]) throws(InputError) {
        try row.withUnsafeMutableBufferPointer { (row) throws(InputError) in
            try check(cpng_decoder_read_rows(handle, row.baseAddress, 0, UInt32(count)))
        }
    }

    /// Decodes the crop's rows into `out`: directly when they are whole rows, else through `row`.
    private func readRows(of crop: PixelRect, into out: UnsafeMutablePointer<UInt8>, row: inout [UInt8]) throws(InputError) {
        let outBytes = crop.width * 4
        if crop.width == width {
            return try check(cpng_decoder_read_rows(handle, out, outBytes, UInt32(crop.height)))
        }
        try row.withUnsafeMutableBufferPointer { (row) throws(InputError) in
            let source = row.baseAddress! + crop.x * 4
            for y in 0..<crop.height {
                try check(cpng_decoder_read_rows(handle, row.baseAddress, 0, 1))
                (out + y * outBytes).update(from: source, count: outBytes)
            }
        }
    }

    private func check(_ status: cpng_status) throws(InputError) {
        guard status != CPNG_OK else { return }
        let message = String(cString: cpng_decoder_message(handle))
        // libpng's own messages ("IDAT: incorrect data check") need saying what they are about.
        throw InputError(status == CPNG_INVALID ? "invalid PNG: " + message : message)
    }

    /// A `count`-byte array filled by `fill` without zeroing it first (the decoder writes every byte).
    private static func uninitializedBytes(
        _ count: Int, _ fill: (UnsafeMutablePointer<UInt8>) throws(InputError) -> Void
    ) throws(InputError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: InputError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(InputError) {
                try fill(buffer.baseAddress!)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
