/// Buffer 0 of a document as it is assembled: byte ranges appended one after another, each
/// starting on a 4-byte boundary (the strictest alignment any accessor or GLB chunk needs), each
/// becoming a buffer view. Numbers are stored little-endian, as glTF requires.
struct BinaryBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var views: [GLTFDocument.BufferView] = []

    /// Appends `data` as a new buffer view and returns its index.
    mutating func append(_ data: [UInt8], stride: Int? = nil, target: GLTFDocument.BufferView.Target? = nil) -> Int {
        bytes += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
        views.append(GLTFDocument.BufferView(buffer: 0, byteOffset: bytes.count, byteLength: data.count, byteStride: stride, target: target))
        bytes += data
        return views.count - 1
    }

    /// The bytes padded with zeros to a multiple of 4, as both a `.bin` file and a BIN chunk hold them.
    var paddedBytes: [UInt8] { GLBContainer.padded(bytes, with: 0) }

    /// The length of `paddedBytes`.
    var paddedCount: Int { (bytes.count + 3) / 4 * 4 }

    /// Float32 values, little-endian.
    static func bytes(of values: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 4)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { out += $0 } }
        return out
    }

    /// UInt16 values, little-endian.
    static func bytes(of values: [UInt16]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 2)
        for value in values { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        return out
    }
}
