@testable import HierarchyRender
import XCTest

final class PaintTests: XCTestCase {
    func testFastLog2IsCloseEnoughToChooseLevels() {
        for x: Float in [0.01, 0.3, 1, 1.5, 2, 3, 7.9, 1000] {
            XCTAssertEqual(fastLog2(x), log2(x), accuracy: 0.01, "\(x)")
        }
    }
}
