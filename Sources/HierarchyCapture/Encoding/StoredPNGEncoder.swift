/// A PNG writer without compression: zlib "stored" deflate blocks, CRC-32 and Adler-32 computed
/// here. Files are larger than compressed ones (about 4 bytes a pixel) but it needs no library,
/// so the capture is tested end to end on Linux and works on any platform.
public struct StoredPNGEncoder: CaptureImageEncoder {
    /// A stored-block PNG encoder.
    public init() {}

    /// `png`.
    public var fileExtension: String { "png" }

    /// The PNG file of `canvas`: 8-bit RGBA (colour type 6), straight alpha, filter 0 on every row.
    public func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
        StoredPNGEncoder.png(width: canvas.width, height: canvas.height, rgba: canvas.straightAlpha())
    }

    /// The PNG of `width`×`height` straight-alpha RGBA pixels.
    static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", zlibStored(scanlines(width: width, height: height, rgba: rgba)), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// The filtered image data: each row preceded by filter type 0 (none).
    static func scanlines(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let row = width * 4
        var raw = [UInt8](repeating: 0, count: height * (row + 1))
        raw.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { pixels in
                for y in 0..<height {
                    // Byte 0 of each line stays 0: filter type none.
                    let target = UnsafeMutableBufferPointer(rebasing: out[(y * (row + 1) + 1)..<((y + 1) * (row + 1))])
                    _ = target.initialize(from: UnsafeBufferPointer(rebasing: pixels[(y * row)..<((y + 1) * row)]))
                }
            }
        }
        return raw
    }

    /// A zlib stream of `data` in stored deflate blocks of at most 65,535 bytes (RFC 1950, 1951).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window; 0x7801 is a multiple of 31
        out.reserveCapacity(data.count + data.count / 65_535 * 5 + 16)
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(Checksums.adler32(data))
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        out += bigEndian(Checksums.crc32(data, initial: Checksums.crc32(typeBytes)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
