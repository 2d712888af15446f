import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import XCTest

final class RGBAImageCropTests: XCTestCase {
    func testCropKeepsExactlyThePixelsInside() {
        let image = TestImages.pattern(width: 10, height: 8, opaque: false)
        let crop = image.cropped(to: PixelRect(x: 2, y: 3, width: 5, height: 4))
        XCTAssertEqual(crop.width, 5)
        XCTAssertEqual(crop.height, 4)
        for y in 0..<4 { for x in 0..<5 { XCTAssertEqual(crop[x, y], image[x + 2, y + 3]) } }
    }

    func testCropKeepsTheAlphaMode() {
        let image = TestImages.pattern(width: 4, height: 4, opaque: false).premultiplied()
        XCTAssertEqual(image.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2)).alpha, .premultiplied)
    }

    func testEmptyCropHasNoPixels() {
        let crop = TestImages.pattern(width: 4, height: 4, opaque: true).cropped(to: PixelRect(x: 4, y: 2, width: 0, height: 2))
        XCTAssertEqual(crop.pixels, [])
        XCTAssertEqual(crop.height, 2)
    }

    func testTextureEqualsTheCropWhenNotReduced() {
        let image = TestImages.pattern(width: 30, height: 20, opaque: false)
        let crop = PixelRect(x: 4, y: 2, width: 11, height: 13)
        let plan = TexturePlan(path: "a.png", source: PixelSize(width: 30, height: 20), crop: crop, width: 11, height: 13)
        XCTAssertFalse(plan.isReduced)
        XCTAssertEqual(image.texture(for: plan), image.cropped(to: crop))
    }

    func testTextureHasThePlannedSizeAndAverages() {
        let image = TestImages.checkerboard(width: 40, height: 20)
        let plan = TexturePlan(path: "a.png", source: PixelSize(width: 40, height: 20),
                               crop: PixelRect(x: 10, y: 0, width: 20, height: 20), width: 10, height: 10)
        let texture = image.texture(for: plan)
        XCTAssertEqual(texture.width, 10)
        XCTAssertEqual(texture.height, 10)
        XCTAssertTrue(texture.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : (127...128).contains($0.element) })
    }

    /// A 10000×300 crop is planned at 8192×246 and the texture has exactly that size.
    func testALongCropBecomesThePlannedSize() {
        let size = TexturePlanner.reducedSize(width: 10000, height: 300, max: 8192)
        XCTAssertEqual(size, PixelSize(width: 8192, height: 246))
        let image = RGBAImage(width: 10000, height: 300, fill: Color(red: 20, green: 40, blue: 60, alpha: 200))
        let plan = TexturePlan(path: "a.png", source: PixelSize(width: 10000, height: 300),
                               crop: PixelRect(x: 0, y: 0, width: 10000, height: 300), width: size.width, height: size.height)
        let texture = image.texture(for: plan)
        XCTAssertEqual(PixelSize(width: texture.width, height: texture.height), size)
        XCTAssertEqual(texture[4000, 100], Color(red: 20, green: 40, blue: 60, alpha: 200), "a uniform image stays uniform")
    }

    func testAPlanWithoutPixelsGivesAnEmptyTexture() {
        let image = TestImages.pattern(width: 8, height: 8, opaque: true)
        let plan = TexturePlan(path: "a.png", source: PixelSize(width: 8, height: 8), crop: PixelRect(x: 3, y: 3, width: 0, height: 5), width: 0, height: 5)
        XCTAssertEqual(image.texture(for: plan).pixels, [])
    }
}
