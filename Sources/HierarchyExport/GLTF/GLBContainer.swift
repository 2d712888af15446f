/// The binary glTF container: a 12-byte header (magic `glTF`, version 2, total length), a JSON
/// chunk and an optional BIN chunk, each an 8-byte header (length, type) and data padded to a
/// multiple of 4 bytes — JSON with spaces, BIN with zeros — so every chunk starts 4-byte aligned.
/// All integers are little-endian.
public enum GLBContainer {
    /// `glTF` as a little-endian integer.
    public static let magic: UInt32 = 0x4654_6C67
    public static let version: UInt32 = 2
    /// Chunk types: `JSON` and `BIN\0`.
    public static let jsonChunk: UInt32 = 0x4E4F_534A
    public static let binaryChunk: UInt32 = 0x004E_4942

    /// The GLB file of `json` (the document, whose buffer 0 has no uri) and `binary` (buffer 0's
    /// bytes; no BIN chunk when empty).
    public static func pack(json: String, binary: [UInt8]) -> [UInt8] {
        let jsonData = padded(Array(json.utf8), with: 0x20)
        let binaryData = padded(binary, with: 0)
        let total = 12 + 8 + jsonData.count + (binaryData.isEmpty ? 0 : 8 + binaryData.count)
        var out: [UInt8] = []
        out.reserveCapacity(total)
        append(magic, to: &out)
        append(version, to: &out)
        append(UInt32(total), to: &out)
        append(chunk: jsonChunk, jsonData, to: &out)
        if !binaryData.isEmpty { append(chunk: binaryChunk, binaryData, to: &out) }
        return out
    }

    /// Whether a document and its binary fit the format's 32-bit lengths.
    public static func fits(jsonBytes: Int, binaryBytes: Int) -> Bool {
        12 + 8 + jsonBytes + 3 + 8 + binaryBytes + 3 <= Int(UInt32.max)
    }

    /// `bytes` followed by `byte` up to the next multiple of 4.
    static func padded(_ bytes: [UInt8], with byte: UInt8) -> [UInt8] {
        bytes + [UInt8](repeating: byte, count: (4 - bytes.count % 4) % 4)
    }

    private static func append(chunk type: UInt32, _ data: [UInt8], to out: inout [UInt8]) {
        append(UInt32(data.count), to: &out)
        append(type, to: &out)
        out += data
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }
}
