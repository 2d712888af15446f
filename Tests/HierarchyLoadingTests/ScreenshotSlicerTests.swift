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

    /// A 20×20-point screen at 2 px a point with one bar of 12×4 points about (10, 10), turned by
    /// `degrees`, and the slicer made as LoadedDocument makes it (with the bar's bounds).
    func turned(_ degrees: Double) throws -> (Layout, ScreenshotSlicer, Layer) {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 20, height: 20)))
        tree.append(ViewNode(id: "bar", frame: Rect(x: 4, y: 8, width: 12, height: 4), transform: .rotation(degrees: degrees)), to: 0)
        let layout = try Layout.compute(tree)
        let bar = try XCTUnwrap(layout.layers.first { $0.id == "bar" })
        let slicer = ScreenshotSlicer(screenshot: gradient(width: 40, height: 40), scale: 2, layout: layout, holes: .keep, bounds: [bar.node: tree[bar.node].bounds])
        return (layout, slicer, bar)
    }

    func testATurnedViewsSliceIsReadThroughItsTransform() throws {
        let (_, slicer, bar) = try turned(90)
        let slice = slicer.slice(bar, snapshotSize: PixelSize(width: 24, height: 8), crop: PixelRect(x: 0, y: 0, width: 24, height: 8))
        // Turned a quarter clockwise, the bar stands 4 wide and 12 tall (x 8–12, y 4–16); its
        // bounds' top-left corner is the box's top-right on the screen, its top-right the box's
        // bottom-right. Stretching the box's pixels over the bounds would read (16, 8) for the first.
        XCTAssertEqual(slice[0, 0], Color(red: 23, green: 8, blue: 7))
        XCTAssertEqual(slice[23, 0], Color(red: 23, green: 31, blue: 7))
        XCTAssertEqual(slice[0, 7], Color(red: 16, green: 8, blue: 7))
        // Every pixel of the bounds lands inside the turned box, which the bar owns whole.
        XCTAssertTrue((0..<8).allSatisfy { y in (0..<24).allSatisfy { x in slice[x, y].alpha == 255 } })
    }

    func testATurnedViewOwnsOnlyThePixelsInsideItsOutline() throws {
        let (layout, slicer, bar) = try turned(30)
        let root = layout.layers[0]
        let slice = slicer.slice(root, snapshotSize: PixelSize(width: 40, height: 40), crop: PixelRect(x: 0, y: 0, width: 40, height: 40))
        let outline = try XCTUnwrap(bar.outline)
        // Inside the turned bar's box but outside the bar: still the root's pixels.
        let corner = (x: Int(bar.frame.minX * 2) + 1, y: Int(bar.frame.minY * 2) + 1)
        let centre = Point(x: (Double(corner.x) + 0.5) / 2, y: (Double(corner.y) + 0.5) / 2)
        // Outside when on the left of some edge (the outline runs clockwise on the screen, y down).
        XCTAssertTrue(outline.indices.contains { i in
            let (a, b) = (outline[i], outline[(i + 1) % outline.count])
            return (b.x - a.x) * (centre.y - a.y) - (b.y - a.y) * (centre.x - a.x) < 0
        }, "the corner pixel lies outside the turned bar")
        XCTAssertEqual(slice[corner.x, corner.y], Color(red: UInt8(corner.x), green: UInt8(corner.y), blue: 7))
        // The bar's centre is the bar's: a hole in the root.
        XCTAssertEqual(slice[20, 20].alpha, 0)
    }
}
