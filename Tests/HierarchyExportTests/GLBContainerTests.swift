import HierarchyExport
import HierarchyTestSupport
import XCTest

/// GLB framing: the header's length is the file's, chunks are padded to 4 bytes (JSON with
/// spaces, BIN with zeros), JSON comes first.
final class GLBContainerTests: XCTestCase {
    func testHeaderAndChunksOfASmallFile() throws {
        let bytes = GLBContainer.pack(json: "{\"a\":1}", binary: [1, 2, 3, 4, 5])
        XCTAssertEqual(bytes.count, 12 + 8 + 8 + 8 + 8)
        let file = try GLTFFiles.readGLB(bytes)
        XCTAssertEqual(file.magic, 0x4654_6C67)
        XCTAssertEqual(Array(bytes[0..<4]), Array("glTF".utf8))
        XCTAssertEqual(file.version, 2)
        XCTAssertEqual(Int(file.length), bytes.count)
        XCTAssertEqual(file.chunks.map(\.type), [0x4E4F_534A, 0x004E_4942])
        XCTAssertEqual(file.chunks[0].data, Array("{\"a\":1} ".utf8), "JSON padded with a space")
        XCTAssertEqual(file.chunks[1].data, [1, 2, 3, 4, 5, 0, 0, 0], "BIN padded with zeros")
    }

    func testNoBinaryChunkWithoutBinary() throws {
        let bytes = GLBContainer.pack(json: "{}", binary: [])
        let file = try GLTFFiles.readGLB(bytes)
        XCTAssertEqual(file.chunks.count, 1)
        XCTAssertEqual(bytes.count, 24)
    }

    func testEveryChunkOfTheSampleIsAligned() throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        let bytes = try XCTUnwrap(GLTFFixtures.files(layout, textures, GLTFFixtures.options(), .glb, name: "s.glb")["s.glb"])
        let file = try GLTFFiles.readGLB(bytes)
        XCTAssertEqual(Int(file.length), bytes.count)
        XCTAssertEqual(bytes.count % 4, 0)
        XCTAssertEqual(file.chunks.count, 2)
        for chunk in file.chunks { XCTAssertEqual(chunk.data.count % 4, 0) }
        let (json, binary) = try GLTFFiles.parseGLB(bytes)
        let buffer = try XCTUnwrap(json.array("buffers").first)
        XCTAssertNil(buffer["uri"], "a GLB's buffer is its BIN chunk")
        let length = try XCTUnwrap(buffer.int("byteLength"))
        XCTAssertTrue(length <= binary.count && binary.count <= length + 3, "byteLength \(length), BIN chunk \(binary.count)")
    }
}
