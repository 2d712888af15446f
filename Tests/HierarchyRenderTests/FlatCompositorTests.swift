import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import XCTest

final class FlatCompositorTests: XCTestCase {
    func testColoursAlphaAndPartialCoverage() throws {
        let layout = TestScenes.layers([
            ("back", Rect(x: 0, y: 0, width: 10, height: 10), 0, Color(red: 0, green: 0, blue: 255)),
            ("half", Rect(x: 2.5, y: 2, width: 4, height: 4), 1, Color(red: 255, green: 0, blue: 0)),
        ], screen: Rect(x: 0, y: 0, width: 10, height: 10))
        let image = try FlatCompositor.composite(layout)
        XCTAssertEqual(image[0, 0], Color(red: 0, green: 0, blue: 255))
        XCTAssertEqual(image[4, 3], Color(red: 255, green: 0, blue: 0))
        // Pixel 2 is half covered by the red layer's left edge at x = 2.5.
        XCTAssertEqual(Int(image[2, 3].red), 128, accuracy: 1)
        XCTAssertEqual(Int(image[2, 3].blue), 128, accuracy: 1)
        XCTAssertEqual(image[2, 3].alpha, 255)
    }

    func testLayerAlphaTexturesAndScale() throws {
        var layout = TestScenes.layers([("t", Rect(x: 1, y: 1, width: 2, height: 1), 0, nil)], screen: Rect(x: 0, y: 0, width: 4, height: 2))
        layout.layers[0].alpha = 0.5
        layout.layers[0].texture = TexturePlan(path: "t.png", source: PixelSize(width: 6, height: 3), crop: PixelRect(x: 0, y: 0, width: 6, height: 3), width: 6, height: 3)
        // A 6×3 texture, its first two columns green, the rest red: at 2 pixels a point the frame is
        // 4×2 pixels, so each pixel averages 1.5×1.5 texels.
        let textures = TextureClosure { _, _ in
            var pixels: [UInt8] = []
            for _ in 0..<3 { for x in 0..<6 { pixels += x < 2 ? [0, 255, 0, 255] : [255, 0, 0, 255] } }
            return RGBAImage(width: 6, height: 3, pixels: pixels)
        }
        let image = try FlatCompositor.composite(layout, scale: 2, textures: textures)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image.height, 4)
        XCTAssertEqual(image[0, 0].alpha, 0, "outside the frame")
        XCTAssertEqual(image[2, 2], Color(red: 0, green: 255, blue: 0, alpha: 128))
        XCTAssertEqual(image[5, 3], Color(red: 255, green: 0, blue: 0, alpha: 128))
        // Pixel 3 averages texels 1.5 to 3: half a green one and a whole red one.
        XCTAssertEqual(Int(image[3, 2].green), 85, accuracy: 1)
        XCTAssertEqual(Int(image[3, 2].red), 170, accuracy: 1)
    }

    func testDepthRangeAndBackground() throws {
        let layout = TestScenes.layers([
            ("a", Rect(x: 0, y: 0, width: 2, height: 2), 0, Color(red: 255, green: 0, blue: 0)),
            ("b", Rect(x: 2, y: 0, width: 2, height: 2), 1, Color(red: 0, green: 255, blue: 0)),
        ], screen: Rect(x: 0, y: 0, width: 4, height: 2))
        let image = try FlatCompositor.composite(layout, background: Color(red: 1, green: 2, blue: 3), depths: 1...1)
        XCTAssertEqual(image[0, 0], Color(red: 1, green: 2, blue: 3))
        XCTAssertEqual(image[3, 1], Color(red: 0, green: 255, blue: 0))
    }

    func testSizesOutsideTheLimitsAreRefused() {
        let layout = TestScenes.layers([], screen: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: 200))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: 0))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: .nan))
    }
}
