/// The name a report gives a texture: 128 bits of two hashes of its PNG bytes (FNV-1a and a
/// multiply-rotate hash, each seeded with the length), in hex. Screens that show the same
/// picture share the name, so the page stores it once.
public enum TextureName {
    public static func of(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var b: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.count)
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = ((b ^ UInt64(byte)) &* 0xBF58_476D_1CE4_E5B9)
            b = (b << 27) | (b >> 37)
        }
        return hex(a) + hex(b)
    }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
