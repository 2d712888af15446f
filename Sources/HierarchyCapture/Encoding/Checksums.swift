/// The two checksums a PNG file needs, written out because the library may not link zlib's
/// wrappers (libpng and CPNG cannot go into an iOS app target here).
enum Checksums {
    /// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected) as PNG chunks use it; `initial` is the
    /// CRC of the bytes before these, so that a chunk's type and data can be summed in two calls.
    static func crc32(_ bytes: [UInt8], initial: UInt32 = 0) -> UInt32 {
        var crc = ~initial
        bytes.withUnsafeBufferPointer { buffer in
            crcTable.withUnsafeBufferPointer { table in
                for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            }
        }
        return ~crc
    }

    /// Adler-32 (RFC 1950) of the uncompressed zlib data.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                // 5552 bytes is the most that can be summed before b could overflow 32 bits (RFC 1950).
                let end = min(start + 5552, buffer.count)
                for i in start..<end {
                    a &+= UInt32(buffer[i])
                    b &+= a
                }
                (a, b) = (a % 65521, b % 65521)
                start = end
            }
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
