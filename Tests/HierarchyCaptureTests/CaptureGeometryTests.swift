@testable import HierarchyCapture
import HierarchyModel
import XCTest

final class CaptureGeometryTests: XCTestCase {
    func testTheFrameIsThePositionLessTheAnchorTimesTheSize() {
        let g = CaptureGeometry.resolve(position: Point(x: 50, y: 50), bounds: Rect(x: 0, y: 10, width: 40, height: 20),
                                        anchorPoint: Point(x: 0.25, y: 1), transform: .rotation(degrees: 30), superBounds: nil, flip: false)
        XCTAssertEqual(g.frame, Rect(x: 40, y: 30, width: 40, height: 20))
        XCTAssertEqual(g.bounds, Rect(x: 0, y: 10, width: 40, height: 20))
        XCTAssertEqual(g.transform, .rotation(degrees: 30))
        XCTAssertEqual(g.notes, [])
    }

    func testUpwardCoordinatesAreMirroredInTheSuperviewsBounds() {
        // In an unflipped 100×200 superview, a 30×20 view whose bottom edge is 150 above the
        // superview's bottom, turned 10° counterclockwise as seen on screen.
        let upward = Transform2D.rotation(degrees: 10)
        let g = CaptureGeometry.resolve(position: Point(x: 25, y: 160), bounds: Rect(x: 0, y: 0, width: 30, height: 20),
                                        anchorPoint: Point(x: 0.5, y: 0.25), transform: upward,
                                        superBounds: Rect(x: 0, y: 0, width: 100, height: 200), flip: true)
        XCTAssertEqual(g.frame, Rect(x: 10, y: 25, width: 30, height: 20), "top edge 200 − 175")
        XCTAssertEqual(g.anchorPoint, Point(x: 0.5, y: 0.75), "the anchor is measured from the other edge")
        XCTAssertEqual(g.transform, .rotation(degrees: -10), "a turn one way in upward y is the other way in downward y")
    }

    func testNonFiniteNumbersAreReplacedAndNoted() {
        let g = CaptureGeometry.resolve(position: Point(x: .infinity, y: 1), bounds: Rect(x: .nan, y: 0, width: -5, height: 2),
                                        anchorPoint: Point(x: .nan, y: 0.5), transform: Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
                                        superBounds: nil, flip: false)
        XCTAssertEqual(g.frame, Rect(x: 0, y: 0, width: 0, height: 2))
        XCTAssertEqual(g.transform, .identity)
        XCTAssertEqual(g.notes, [
            "bounds.x was nan, written as 0", "bounds.width was -5, written as 0", "position.x was inf, written as 0",
            "anchorPoint.x was nan, written as 0.5", "transform [nan, 0.0, 0.0, 1.0, 0.0, 0.0] is not finite, written as the identity",
        ])
    }
}
