import HierarchyModel

/// 128 bits that stand for a run of bytes: two 64-bit multiply-rotate hashes over its 8-byte
/// words, seeded with the length and finished with an avalanche. Not cryptographic; for naming
/// and recognising content made by the program itself (a texture that several screens share),
/// where a byte-by-byte hash of every texture would cost more than the work it saves.
public struct ContentHash: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    /// The hash of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        var a: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var b: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.count)
        let words = bytes.count / 8
        for i in 0..<words {
            let w = bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
            a = ContentHash.rotate((a ^ w) &* 0x87C3_7B91_1142_53D5, 31) &* 0x4CF5_AD43_2745_937F
            b = ContentHash.rotate((b &+ w) &* 0xBF58_476D_1CE4_E5B9, 27) ^ (b >> 17)
        }
        var tail: UInt64 = 0
        for i in (words * 8)..<bytes.count { tail = tail << 8 | UInt64(bytes[i]) }
        a = ContentHash.mix(a ^ tail ^ 0x94D0_49BB_1331_11EB)
        b = ContentHash.mix(b &+ tail &+ a)
        (high, low) = (a, ContentHash.mix(b ^ (a >> 7)))
    }

    /// The hash of an array's bytes.
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    /// The hash of an image: its size, alpha mode and pixels.
    public init(_ image: RGBAImage) {
        let pixels = ContentHash(image.pixels)
        var size = [UInt64(image.width), UInt64(image.height), image.alpha == .straight ? 1 : 2, pixels.high, pixels.low]
        self = size.withUnsafeMutableBytes { ContentHash(UnsafeRawBufferPointer($0)) }
    }

    /// 32 hex digits.
    public var hex: String { ContentHash.hex(high) + ContentHash.hex(low) }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    @inline(__always) static func rotate(_ x: UInt64, _ r: UInt64) -> UInt64 { x << r | x >> (64 - r) }

    /// SplitMix64's finaliser: every input bit reaches every output bit.
    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// PNG encodings kept by the image's content, so that an image met again (a texture that many
/// screens of a report share) is encoded once: the same bytes as encoding it again. Bounded by
/// the encodings' total size; safe to use from several threads.
/// Two memos are equal when they are the same object.
public final class PNGMemo: Hashable, Sendable {
    private struct Key: Hashable {
        let image: ContentHash
        let compression: PNGCompression
    }

    private let cache: CostBoundedCache<Key, [UInt8]>

    /// Keeps up to `maxBytes` of encodings (the least recently used go first).
    public init(maxBytes: Int = 64 << 20) { cache = CostBoundedCache(maxCost: maxBytes) }

    public static func == (a: PNGMemo, b: PNGMemo) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `PNG.encode(image, compression:)`, encoded once per content.
    public func encode(_ image: RGBAImage, compression: PNGCompression) throws(InputError) -> [UInt8] {
        try cache.value(for: Key(image: ContentHash(image), compression: compression), cost: \.count) { () throws(InputError) in
            try PNG.encode(image, compression: compression)
        }
    }
}
