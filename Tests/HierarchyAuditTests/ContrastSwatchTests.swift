import HierarchyAudit
import XCTest

final class ContrastSwatchTests: XCTestCase {
    /// Grey #777777 text on white is WCAG's classic 4.48:1.
    func testGreyOnWhiteIsTheWCAGRatio() {
        var pixels = [UInt32](repeating: 0xFFFFFF, count: 900)
        for i in 0..<200 { pixels[i * 3] = 0x777777 }
        let swatch = ContrastSwatch(pixels: pixels)
        XCTAssertEqual(swatch.background, 0xFFFFFF)
        XCTAssertEqual(swatch.foreground, 0x777777)
        XCTAssertEqual(swatch.ratio, 4.48)
    }
}
