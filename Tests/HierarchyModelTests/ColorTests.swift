import HierarchyModel
import XCTest

final class ColorTests: XCTestCase {
    func testHexParsingAndPrinting() {
        XCTAssertEqual(Color(hex: "#0A0b0C"), Color(red: 10, green: 11, blue: 12))
        XCTAssertEqual(Color(hex: "#FF000080"), Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(Color(hex: "#FF000080")?.hex, "#FF000080")
        XCTAssertEqual(Color(red: 1, green: 2, blue: 255).hex, "#0102FF")
        for bad in ["", "#", "FF0000", "#FF000", "#GG0000", "#FF0000800", "red"] { XCTAssertNil(Color(hex: bad), bad) }
    }
}
