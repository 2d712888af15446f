@testable import HierarchyDiff
import XCTest

final class LongestIncreasingTests: XCTestCase {
    func testFindsALongestRun() {
        XCTAssertEqual(LongestIncreasing.indices([0, 2, 3, 1, 4]), [0, 1, 2, 4])
        XCTAssertEqual(LongestIncreasing.indices([3, 2, 1]).count, 1)
        XCTAssertEqual(LongestIncreasing.indices([]), [])
        XCTAssertEqual(LongestIncreasing.indices([5, 1, 2, 6, 3, 4]), [1, 2, 4, 5])
    }
}
