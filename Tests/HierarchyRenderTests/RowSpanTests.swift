@testable import HierarchyRender
import XCTest

final class RowSpanTests: XCTestCase {
    func testRowSpansFollowTheEdges() {
        // A triangle with a vertical left edge at x = 2 and a slanted right edge from (2, 0) to (10, 8).
        let v = { (x: Double, y: Double) in LayerProjection.Vertex(x: x, y: y, s: 0, t: 0, startsLayerEdge: true) }
        let triangle = [v(2, 0), v(10, 8), v(2, 8)]
        // Row 0 reaches x = 3 only at its bottom edge: column 3 is not touched.
        XCTAssertEqual(RowSpan.of(triangle, row: 0, within: 0..<20), 2..<3)
        XCTAssertEqual(RowSpan.of(triangle, row: 5, within: 0..<20), 2..<8)
        XCTAssertEqual(RowSpan.of(triangle, row: 7, within: 0..<20), 2..<10)
        XCTAssertEqual(RowSpan.of(triangle, row: 5, within: 0..<6), 2..<6)
        XCTAssertNil(RowSpan.of(triangle, row: 9, within: 0..<20))
    }
}
