import HierarchyModel
import XCTest

/// The point mapping of UIKit (docs/view-hierarchy.md, Transforms) against values worked out by hand.
final class ViewNodeGeometryTests: XCTestCase {
    private func assertClose(_ p: Point, _ x: Double, _ y: Double, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, "x", line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, "y", line: line)
    }

    func testUntransformedIsFrameOriginPlusPointMinusBoundsOrigin() {
        let node = ViewNode(frame: Rect(x: 10, y: 20, width: 30, height: 40), bounds: Rect(x: 5, y: 100, width: 30, height: 40),
                            anchorPoint: Point(x: 0, y: 1))
        XCTAssertEqual(node.toSuperview, .translation(5, -80), "the anchor point does not matter without a transform")
        assertClose(node.toSuperview.apply(Point(x: 5, y: 100)), 10, 20)
    }

    func testTheDocumentsWorkedExample() {
        // docs/view-hierarchy.md: a quarter turn of a 40×20 badge at (100, 200).
        let node = ViewNode(frame: Rect(x: 100, y: 200, width: 40, height: 20), transform: Transform2D([0, 1, -1, 0, 0, 0]))
        assertClose(node.toSuperview.apply(Point(x: 0, y: 0)), 130, 190)
        assertClose(node.toSuperview.apply(Point(x: 40, y: 20)), 110, 230)
        assertClose(node.toSuperview.apply(Point(x: 20, y: 10)), 120, 210)
        XCTAssertEqual(node.transformedFrame, Rect(x: 110, y: 190, width: 20, height: 40))
    }

    func testAnAnchorAtTheTopLeftCornerKeepsThatCornerInPlace() {
        let node = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 50), transform: Transform2D([0.5, 0, 0, 0.5, 10, 0]),
                            anchorPoint: Point(x: 0, y: 0))
        XCTAssertEqual(node.transformedFrame, Rect(x: 10, y: 0, width: 50, height: 25))
        // A 90° turn about the bottom-right corner (anchor (1, 1)) of {0, 0, 20, 10}: the corner (20, 10)
        // stays; (0, 10) is 20 to its left, and turning (−20, 0) clockwise gives (0, −20).
        let turned = ViewNode(frame: Rect(x: 0, y: 0, width: 20, height: 10), transform: .rotation(degrees: 90), anchorPoint: Point(x: 1, y: 1))
        assertClose(turned.toSuperview.apply(Point(x: 20, y: 10)), 20, 10)
        assertClose(turned.toSuperview.apply(Point(x: 0, y: 10)), 20, -10)
        assertClose(turned.toSuperview.apply(Point(x: 20, y: 0)), 30, 10)
    }

    func testBoundsOriginAndTranslationUnderAScale() {
        // frame {10, 10, 20, 20}, bounds origin (0, 5), scale 2 about the centre (20, 20), then t = (1, 2):
        // p = (0, 5) → frame.origin + p − bounds.origin − A = (−10, −10) → ×2 → (−20, −20) → + A + t = (1, 2).
        let node = ViewNode(frame: Rect(x: 10, y: 10, width: 20, height: 20), bounds: Rect(x: 0, y: 5, width: 20, height: 20),
                            transform: Transform2D([2, 0, 0, 2, 1, 2]))
        assertClose(node.toSuperview.apply(Point(x: 0, y: 5)), 1, 2)
        assertClose(node.toSuperview.apply(Point(x: 10, y: 15)), 21, 22)
    }

    func testNestedTransformsCompose() {
        // An outer view turned 180° about its centre (50, 50) holding an inner view mirrored left to right.
        let outer = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100), transform: .rotation(degrees: 180))
        let inner = ViewNode(frame: Rect(x: 10, y: 20, width: 30, height: 10), transform: .scale(-1, 1))
        let both = outer.toSuperview.concatenating(after: inner.toSuperview)
        // Inner (0, 0): mirrored about x = 25 → (40, 20) in outer; turned about (50, 50) → (60, 80).
        assertClose(inner.toSuperview.apply(.zero), 40, 20)
        assertClose(both.apply(.zero), 60, 80)
        // Inner (30, 10): → (10, 30) in outer → (90, 70).
        assertClose(both.apply(Point(x: 30, y: 10)), 90, 70)
    }

    func testInverseUndoesAndSingularHasNone() throws {
        let m = Transform2D.rotation(degrees: 33).concatenating(after: Transform2D([2, 0.5, 0, 3, 7, -9]))
        let back = try XCTUnwrap(m.inverted())
        assertClose(back.apply(m.apply(Point(x: 3, y: -4))), 3, -4)
        XCTAssertNil(Transform2D.scale(0, 1).inverted())
        XCTAssertNil(Transform2D([1, 2, 2, 4, 0, 0]).inverted())
    }

    func testQuarterTurnsAreExact() {
        XCTAssertEqual(Transform2D.rotation(degrees: 90).values, [0, 1, -1, 0, 0, 0])
        XCTAssertEqual(Transform2D.rotation(degrees: 180).values, [-1, 0, 0, -1, 0, 0])
        XCTAssertEqual(Transform2D.rotation(degrees: -90).values, [0, -1, 1, 0, 0, 0])
    }
}
