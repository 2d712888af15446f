import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
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

    /// With regions, the pixels inside them are the whole composite's, byte for byte; the others
    /// are the background; and a layer that touches no region has its texture never asked for.
    func testRegionsGiveTheWholeCompositesPixelsAndSkipTheRest() throws {
        var random = SplitMix(seed: 7)
        var specs: [(String, Rect, Int, Color?)] = []
        for i in 0..<40 {
            let x = Double(random.next() % 80) + Double(random.next() % 4) / 4, y = Double(random.next() % 120) + Double(random.next() % 3) / 3
            let frame = Rect(x: x, y: y, width: Double(2 + random.next() % 30) + 0.5, height: Double(2 + random.next() % 40) + 0.25)
            let colour = i % 3 == 0 ? nil : Color(red: UInt8(random.next() % 256), green: UInt8(random.next() % 256), blue: UInt8(random.next() % 256), alpha: UInt8(128 + random.next() % 128))
            specs.append(("l\(i)", frame, i % 5, colour))
        }
        var layout = TestScenes.layers(specs, screen: Rect(x: 0, y: 0, width: 100, height: 150))
        for i in layout.layers.indices where i % 3 != 1 {
            let side = 3 + i % 7
            layout.layers[i].alpha = i % 4 == 0 ? 0.6 : 1
            layout.layers[i].texture = TexturePlan(path: "t\(i).png", source: PixelSize(width: side, height: side + 1),
                                                   crop: PixelRect(x: 0, y: 0, width: side, height: side + 1), width: side, height: side + 1)
        }
        let asked = AskedLayers()
        let textures = TextureClosure { layer, _ in
            asked.add(layer.id)
            let plan = layer.texture!, seed = UInt8(layer.node * 37 % 256)
            var pixels: [UInt8] = []
            for y in 0..<plan.height { for x in 0..<plan.width {
                pixels += [seed &+ UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 30), 255 &- seed, (x + y) % 3 == 0 ? 90 : 255]
            } }
            return RGBAImage(width: plan.width, height: plan.height, pixels: pixels)
        }
        let white = Color(red: 255, green: 255, blue: 255)
        let whole = try FlatCompositor.composite(layout, scale: 2, background: white, textures: textures)
        asked.reset()
        let regions = [PixelRect(x: 10, y: 10, width: 30, height: 20), PixelRect(x: 25, y: 20, width: 40, height: 50), PixelRect(x: 190, y: 290, width: 30, height: 30)]
        let part = try FlatCompositor.composite(layout, scale: 2, background: white, textures: textures, regions: regions)
        XCTAssertEqual(part.width, whole.width)
        XCTAssertEqual(part.height, whole.height)
        var inside = 0
        for y in 0..<whole.height {
            for x in 0..<whole.width {
                let within = regions.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                XCTAssertEqual(part[x, y], within ? whole[x, y] : white, "pixel (\(x), \(y))")
                if within { inside += 1 }
            }
        }
        XCTAssertEqual(inside, 30 * 20 + 40 * 50 - 15 * 10 + 10 * 10)
        let touching = Set(layout.layers.filter { layer in
            layer.texture != nil && regions.contains { r in
                layer.frame.minX * 2 < Double(r.x + r.width) && layer.frame.maxX * 2 > Double(r.x)
                    && layer.frame.minY * 2 < Double(r.y + r.height) && layer.frame.maxY * 2 > Double(r.y)
            }
        }.map(\.id))
        XCTAssertFalse(touching.isEmpty)
        XCTAssertLessThan(touching.count, layout.layers.filter { $0.texture != nil }.count, "some textured layer lies outside every region")
        XCTAssertTrue(asked.ids.isSubset(of: touching), "textures read outside the regions: \(asked.ids.subtracting(touching).sorted())")
    }

    func testSizesOutsideTheLimitsAreRefused() {
        let layout = TestScenes.layers([], screen: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: 200))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: 0))
        XCTAssertThrowsError(try FlatCompositor.composite(layout, scale: .nan))
    }
}

/// The layers whose textures were asked for.
final class AskedLayers: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: Set<String> = []

    func add(_ id: String) { lock.lock(); asked.insert(id); lock.unlock() }
    func reset() { lock.lock(); asked = []; lock.unlock() }
    var ids: Set<String> { lock.lock(); defer { lock.unlock() }; return asked }
}
