import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import XCTest

/// The loader's texture provider: crops too large for the cache of decoded crops, and crops that
/// one layer alone shows, are streamed (averaged as they are decoded); smaller ones that several
/// layers show are decoded once and shared by key.
final class LayerTexturesTests: XCTestCase {
    func testALargeCropIsStreamedAndAveragesToWhatTheWholeCropGives() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layer-textures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A 1170×2000 snapshot (9.4 MB of pixels, over a quarter of the 32 MB cache) and a small one.
        var big = RGBAImage(width: 1170, height: 2000, fill: Color(red: 240, green: 240, blue: 240))
        for i in stride(from: 0, to: big.pixels.count, by: 44) { big.pixels[i] = UInt8(i / 4 % 251) }
        try PNG.write(big, to: folder + "/big.png")
        try PNG.write(RGBAImage(width: 60, height: 60, fill: Color(red: 9, green: 99, blue: 199)), to: folder + "/small.png")
        try PNG.write(RGBAImage(width: 60, height: 60, fill: Color(red: 99, green: 9, blue: 19)), to: folder + "/once.png")
        let tree = """
        {"version": 1, "root": {"class": "UIWindow", "frame": {"x": 0, "y": 0, "width": 390, "height": 667}, "snapshot": "big.png",
         "children": [{"frame": {"x": 10, "y": 10, "width": 20, "height": 20}, "snapshot": "small.png"},
                      {"frame": {"x": 40, "y": 10, "width": 20, "height": 20}, "snapshot": "small.png"},
                      {"frame": {"x": 70, "y": 10, "width": 20, "height": 20}, "snapshot": "once.png"}]}}
        """
        try tree.write(toFile: folder + "/tree.json", atomically: true, encoding: .utf8)
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        let window = layout.layers[0], tile = layout.layers[1], once = layout.layers[3]
        XCTAssertNil(textures.streamedTexture(for: tile, maxSize: PixelSize(width: 60, height: 60)))
        XCTAssertNotNil(textures.sharingKey(for: tile, maxSize: PixelSize(width: 60, height: 60)))
        let single = try XCTUnwrap(textures.streamedTexture(for: once, maxSize: PixelSize(width: 60, height: 60)))
        let small = PixelSize(width: 30, height: 30)
        let onceWhole = try XCTUnwrap(textures.texture(for: once, maxSize: small))
        XCTAssertEqual(try averaged(small) { try single.average(to: small, into: $0) },
                       averaged(small) { onceWhole.averaged(width: small.width, height: small.height, into: $0) })
        let streamed = try XCTUnwrap(textures.streamedTexture(for: window, maxSize: PixelSize(width: 400, height: 700)))
        XCTAssertEqual(streamed.size, PixelSize(width: 1170, height: 2000))
        let size = PixelSize(width: 390, height: 667)
        let whole = try XCTUnwrap(textures.texture(for: window, maxSize: size))
        XCTAssertEqual(try averaged(size) { try streamed.average(to: size, into: $0) },
                       averaged(size) { whole.averaged(width: size.width, height: size.height, into: $0) })
    }

    private func averaged(_ size: PixelSize, _ fill: ((Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws -> Void) rethrows -> [SIMD4<Float>] {
        let buffer = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: size.width * size.height)
        defer { buffer.deallocate() }
        try fill { buffer + $0 * size.width }
        return Array(UnsafeBufferPointer(start: buffer, count: size.width * size.height))
    }
}

/// Snapshot files with the same bytes count as one: their layers share a texture, and a twin that
/// changes after the comparison does not take another layer's picture with it.
final class IdenticalSnapshotTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("identical-snapshots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var picture = RGBAImage(width: 60, height: 30, fill: Color(red: 200, green: 40, blue: 90))
        for i in stride(from: 0, to: picture.pixels.count, by: 28) { picture.pixels[i] = UInt8(i % 256) }
        try PNG.write(picture, to: folder + "/a.png")
        try PNG.write(picture, to: folder + "/b.png")
        picture.pixels[0] ^= 1
        try PNG.write(picture, to: folder + "/c.png")
        let tree = """
        {"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 100, "height": 100},
         "children": [{"frame": {"x": 0, "y": 0, "width": 60, "height": 30}, "snapshot": "a.png"},
                      {"frame": {"x": 0, "y": 35, "width": 60, "height": 30}, "snapshot": "b.png"},
                      {"frame": {"x": 0, "y": 70, "width": 60, "height": 30}, "snapshot": "c.png"}]}}
        """
        try tree.write(toFile: folder + "/tree.json", atomically: true, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testLayersShowingFilesWithTheSameBytesShareATexture() throws {
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        let size = PixelSize(width: 60, height: 30)
        let layers = ["a.png", "b.png", "c.png"].map { path in layout.layers.first { $0.texture?.path == path }! }
        let keys = layers.map { textures.sharingKey(for: $0, maxSize: size) }
        XCTAssertNotNil(keys[0])
        XCTAssertEqual(keys[0], keys[1])
        XCTAssertNotEqual(keys[0], keys[2], "one pixel apart is another picture")
        XCTAssertEqual(try textures.texture(for: layers[1], maxSize: size), try PNG.decode(file: folder + "/b.png"))
    }

    func testATwinThatChangesAfterLoadingIsDrawnAsItWasLoaded() throws {
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        let original = try PNG.decode(file: folder + "/a.png")
        // Small snapshots are kept as the loader read them: what changes on the disk later is not seen.
        try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: folder + "/a.png"))
        let size = PixelSize(width: 60, height: 30)
        let a = layout.layers.first { $0.texture?.path == "a.png" }!, b = layout.layers.first { $0.texture?.path == "b.png" }!
        XCTAssertEqual(try textures.texture(for: b, maxSize: size), try PNG.decode(file: folder + "/b.png"))
        XCTAssertEqual(try textures.texture(for: a, maxSize: size), original)
    }

    func testATwinNotKeptThatChangesAfterTheComparisonLeavesTheOtherLayersOwnFile() throws {
        var document = try LoadedDocument.load(folder + "/tree.json")
        document.snapshotContents = SnapshotContents()  // as for snapshots over the limit
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: folder + "/a.png"))
        let size = PixelSize(width: 60, height: 30)
        let a = layout.layers.first { $0.texture?.path == "a.png" }!, b = layout.layers.first { $0.texture?.path == "b.png" }!
        XCTAssertEqual(try textures.texture(for: b, maxSize: size), try PNG.decode(file: folder + "/b.png"))
        XCTAssertThrowsError(try textures.texture(for: a, maxSize: size)) { error in
            XCTAssertTrue("\(error)".contains("a.png"), "\(error)")
        }
    }

    func testThePictureIsTheOneEveryLayerDecodingItsOwnFileGives() throws {
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        var options = RenderOptions()
        options.size = PixelSize(width: 320, height: 240)
        let renderer = try Renderer(options: options)
        // Without sharing keys: each layer's texture decoded from its own file.
        let unshared = TextureClosure { layer, _ in
            guard let plan = layer.texture else { return nil }
            return try PNG.decode(file: document.snapshotFile(plan.path))
        }
        XCTAssertEqual(try renderer.render(layout, textures: textures).image, try renderer.render(layout, textures: unshared).image)
    }
}
