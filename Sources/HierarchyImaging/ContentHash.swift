import HierarchyModel

/// 128 bits that stand for a run of bytes. Not cryptographic; for naming
/// and recognising content made by the program itself (a texture that several screens share),
/// where a byte-by-byte hash of every texture would cost more than the work it saves.
public struct ContentHash: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    /// The hash of `bytes`: four lanes of xxHash64's round over 32-byte blocks (independent, so
    /// the processor runs them side by side), the rest and the length folded in, then mixed.
    public init(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x60EA_27EE_ADC0_B5D6 &+ UInt64(n), 0xC2B2_AE3D_27D4_EB4F, 0, 0x61C8_8646_80B5_83EB)
        var offset = 0
        while offset + 32 <= n {
            lanes.0 = ContentHash.round(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = ContentHash.round(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = ContentHash.round(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = ContentHash.round(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        while offset + 8 <= n {
            lanes.0 = ContentHash.round(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            (lanes.0, lanes.1, lanes.2, lanes.3) = (lanes.1, lanes.2, lanes.3, lanes.0)
            offset += 8
        }
        var tail: UInt64 = 0
        for i in offset..<n { tail = tail << 8 | UInt64(bytes[i]) }
        let a = ContentHash.mix(lanes.0 &+ ContentHash.rotate(lanes.2, 23) ^ ContentHash.round(UInt64(n), tail))
        let b = ContentHash.mix(lanes.1 &+ ContentHash.rotate(lanes.3, 23) ^ a)
        (high, low) = (ContentHash.mix(a ^ ContentHash.rotate(b, 32)), b)
    }

    /// The hash of an array's bytes.
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    /// The hash of an image: its size, alpha mode and pixels.
    public init(_ image: RGBAImage) {
        let pixels = ContentHash(image.pixels)
        self = ContentHash(words: [UInt64(image.width), UInt64(image.height), image.alpha == .straight ? 1 : 2, pixels.high, pixels.low])
    }

    /// The hash of some 64-bit words (a key made of several values).
    public init(words: [UInt64]) {
        self = words.withUnsafeBytes { ContentHash($0) }
    }

    /// 32 hex digits.
    public var hex: String { ContentHash.hex(high) + ContentHash.hex(low) }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// xxHash64's round: one word into a lane.
    @inline(__always) static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        rotate(lane &+ word &* 0xC2B2_AE3D_27D4_EB4F, 31) &* 0x9E37_79B1_85EB_CA87
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
