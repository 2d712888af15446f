@testable import HierarchyCapture
import HierarchyModel
import XCTest

final class ColorComponentsTests: XCTestCase {
    func testPlatformComponentsBecomeBytesRoundedAndClamped() {
        XCTAssertEqual(Color(unitRed: 1, green: 0.5, blue: 0, alpha: 1), Color(red: 255, green: 128, blue: 0))
        XCTAssertEqual(Color(unitRed: 1.2, green: -0.1, blue: .nan, alpha: 0.2), Color(red: 255, green: 0, blue: 0, alpha: 51),
                       "extended sRGB is clamped and NaN is 0")
    }
}
