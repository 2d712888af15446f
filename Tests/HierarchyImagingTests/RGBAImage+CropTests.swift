import HierarchyImaging
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

    /// A reduced texture as the loader makes it: the crop, then the reduction.
    func testACropReducedAveragesOnlyThePixelsInside() {
        let image = TestImages.checkerboard(width: 40, height: 20)
        let texture = image.cropped(to: PixelRect(x: 10, y: 0, width: 20, height: 20)).resampled(width: 10, height: 10)
        XCTAssertEqual(texture.width, 10)
        XCTAssertEqual(texture.height, 10)
        XCTAssertTrue(texture.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : (127...128).contains($0.element) })
    }
}
