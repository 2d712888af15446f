import CPNG
import Foundation
import HierarchyModel

// PNG files, through FileSystem.swift: the two files of HierarchyImaging that touch the file system.
extension PNG {
    /// Decodes the PNG file at `path` to 8-bit RGBA with straight alpha, streaming it from disk.
    public static func decode(file path: String, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        try withDecoder(file: path, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage() }
    }

    /// Decodes only the pixels of `crop` from the PNG file at `path`, holding one full row besides
    /// the result (interlaced images are decoded whole first). Rows below the crop are not read.
    /// Throws when the crop does not lie within the image.
    /// `content`: the file's bytes when the caller read them earlier (the file is then not read
    /// again); errors name `path` either way.
    public static func decode(file path: String, content: [UInt8]? = nil, crop: PixelRect, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        try withDecoder(file: path, content: content, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage(cropTo: crop) }
    }

    /// The pixels of `crop` of the PNG file at `path`, area-averaged to `size` as premultiplied Float
    /// rows in 0...1 written at `out(y)` (as `decode(file:crop:)` then `RGBAImage.averaged` gives
    /// them), each row averaged as it is decoded: for crops too large to hold. Rows below the crop
    /// are not read. `content`: the file's bytes when the caller read them earlier.
    public static func averaged(file path: String, content: [UInt8]? = nil, crop: PixelRect, to size: PixelSize, limits: ImageLimits = .default,
                                into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws(InputError) {
        try withDecoder(file: path, content: content, limits: limits) { (decoder) throws(InputError) in try decoder.averageCrop(crop, to: size, into: out) }
    }

    /// The size of the PNG file at `path`, from its first 33 bytes (signature and IHDR) alone.
    public static func readSize(file path: String, limits: ImageLimits = .default) throws(InputError) -> PixelSize {
        do throws(InputError) {
            let file = try FileSystem.openForReading(path)
            defer { fclose(file) }
            let header = try readHeader(file)
            try limits.check(width: header.width, height: header.height)
            return PixelSize(width: header.width, height: header.height)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Writes `image` as a PNG at `path`, creating missing folders. The bytes go to a temporary file
    /// in the same folder that is renamed into place, so a failure never leaves a half-written PNG.
    /// > Note: the file is not synced to disk; a power cut may still lose it, never half of it.
    public static func write(_ image: RGBAImage, to path: String, compression: PNGCompression = .fast) throws(InputError) {
        let straight: RGBAImage
        do throws(InputError) { straight = try encodable(image) } catch { throw error.inFile(path) }
        try FileSystem.write(to: path) { (file) throws(InputError) in try encode(straight, to: file, compression: compression) }
    }

    // MARK: - Reading

    /// Opens `path` (or takes `content`, its bytes read earlier), refuses it by its header if it is
    /// not a PNG or too large, then decodes it.
    private static func withDecoder<R>(
        file path: String, content: [UInt8]? = nil, limits: ImageLimits, _ body: (PNGDecoder) throws(InputError) -> R
    ) throws(InputError) -> R {
        // Most snapshots are small: read whole in one call and decoded from memory (four system
        // calls; the stream takes six, and one more a 4 KB buffer), with the same checks and messages.
        if let bytes = content ?? FileSystem.smallFile(path, atMost: smallFileBytes) {
            do throws(InputError) {
                let header = try PNGHeader(parsing: bytes.prefix(PNGHeader.byteCount))
                try limits.check(width: header.width, height: header.height)
                return try bytes.withUnsafeBufferPointer { (bytes) throws(InputError) in try body(PNGDecoder(fileBytes: bytes, limits: limits)) }
            } catch {
                throw error.inFile(path)
            }
        }
        do throws(InputError) {
            let file = try FileSystem.openForReading(path)
            defer { fclose(file) }
            if let size = FileSystem.size(of: path), size > InputLimit.image.bytes { throw InputLimit.image.exceeded(size) }
            let header = try readHeader(file)
            try limits.check(width: header.width, height: header.height)
            guard fseek(file, 0, SEEK_SET) == 0 else { throw InputError("cannot read: \(FileSystem.reason(errno))") }
            return try body(PNGDecoder(file: file, limits: limits))
        } catch {
            throw error.inFile(path)
        }
    }

    /// Files up to this size are read whole before decoding.
    static let smallFileBytes = 4 << 20

    private static func readHeader(_ file: UnsafeMutablePointer<FILE>) throws(InputError) -> PNGHeader {
        var bytes = [UInt8](repeating: 0, count: PNGHeader.byteCount)
        let count = fread(&bytes, 1, bytes.count, file)
        if count < bytes.count && ferror(file) != 0 { throw InputError("cannot read: \(FileSystem.reason(errno))") }
        return try PNGHeader(parsing: bytes[..<count])
    }

    // MARK: - Writing

    /// Encodes into `file`; `FileSystem.write` flushes and closes it.
    private static func encode(_ image: RGBAImage, to file: UnsafeMutablePointer<FILE>, compression: PNGCompression) throws(InputError) {
        if compression == .fast {
            let pieces = try Pieces(image)
            try check { message, size in
                cpng_write_pieces_file(UInt32(image.width), UInt32(image.height), pieces.addresses, pieces.sizes,
                                       pieces.sizes.count, pieces.adler, file, message, size)
            }
            return
        }
        try image.pixels.withUnsafeBufferPointer { (pixels) throws(InputError) in
            try check { message, size in
                cpng_encode_file(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                    compression.c, file, message, size)
            }
        }
    }
}
