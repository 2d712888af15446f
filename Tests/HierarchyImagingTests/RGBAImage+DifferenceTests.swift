import HierarchyImaging
import HierarchyModel
import XCTest

final class RGBAImageDifferenceTests: XCTestCase {
    let grey = Color(red: 120, green: 120, blue: 120)

    func changed(_ image: RGBAImage, pixels: Int, by delta: Int) -> RGBAImage {
        var copy = image
        for i in 0..<pixels { copy.pixels[i * 4] = UInt8(min(255, Int(copy.pixels[i * 4]) + delta)) }
        return copy
    }

    func testTheSamePicturesDoNotDiffer() {
        let image = RGBAImage(width: 20, height: 20, fill: grey)
        XCTAssertFalse(image.differsNoticeably(from: image))
    }

    func testOneClearlyChangedPixelOfASmallIconCounts() {
        let image = RGBAImage(width: 20, height: 20, fill: grey)
        XCTAssertTrue(image.differsNoticeably(from: changed(image, pixels: 1, by: 100)))
        XCTAssertFalse(image.differsNoticeably(from: changed(image, pixels: 400, by: 10)), "small differences everywhere are noise")
    }

    func testAFewChangedPixelsOfALargePictureDoNot() {
        let image = RGBAImage(width: 100, height: 100, fill: grey)
        XCTAssertFalse(image.differsNoticeably(from: changed(image, pixels: 20, by: 100)), "0.2% of the pixels")
        XCTAssertTrue(image.differsNoticeably(from: changed(image, pixels: 21, by: 100)))
    }

    func testPicturesAreComparedAtTheSameSize() {
        let small = RGBAImage(width: 20, height: 10, fill: grey), large = RGBAImage(width: 60, height: 30, fill: grey)
        XCTAssertFalse(small.differsNoticeably(from: large))
        XCTAssertTrue(small.differsNoticeably(from: RGBAImage(width: 60, height: 30, fill: Color(red: 0, green: 90, blue: 200))))
    }

    func testTransparentColoursDoNotCount() {
        // Premultiplied, fully transparent pixels are all the same whatever their stored colour.
        let a = RGBAImage(width: 10, height: 10, fill: Color(red: 255, green: 0, blue: 0, alpha: 0))
        let b = RGBAImage(width: 10, height: 10, fill: Color(red: 0, green: 0, blue: 255, alpha: 0))
        XCTAssertFalse(a.differsNoticeably(from: b))
    }
}
