import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import XCTest

/// The loader's texture provider: crops too large for the cache of decoded crops are streamed
/// (averaged as they are decoded), smaller ones are shared by key.
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
        let tree = """
        {"version": 1, "root": {"class": "UIWindow", "frame": {"x": 0, "y": 0, "width": 390, "height": 667}, "snapshot": "big.png",
         "children": [{"frame": {"x": 10, "y": 10, "width": 20, "height": 20}, "snapshot": "small.png"}]}}
        """
        try tree.write(toFile: folder + "/tree.json", atomically: true, encoding: .utf8)
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        let window = layout.layers[0], tile = layout.layers[1]
        XCTAssertNil(textures.streamedTexture(for: tile, maxSize: PixelSize(width: 60, height: 60)))
        XCTAssertNotNil(textures.sharingKey(for: tile, maxSize: PixelSize(width: 60, height: 60)))
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
