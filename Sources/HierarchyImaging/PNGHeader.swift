import HierarchyModel

/// The PNG signature and IHDR chunk: what the first 33 bytes of every PNG say.
///
/// Read without libpng so that sizes (for the layout) and the pixel limit (before decoding) cost
/// one small read; the decoder checks the same bytes again.
struct PNGHeader: Hashable, Sendable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var isInterlaced: Bool

    /// 8 signature bytes, then the IHDR chunk: length, type, 13 bytes of data, CRC.
    static let byteCount = 33
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The bit depths each colour type allows (PNG specification, table 11.1).
    private static let allowedDepths: [Int: [Int]] = [
        0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]

    /// Parses the start of a PNG (`bytes` may be longer); errors name no file.
    init(parsing bytes: ArraySlice<UInt8>) throws(InputError) {
        let b = Array(bytes.prefix(PNGHeader.byteCount))
        try PNGHeader.checkSignature(b)
        guard b.count == PNGHeader.byteCount else {
            throw InputError("truncated: \(b.count) bytes, the PNG header needs \(PNGHeader.byteCount)")
        }
        let type = String(decoding: b[12..<16], as: UTF8.self)
        guard type == "IHDR", PNGHeader.uint32(b, at: 8) == 13 else {
            throw InputError("invalid PNG: the first chunk is '\(type)' of \(PNGHeader.uint32(b, at: 8)) bytes, expected IHDR of 13")
        }
        let stored = PNGHeader.uint32(b, at: 29), computed = CRC32.checksum(b[12..<29])
        guard stored == computed else {
            throw InputError("invalid PNG: IHDR CRC is \(PNGHeader.hex(stored)), the data gives \(PNGHeader.hex(computed))")
        }
        width = PNGHeader.uint32(b, at: 16)
        height = PNGHeader.uint32(b, at: 20)
        bitDepth = Int(b[24])
        colorType = Int(b[25])
        isInterlaced = b[28] == 1
        try validate(compression: b[26], filter: b[27], interlace: b[28])
    }

    /// An empty or cut signature is a truncation; any other difference means another format.
    private static func checkSignature(_ b: [UInt8]) throws(InputError) {
        let n = min(b.count, signature.count)
        guard b.prefix(n).elementsEqual(signature.prefix(n)) else { throw InputError("not a PNG file (bad signature)") }
        guard n == signature.count else {
            throw InputError(b.isEmpty ? "truncated: the data is empty" : "truncated: \(b.count) bytes, the PNG header needs \(byteCount)")
        }
    }

    private func validate(compression: UInt8, filter: UInt8, interlace: UInt8) throws(InputError) {
        let limit = Int(Int32.max)
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw InputError("invalid PNG: IHDR size \(width)×\(height), each side must be 1...\(limit)")
        }
        guard let depths = PNGHeader.allowedDepths[colorType] else {
            throw InputError("invalid PNG: IHDR colour type \(colorType), expected 0, 2, 3, 4 or 6")
        }
        guard depths.contains(bitDepth) else {
            throw InputError("invalid PNG: IHDR bit depth \(bitDepth) with colour type \(colorType), expected one of \(depths)")
        }
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw InputError("invalid PNG: IHDR compression \(compression), filter \(filter), interlace \(interlace), expected 0, 0, 0 or 1")
        }
    }

    private static func uint32(_ b: [UInt8], at i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes` (a chunk's type and data).
    static func checksum(_ bytes: some Sequence<UInt8>) -> Int {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return Int(c ^ 0xFFFF_FFFF)
    }
}
