@testable import HierarchyCapture
import HierarchyModel
import XCTest

final class SnapshotSizeTests: XCTestCase {
    private func size(_ w: Double, _ h: Double, scale: Double = 3) -> SnapshotSize {
        SnapshotSize.decide(bounds: Rect(x: 0, y: 0, width: w, height: h), scale: scale)
    }

    func testAnOrdinaryViewIsDrawnAtTheScreenScale() {
        XCTAssertEqual(size(393, 44.333333), .draw(width: 1179, height: 133, scaleX: 3, scaleY: 133 / 44.333333, reduced: false))
        XCTAssertEqual(size(0.1, 0.1), .draw(width: 1, height: 1, scaleX: 10, scaleY: 10, reduced: false), "never below one pixel")
    }

    func testZeroNaNAndInfiniteSizesGetNoSnapshot() {
        XCTAssertEqual(size(0, 10), .none("no snapshot: zero size"))
        XCTAssertEqual(size(10, -1), .none("no snapshot: zero size"))
        XCTAssertEqual(size(.nan, 10), .none("no snapshot: size nan×10.0 is not finite"))
        XCTAssertEqual(size(10, .infinity), .none("no snapshot: size 10.0×inf is not finite"))
        XCTAssertEqual(size(10, 10, scale: .nan), .none("no snapshot: scale nan is not a positive number"))
    }

    func testSidesOver8192PixelsAreDrawnAtAReducedScale() {
        XCTAssertEqual(size(2730, 10), .draw(width: 8190, height: 30, scaleX: 3, scaleY: 3, reduced: false))
        guard case .draw(let w, let h, let sx, let sy, let reduced) = size(390, 10_000) else { return XCTFail() }
        XCTAssertEqual([w, h], [319, 8192])
        XCTAssertTrue(reduced)
        XCTAssertEqual(sy, 8192.0 / 10_000)
        XCTAssertEqual(sx, 319.0 / 390)
        guard case .draw(let hugeW, let hugeH, _, _, true) = size(1e300, 1e300) else { return XCTFail() }
        XCTAssertEqual([hugeW, hugeH], [8192, 8192], "no overflow however large")
    }
}
