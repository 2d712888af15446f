import Foundation
import HierarchyModel

/// Exported glTF files read back without judging them: GLB chunks, and JSON values as
/// JSONSerialization gives them.
public enum GLTFFiles {
    /// A GLB's header and chunks, read without judging them.
    public struct GLBFile {
        public var magic: UInt32
        public var version: UInt32
        public var length: UInt32
        public var chunks: [(type: UInt32, data: [UInt8])]
    }

    /// The header and chunks of a GLB, or an error when its framing is cut short.
    public static func readGLB(_ bytes: [UInt8]) throws -> GLBFile {
        guard bytes.count >= 12 else { throw InputError("a GLB of \(bytes.count) bytes has no header") }
        var file = GLBFile(magic: uint32(bytes, 0), version: uint32(bytes, 4), length: uint32(bytes, 8), chunks: [])
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = Int(uint32(bytes, offset)), type = uint32(bytes, offset + 4)
            guard offset + 8 + length <= bytes.count else { throw InputError("chunk at \(offset) runs past the end") }
            file.chunks.append((type, Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 8 + length
        }
        guard offset == bytes.count else { throw InputError("\(bytes.count - offset) bytes after the last chunk") }
        return file
    }

    /// The little-endian 32-bit integer at `offset`.
    public static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    /// The document of a GLB (first chunk) and its binary (second chunk, or none).
    public static func parseGLB(_ bytes: [UInt8]) throws -> (json: [String: Any], binary: [UInt8]) {
        let file = try readGLB(bytes)
        guard let first = file.chunks.first else { throw InputError("a GLB without chunks") }
        return (try object(Data(first.data)), file.chunks.count > 1 ? file.chunks[1].data : [])
    }

    /// The elements of accessor `index`, each as its components in Doubles; nil when the accessor
    /// or its buffer view is missing or malformed.
    public static func values(ofAccessor index: Int, in json: [String: Any], binary: [UInt8]) -> [[Double]]? {
        let accessors = json.array("accessors")
        guard accessors.indices.contains(index), let layout = AccessorLayout(accessors[index], views: json.array("bufferViews")),
              layout.start + layout.stride * (layout.count - 1) + layout.elementSize <= binary.count else { return nil }
        return layout.values(in: binary)
    }

    /// A JSON document whose top level is an object.
    public static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw InputError("not a JSON object") }
        return object
    }
}
