import CPNG
import HierarchyModel

/// How hard the PNG encoder works.
public enum PNGCompression: Hashable, Sendable {
    /// A fast zlib level and one cheap filter, compressed in pieces on all cores: several times
    /// quicker, files somewhat larger.
    case fast
    /// zlib level 9 with adaptive filters: the smallest files libpng makes, slowly.
    case small
    /// zlib's default level 6 with adaptive filters: a few percent larger than `small`, several
    /// times quicker on pictures that repeat (where level 9 searches longest).
    case balanced
}

/// PNG reading and writing through the system libpng (8-bit RGBA in memory, straight alpha).
///
/// Every error is an `InputError` naming the file as given (or no file for bytes in memory) with a
/// one-line reason; damaged input never crashes. File access lives in `PNG+File.swift`.
public enum PNG {
    /// Decodes a PNG of any colour type and bit depth to 8-bit RGBA with straight alpha.
    ///
    /// - Parameters:
    ///   - name: the name errors give as the file.
    ///   - limits: the largest declared size accepted, checked before any pixel buffer is allocated.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        try decode(bytes, name: name, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage() }
    }

    /// Decodes only the pixels of `crop`, a rectangle inside the image (see `decode(file:crop:limits:)`).
    public static func decode(
        _ bytes: [UInt8], name: String, crop: PixelRect, limits: ImageLimits = .default
    ) throws(InputError) -> RGBAImage {
        try decode(bytes, name: name, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage(cropTo: crop) }
    }

    /// `decode(_:name:limits:)`, or with a crop `decode(_:name:crop:limits:)`, with the rows from
    /// `rows`: the tests and the PNG fuzz target decode every file both ways and compare.
    /// `fastRows` is set to the number of rows the fast path gave.
    @_spi(Testing)
    public static func decode(
        _ bytes: [UInt8], name: String, crop: PixelRect? = nil, limits: ImageLimits = .default, rows: PNGRowSource,
        fastRows: inout Int
    ) throws(InputError) -> RGBAImage {
        try decode(bytes, name: name, limits: limits, rows: rows) { (decoder) throws(InputError) in
            defer { fastRows = decoder.fastRows }
            return if let crop { try decoder.decodeImage(cropTo: crop) } else { try decoder.decodeImage() }
        }
    }

    /// The size of the PNG in `bytes`, from its header alone.
    public static func readSize(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws(InputError) -> PixelSize {
        do throws(InputError) {
            let header = try PNGHeader(parsing: bytes[...])
            try limits.check(width: header.width, height: header.height)
            return PixelSize(width: header.width, height: header.height)
        } catch {
            throw error.inFile(name)
        }
    }

    /// Encodes `image` as an 8-bit RGBA PNG (premultiplied images are straightened first).
    /// Throws for an image without pixels, which PNG cannot hold.
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .fast) throws(InputError) -> [UInt8] {
        let straight = try encodable(image)
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        if compression == .fast {
            let pieces = try Pieces(straight)
            try check { message, size in
                cpng_write_pieces_memory(UInt32(image.width), UInt32(image.height), pieces.addresses, pieces.sizes,
                                         pieces.sizes.count, pieces.adler, &buffer, message, size)
            }
        } else {
            try straight.pixels.withUnsafeBufferPointer { (pixels) throws(InputError) in
                try check { message, size in
                    cpng_encode_memory(
                        pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                        compression.c, &buffer, message, size)
                }
            }
        }
        return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// Parses the header (to refuse oversized images before libpng allocates anything), then decodes.
    static func decode(
        _ bytes: [UInt8], name: String, limits: ImageLimits, rows: PNGRowSource = .fastWhereItApplies,
        _ body: (PNGDecoder) throws(InputError) -> RGBAImage
    ) throws(InputError) -> RGBAImage {
        do throws(InputError) {
            let header = try PNGHeader(parsing: bytes[...])
            try limits.check(width: header.width, height: header.height)
            return try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) in
                try body(PNGDecoder(bytes: buffer, limits: limits, rows: rows))
            }
        } catch {
            throw error.inFile(name)
        }
    }

    /// The image with straight alpha, or an error when it has no pixels or is too wide for PNG.
    static func encodable(_ image: RGBAImage) throws(InputError) -> RGBAImage {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw InputError("cannot encode a \(image.width)×\(image.height) image as PNG: each side must be 1...\(Int32.max)")
        }
        return image.straightened()
    }

    /// Runs an encoder call that fills a message buffer on failure, turning that into an error.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> cpng_status) throws(InputError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        guard status != CPNG_OK else { return }
        throw InputError(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}

/// What gives a PNG's image rows: the fast path of `CPNG/fast_rows.c` (8-bit RGB and RGBA images in
/// memory, zlib and vectorized unfiltering, libpng's own answer otherwise), or libpng alone. The
/// pictures and errors are the same either way, which the tests check by decoding both ways.
@_spi(Testing)
public enum PNGRowSource: Sendable {
    case fastWhereItApplies
    case libpngOnly
}

extension PNGCompression {
    var c: cpng_compression {
        switch self {
        case .fast: CPNG_COMPRESSION_FAST
        case .small: CPNG_COMPRESSION_SMALL
        case .balanced: CPNG_COMPRESSION_BALANCED
        }
    }
}
