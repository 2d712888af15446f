import HierarchyLayout
import HierarchyModel
import XCTest

final class TexturePlannerTests: XCTestCase {
    func testAnUnclippedViewUsesTheWholeSnapshot() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 10, 10, 50, 20, snapshot: "a.png")]), sizes: ["a.png": PixelSize(width: 150, height: 60)])
        let t = try XCTUnwrap(l.layer(withID: "a")?.texture)
        XCTAssertEqual(t.crop, PixelRect(x: 0, y: 0, width: 150, height: 60))
        XCTAssertEqual([t.width, t.height], [150, 60])
        XCTAssertFalse(t.isReduced)
    }

    func testTheCropIsTheVisibleFrameInSnapshotPixelsRoundedOutward() throws {
        // Visible part: x 10.5...50 of the view (the screen cuts its left side), y all. 3 px a point.
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", -10.5, 0, 50, 20, snapshot: "a.png")]), sizes: ["a.png": PixelSize(width: 150, height: 60)])
        let t = try XCTUnwrap(l.layer(withID: "a")?.texture)
        XCTAssertEqual(t.crop, PixelRect(x: 31, y: 0, width: 119, height: 60))
    }

    func testPixelsPerPointComeFromThePNGAgainstTheBounds() throws {
        // A 2x snapshot in a tree whose screenScale says 3: the PNG wins. The parent clips the bottom half.
        let root = V("root", 0, 0, 100, 100, [V("p", 0, 0, 100, 10, clips: true, [V("a", 0, 0, 40, 20, snapshot: "a.png")])])
        let l = try layout(root, sizes: ["a.png": PixelSize(width: 80, height: 40)])
        XCTAssertEqual(l.layer(withID: "a")?.texture?.crop, PixelRect(x: 0, y: 0, width: 80, height: 20))
    }

    func testFloatingPointNoiseDoesNotAddAPixel() throws {
        let root = V("root", 0, 0, 100, 100, [V("p", 0, 0, 100, 44.333333333333336, clips: true, [V("a", 0, 0, 10, 100, snapshot: "a.png")])])
        let l = try layout(root, sizes: ["a.png": PixelSize(width: 30, height: 300)])
        XCTAssertEqual(l.layer(withID: "a")?.texture?.crop.height, 133)
    }

    func testTheCropIsClampedToTheImage() throws {
        let root = V("root", 0, 0, 100, 100, [V("a", 0, 0, 10, 10, snapshot: "a.png")])
        let l = try layout(root, sizes: ["a.png": PixelSize(width: 3, height: 3)])
        XCTAssertEqual(l.layer(withID: "a")?.texture?.crop, PixelRect(x: 0, y: 0, width: 3, height: 3))
    }

    func testSnapshotsWithoutAKnownSizeGetNoTexture() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 10, 10, snapshot: "missing.png")]))
        XCTAssertNil(l.layer(withID: "a")?.texture)
    }

    func testALongScreenshotIsReducedToTheMaximumKeepingTheAspectRatio() {
        XCTAssertEqual(TexturePlanner.reducedSize(width: 10000, height: 300, max: 8192), PixelSize(width: 8192, height: 246))
        XCTAssertEqual(TexturePlanner.reducedSize(width: 1170, height: 30000, max: 8192), PixelSize(width: 319, height: 8192))
        XCTAssertEqual(TexturePlanner.reducedSize(width: 8192, height: 8192, max: 8192), PixelSize(width: 8192, height: 8192))
        XCTAssertEqual(TexturePlanner.reducedSize(width: 100000, height: 2, max: 8192), PixelSize(width: 8192, height: 1))
        XCTAssertEqual(TexturePlanner.reducedSize(width: 300, height: 200, max: 100), PixelSize(width: 100, height: 67))
    }

    func testMaxTextureOptionReachesThePlan() throws {
        let root = V("root", 0, 0, 100, 100, [V("a", 0, 0, 100, 50, snapshot: "a.png")])
        let l = try layout(root, LayoutOptions(maxTextureSize: 64), sizes: ["a.png": PixelSize(width: 300, height: 150)])
        let t = try XCTUnwrap(l.layer(withID: "a")?.texture)
        XCTAssertEqual([t.width, t.height], [64, 32])
        XCTAssertTrue(t.isReduced)
    }
}
