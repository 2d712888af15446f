import HierarchyLayout
import XCTest

final class SyntheticLookTests: XCTestCase {
    func testRolesAreToldApartByTheirFill() {
        let fills = ViewRole.allCases.map { SyntheticLook.of(role: $0, width: 100, height: 40, text: nil).fill }
        XCTAssertEqual(Set(fills).count, ViewRole.allCases.count)
        // Light: every channel of every fill above 200.
        for fill in fills { XCTAssertGreaterThan(min(fill.red, fill.green, fill.blue), 200) }
    }

    func testTextIsDarkOnItsFill() {
        for role in ViewRole.allCases {
            let look = SyntheticLook.of(role: role, width: 200, height: 44, text: "Wi-Fi")
            let ink = Int(look.textColor.red) + Int(look.textColor.green) + Int(look.textColor.blue)
            let paper = Int(look.fill.red) + Int(look.fill.green) + Int(look.fill.blue)
            XCTAssertGreaterThan(paper - ink, 300, "\(role)")
        }
    }

    func testTextBoxInsideTheFrameAndSizeWithinLimits() {
        let label = SyntheticLook.of(role: .text, width: 300, height: 20.5, text: "Settings")
        XCTAssertEqual(label.text, "Settings")
        XCTAssertGreaterThanOrEqual(label.textBox.minX, 0)
        XCTAssertLessThanOrEqual(label.textBox.maxX, 300)
        XCTAssertLessThanOrEqual(label.textBox.maxY, 20.5)
        XCTAssertEqual(label.fontSize, 16.4, accuracy: 1e-9)
        XCTAssertLessThan(label.minimumFontSize, label.fontSize)
        // Large frames keep to body text; tiny ones shrink no further than 7 pt.
        XCTAssertEqual(SyntheticLook.of(role: .cell, width: 300, height: 200, text: "x").fontSize, 17)
        XCTAssertEqual(SyntheticLook.of(role: .text, width: 30, height: 4, text: "x").fontSize, 7)
        // An Android dump in pixels at 2.75 px a point: sizes scale with it.
        XCTAssertEqual(SyntheticLook.of(role: .cell, width: 900, height: 600, text: "x", unit: 2.75).fontSize, 17 * 2.75, accuracy: 1e-9)
    }

    func testBlankTextIsNoText() {
        XCTAssertNil(SyntheticLook.of(role: .text, width: 100, height: 20, text: " \n ").text)
        XCTAssertNil(SyntheticLook.of(role: .text, width: 100, height: 20, text: nil).text)
    }

    func testImagesHaveACentredMarkAndButtonsCentredText() {
        let image = SyntheticLook.of(role: .image, width: 100, height: 60, text: nil)
        let mark = try! XCTUnwrap(image.placeholder)
        XCTAssertEqual(mark.midX, 50, accuracy: 1e-9)
        XCTAssertEqual(mark.midY, 30, accuracy: 1e-9)
        XCTAssertEqual(mark.width, mark.height)
        XCTAssertNil(SyntheticLook.of(role: .button, width: 100, height: 60, text: nil).placeholder)
        XCTAssertTrue(SyntheticLook.of(role: .button, width: 100, height: 44, text: "OK").centered)
        XCTAssertFalse(SyntheticLook.of(role: .text, width: 100, height: 44, text: "OK").centered)
        // A small icon's description is set across it instead of its mark; a large picture's caption below its mark.
        XCTAssertNil(SyntheticLook.of(role: .image, width: 24, height: 24, text: "Search").text)
        let icon = SyntheticLook.of(role: .image, width: 24, height: 24, text: "Search", caption: true)
        XCTAssertEqual(icon.text, "Search")
        XCTAssertNil(icon.placeholder)
        XCTAssertEqual(icon.textBox.height, 24 - 2 * 1, accuracy: 1e-9)
        let photo = SyntheticLook.of(role: .image, width: 200, height: 150, text: "Sunset")
        XCTAssertEqual(photo.text, "Sunset")
        XCTAssertLessThanOrEqual(try XCTUnwrap(photo.placeholder).maxY, photo.textBox.minY)
    }

    func testALeafsDescriptionFillsItsFrameAndKeepsItsLines() {
        let foot = SyntheticLook.of(role: .container, width: 200, height: 60, text: "App: Sudoku\nPuzzle", caption: true)
        let whole = SyntheticLook.of(role: .container, width: 200, height: 60, text: "App: Sudoku\nPuzzle", caption: true, leaf: true)
        XCTAssertLessThan(foot.textBox.height, 20)
        XCTAssertNil(foot.maximumLines)
        XCTAssertEqual(whole.textBox.height, 58, accuracy: 1e-9)
        XCTAssertEqual(whole.maximumLines, 4)
        XCTAssertTrue(whole.isCaption)
    }

    func testADescriptionBesideDrawnTextIsSetSmallUnderIt() {
        let look = SyntheticLook.of(role: .text, width: 160, height: 50, text: "Mon, Tue", detail: "Monday, Tuesday")
        let detail = try! XCTUnwrap(look.detail)
        XCTAssertEqual(look.text, "Mon, Tue")
        XCTAssertEqual(detail.text, "Monday, Tuesday")
        XCTAssertEqual(look.textBox.maxY, detail.box.minY, accuracy: 1e-9)
        XCTAssertLessThan(detail.fontSize, look.fontSize + 1e-9)
        XCTAssertNil(SyntheticLook.of(role: .text, width: 160, height: 50, text: "Mon").detail)
    }

    func testCornersNeverPassHalfTheSide() {
        XCTAssertEqual(SyntheticLook.of(role: .toggle, width: 51, height: 31, text: nil).cornerRadius, 15.5)
        XCTAssertEqual(SyntheticLook.of(role: .button, width: 8, height: 8, text: nil).cornerRadius, 4)
    }

    func testOnlyOpaqueLooksFillAndCaptionsSitAtTheFoot() {
        XCTAssertEqual(SyntheticLook.of(role: .cell, width: 100, height: 40, text: nil).fill.alpha, 255)
        XCTAssertEqual(SyntheticLook.of(role: .container, width: 100, height: 40, text: nil, opaque: false).fill.alpha, SyntheticLook.faintTintAlpha)
        let tab = SyntheticLook.of(role: .container, width: 120, height: 60, text: "Search", opaque: false, caption: true)
        XCTAssertTrue(tab.isCaption)
        XCTAssertEqual(tab.textColor, SyntheticLook.captionInk)
        XCTAssertEqual(tab.textBox.maxY, 60, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(tab.fontSize, 11)
        XCTAssertGreaterThan(tab.textBox.minY, 30, "below the middle, where the children draw")
        XCTAssertEqual(SyntheticLook.of(role: .image, width: 200, height: 150, text: "Sunset", caption: true).textColor, SyntheticLook.captionInk)
    }
}
