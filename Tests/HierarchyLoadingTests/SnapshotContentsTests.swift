import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import XCTest

/// The snapshot files read whole while the loader checks them are kept, and finding twins and
/// decoding use those bytes: the files are not read again. Files over the limit are read again.
final class SnapshotContentsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-contents-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A 60×30 picture with some detail, and a noisy 700×700 one whose PNG is over a megabyte.
    private func writeCapture() throws -> (small: RGBAImage, large: RGBAImage) {
        var small = RGBAImage(width: 60, height: 30, fill: Color(red: 200, green: 40, blue: 90))
        for i in stride(from: 0, to: small.pixels.count, by: 28) { small.pixels[i] = UInt8(i % 256) }
        var large = RGBAImage(width: 700, height: 700, fill: Color(red: 1, green: 2, blue: 3))
        var seed: UInt32 = 12345
        for i in large.pixels.indices where i % 4 != 3 {
            seed = seed &* 1_103_515_245 &+ 12345
            large.pixels[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        try PNG.write(small, to: folder + "/a.png")
        try PNG.write(small, to: folder + "/b.png")
        try PNG.write(large, to: folder + "/large.png")
        let tree = """
        {"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 700, "height": 700}, "snapshot": "large.png",
         "children": [{"frame": {"x": 0, "y": 0, "width": 60, "height": 30}, "snapshot": "a.png"},
                      {"frame": {"x": 0, "y": 35, "width": 60, "height": 30}, "snapshot": "b.png"}]}}
        """
        try tree.write(toFile: folder + "/tree.json", atomically: true, encoding: .utf8)
        return (small, large)
    }

    func testSmallSnapshotsAreKeptAndDrawnWithoutReadingTheFilesAgain() throws {
        let (small, _) = try writeCapture()
        XCTAssertGreaterThan(try XCTUnwrap(FileSystem.size(of: folder + "/large.png")), 1 << 20, "the large snapshot must be over the limit")
        let document = try LoadedDocument.load(folder + "/tree.json")
        XCTAssertEqual(document.snapshotContents.count, 2)
        XCTAssertEqual(document.snapshotContents[folder + "/a.png"], try FileSystem.read(folder + "/a.png"))
        XCTAssertNil(document.snapshotContents[folder + "/large.png"])
        // Gone from the disk, the small snapshots are still found to be twins and still drawn.
        try FileManager.default.removeItem(atPath: folder + "/a.png")
        try FileManager.default.removeItem(atPath: folder + "/b.png")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        let a = layout.layers[1], b = layout.layers[2]
        let size = PixelSize(width: 60, height: 30)
        XCTAssertEqual(textures.sharingKey(for: a, maxSize: size), textures.sharingKey(for: b, maxSize: size))
        XCTAssertEqual(try textures.texture(for: a)?.pixels, small.pixels)
        XCTAssertEqual(try textures.texture(for: b)?.pixels, small.pixels)
    }

    func testASnapshotOverTheLimitIsReadWhenDrawn() throws {
        let (_, large) = try writeCapture()
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        XCTAssertEqual(try document.textures(for: layout).texture(for: layout.layers[0])?.pixels, large.pixels)
        try FileManager.default.removeItem(atPath: folder + "/large.png")
        XCTAssertThrowsError(try document.textures(for: layout).texture(for: layout.layers[0])) { error in
            XCTAssertTrue("\(error)".contains("large.png"), "\(error)")
        }
    }
}
