import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import XCTest

final class ScreenshotSlicerTests: XCTestCase {
    /// A 10×10-point screen at 2 px a point: a background, a card, and a badge on the card.
    func makeLayout() throws -> Layout {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let card = tree.append(ViewNode(id: "card", frame: Rect(x: 2, y: 2, width: 6, height: 4)), to: 0)
        tree.append(ViewNode(id: "badge", frame: Rect(x: 4, y: 1, width: 2, height: 2)), to: card)
        return try Layout.compute(tree)
    }

    /// A screenshot whose every pixel is different: red = x, green = y.
    func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(x), UInt8(y), 7, 255] } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testEveryPixelGoesToTheFrontmostLayerCoveringIt() throws {
        let layout = try makeLayout()
        let shot = gradient(width: 20, height: 20)
        let slicer = ScreenshotSlicer(screenshot: shot, scale: 2, layout: layout, holes: .keep)
        let slices = layout.layers.map { layer in
            slicer.slice(layer, snapshotSize: PixelSize(width: Int(layer.fullFrame.width * 2), height: Int(layer.fullFrame.height * 2)),
                         crop: PixelRect(x: 0, y: 0, width: Int(layer.fullFrame.width * 2), height: Int(layer.fullFrame.height * 2)))
        }
        // Put back together at their frames, each pixel is owned exactly once and equals the screenshot.
        var owners = [Int](repeating: 0, count: 400)
        for (layer, slice) in zip(layout.layers, slices) {
            for y in 0..<slice.height { for x in 0..<slice.width where slice[x, y].alpha > 0 {
                let sx = Int(layer.fullFrame.x * 2) + x, sy = Int(layer.fullFrame.y * 2) + y
                XCTAssertEqual(slice[x, y], shot[sx, sy])
                owners[sy * 20 + sx] += 1
            } }
        }
        XCTAssertEqual(Set(owners), [1])
        // The badge owns its 4×4 pixels; the card has a hole there; the root has a hole at the card.
        let badge = slices[2], card = slices[1], root = slices[0]
        XCTAssertEqual(badge[0, 0], shot[12, 6])
        XCTAssertEqual(card[8, 2].alpha, 0, "under the badge")
        XCTAssertEqual(card[7, 2], shot[11, 6], "beside the badge")
        XCTAssertEqual(card[0, 0], shot[4, 4])
        XCTAssertEqual(root[5, 5].alpha, 0, "under the card")
        XCTAssertEqual(root[0, 0], shot[0, 0])
    }

    func testASliceMayBeAReducedSnapshotOfTheBounds() throws {
        let layout = try makeLayout()
        let slicer = ScreenshotSlicer(screenshot: gradient(width: 20, height: 20), scale: 2, layout: layout, holes: .keep)
        let root = layout.layers[0]
        // At 1 px a point, pixel (1, 1) samples the screenshot at (3, 3), owned by the root.
        let small = slicer.slice(root, snapshotSize: PixelSize(width: 10, height: 10), crop: PixelRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(small[1, 1], Color(red: 3, green: 3, blue: 7))
        XCTAssertEqual(small[4, 4].alpha, 0)
        // 1170×90000 pixels, reduced to fit 8192.
        XCTAssertEqual(ScreenshotSlicer.snapshotSize(bounds: Rect(x: 0, y: 0, width: 390, height: 30000), scale: 3), PixelSize(width: 106, height: 8192))
    }
}
