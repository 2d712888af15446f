import HierarchyModel
import XCTest

final class RectTests: XCTestCase {
    func testIntersectionKeepsWholeSidesExactly() {
        let label = Rect(x: 182, y: 453, width: 64.3333, height: 20.3333)
        let screen = Rect(x: 0, y: 0, width: 428, height: 926)
        XCTAssertEqual(label.intersection(screen), label)
        XCTAssertEqual(screen.intersection(label), label)
    }

    func testIntersectionOfPartlyOverlappingRectangles() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 0, width: 5, height: 5))
    }

    func testTouchingRectanglesShareNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertNil(a.intersection(Rect(x: 10, y: 0, width: 10, height: 10)))
        XCTAssertFalse(a.overlaps(Rect(x: 10, y: 0, width: 10, height: 10)))
    }

    func testOverlapIgnoresFloatingPointNoise() {
        let a = Rect(x: 0, y: 0, width: 44.333333, height: 10)
        XCTAssertFalse(a.overlaps(Rect(x: 44.3324, y: 0, width: 44.333333, height: 10)))
        XCTAssertTrue(a.overlaps(Rect(x: 44.3320, y: 0, width: 44.333333, height: 10)))
    }

    func testEmptiness() {
        XCTAssertTrue(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 5, height: .nan).isEmpty)
        XCTAssertFalse(Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
    }
}
