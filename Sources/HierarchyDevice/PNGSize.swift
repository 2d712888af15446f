/// The size a PNG's header (IHDR, the first chunk) gives, without decoding it.
public enum PNGSize {
    public static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (number(16), number(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
