import HierarchyLoading
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyText
import XCTest

final class SyntheticPainterTests: XCTestCase {
    private let whole = PixelRect(x: 0, y: 0, width: 300, height: 132)

    private func button(_ region: PixelRect, fonts: FontLibrary?) -> RGBAImage {
        let look = SyntheticLook.of(role: .button, width: 100, height: 44, text: "Continue")
        return SyntheticPainter.paint(look, width: 100, height: 44, scale: 3, region: region, fonts: fonts)
    }

    func testFillBorderAndRoundedCorners() {
        let image = button(whole, fonts: nil)
        let look = SyntheticLook.of(role: .button, width: 100, height: 44, text: nil)
        XCTAssertEqual(image[150, 66], look.fill)
        // The corner is cut by the 6 pt (18 px) radius; the middle of the top edge is border.
        XCTAssertEqual(image[0, 0].alpha, 0)
        XCTAssertEqual(image[150, 0].alpha, 255)
        XCTAssertEqual(image[150, 0], look.border)
    }

    func testTextIsCentredInk() throws {
        let image = button(whole, fonts: try FontLibrary.system())
        let look = SyntheticLook.of(role: .button, width: 100, height: 44, text: nil)
        var columns: [Int] = []
        for y in 0..<image.height {
            // Away from the border and its rounded corners.
            for x in 24..<276 where image[x, y] != look.fill {
                columns.append(x)
            }
        }
        XCTAssertGreaterThan(columns.count, 500, "the title's ink")
        let middle = Double(columns.min()! + columns.max()!) / 2
        XCTAssertEqual(middle, 150, accuracy: 3, "\(columns.min()!)...\(columns.max()!)")
    }

    /// A region is the same pixels as the whole texture there: only what shows is painted.
    func testRegionIsThePartOfTheWhole() throws {
        let fonts = try FontLibrary.system()
        let full = button(whole, fonts: fonts)
        let region = PixelRect(x: 40, y: 30, width: 200, height: 70)
        let part = button(region, fonts: fonts)
        for y in 0..<region.height {
            for x in 0..<region.width { XCTAssertEqual(part[x, y], full[x + region.x, y + region.y], "(\(x), \(y))") }
        }
    }

    func testImageMark() {
        let look = SyntheticLook.of(role: .image, width: 60, height: 60, text: nil)
        let image = SyntheticPainter.paint(look, width: 60, height: 60, scale: 2, region: PixelRect(x: 0, y: 0, width: 120, height: 120), fonts: nil)
        let marked = (0..<120).flatMap { y in (0..<120).map { image[$0, y] } }.filter { $0 == look.markColor }.count
        XCTAssertGreaterThan(marked, 800)
        XCTAssertEqual(image[60, 5], look.fill, "the mark stays in its centred square")
    }

    /// A view that draws no background: a faint tint inside its opaque border, text over it.
    func testClearLookIsAFaintTintInsideItsBorder() {
        let look = SyntheticLook.of(role: .container, width: 100, height: 44, text: nil, opaque: false)
        let image = SyntheticPainter.paint(look, width: 100, height: 44, scale: 3, region: whole, fonts: nil)
        XCTAssertEqual(image[150, 66].alpha, SyntheticLook.faintTintAlpha)
        XCTAssertEqual(image[150, 0], look.border)
    }

    func testALabelsBorderIsNotDrawn() {
        // A label's look has a border of alpha 0: no ring round its words.
        let look = SyntheticLook.of(role: .text, width: 100, height: 44, text: nil, opaque: false)
        let image = SyntheticPainter.paint(look, width: 100, height: 44, scale: 3, region: whole, fonts: nil)
        XCTAssertEqual(image[150, 0].alpha, 0)
        XCTAssertEqual(image[150, 66].alpha, SyntheticLook.faintTintAlpha)
    }
}
