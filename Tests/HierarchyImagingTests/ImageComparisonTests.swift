import HierarchyImaging
import HierarchyModel
import XCTest

final class ImageComparisonTests: XCTestCase {
    let grey = Color(red: 120, green: 120, blue: 120)

    func testCountsEveryDifferingPixelAndMarksThemInTheDifference() {
        let image = RGBAImage(width: 100, height: 100, fill: grey)
        var changed = image
        for i in [0, 57, 9_999] { changed.pixels[i * 4 + 1] = 250 }
        let comparison = ImageComparison(image, changed, picture: true)
        XCTAssertEqual(comparison.differing, 3)
        XCTAssertFalse(comparison.differs, "3 of 10,000 is within 0.2%")
        XCTAssertEqual(comparison.differingShare, 0.0003, accuracy: 1e-12)
        let difference = try! XCTUnwrap(comparison.difference)
        XCTAssertEqual(difference[57, 0], Color(red: 255, green: 0, blue: 255))
        XCTAssertEqual(difference[99, 99], Color(red: 255, green: 0, blue: 255))
        XCTAssertNotEqual(difference[1, 0], Color(red: 255, green: 0, blue: 255))
        XCTAssertEqual(difference[1, 0].red, difference[1, 0].blue, "the rest is grey")
    }

    func testTheToleranceIsAdjustable() {
        let image = RGBAImage(width: 10, height: 10, fill: grey)
        let shaded = RGBAImage(width: 10, height: 10, fill: Color(red: 130, green: 120, blue: 120))
        XCTAssertFalse(ImageComparison(image, shaded).differs, "10 levels are within 24")
        XCTAssertTrue(ImageComparison(image, shaded, tolerance: PixelTolerance(channel: 9)).differs)
        XCTAssertTrue(ImageComparison(image, shaded, tolerance: .exact).differs)
        XCTAssertFalse(ImageComparison(image, shaded, tolerance: PixelTolerance(channel: 0, share: 1)).differs)
    }

    func testWithoutAPictureCountingStopsAtTheVerdictWithTheSameVerdict() {
        let image = RGBAImage(width: 50, height: 50, fill: grey)
        let other = RGBAImage(width: 50, height: 50, fill: Color(red: 0, green: 0, blue: 0))
        let quick = ImageComparison(image, other), full = ImageComparison(image, other, picture: true)
        XCTAssertEqual(quick.differs, full.differs)
        XCTAssertEqual(full.differing, 2_500)
        XCTAssertLessThan(quick.differing, 2_500)
        XCTAssertNil(quick.difference)
    }

    func testOutOfRangeTolerancesAreRefused() {
        XCTAssertThrowsError(try PixelTolerance(channel: 256).validate())
        XCTAssertThrowsError(try PixelTolerance(share: -0.1).validate())
        XCTAssertThrowsError(try PixelTolerance(share: .nan).validate())
        XCTAssertNoThrow(try PixelTolerance(channel: 255, share: 1).validate())
    }
}

final class PNGTextTests: XCTestCase {
    func testTextRoundTripsBesideThePixels() throws {
        let image = RGBAImage(width: 3, height: 2, fill: Color(red: 10, green: 200, blue: 30))
        let text = "{\"views\": \"ünïcode ✓\"}\n" + String(repeating: "layout ", count: 5_000)
        let bytes = try PNG.encode(image, text: text, key: "hierarchy-tree")
        XCTAssertLessThan(bytes.count, text.utf8.count / 10, "the text is compressed")
        let decoded = try PNG.decode(bytes, name: "golden.png", textKey: "hierarchy-tree")
        XCTAssertEqual(decoded.image, image)
        XCTAssertEqual(decoded.text, text)
        XCTAssertNil(try PNG.decode(bytes, name: "golden.png", textKey: "other").text)
        XCTAssertNil(try PNG.decode(PNG.encode(image), name: "plain.png", textKey: "hierarchy-tree").text)
        XCTAssertEqual(try PNG.decode(bytes, name: "golden.png"), image, "other readers see the picture")
    }

    func testBadKeywordsAndTextAreRefused() {
        let image = RGBAImage(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0))
        XCTAssertThrowsError(try PNG.encode(image, text: "x", key: ""))
        XCTAssertThrowsError(try PNG.encode(image, text: "x", key: String(repeating: "k", count: 80)))
        XCTAssertThrowsError(try PNG.encode(image, text: "x", key: "tab\there"))
        XCTAssertThrowsError(try PNG.encode(image, text: "a\u{0}b", key: "key"))
    }
}
