@testable import HierarchyFormats
import XCTest

/// The huge-page hint must leave an array as it was, whether it is full or only reserved.
final class HugePagesTests: XCTestCase {
    func testAdvisingLeavesTheElementsAndTheCapacityAlone() {
        var full = (0..<(4 << 20)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let copy = full
        HugePages.advise(full)
        XCTAssertEqual(full, copy)
        full[12345] = 7
        XCTAssertEqual(full[12345], 7)

        var reserved: [Int] = [42]
        reserved.reserveCapacity(3 << 20)
        let capacity = reserved.capacity
        HugePages.advise(reserved)
        for i in 1..<(3 << 20) { reserved.append(i) }
        XCTAssertEqual(reserved.capacity, capacity)
        XCTAssertEqual(reserved.first, 42)
        XCTAssertEqual(reserved.last, (3 << 20) - 1)
        XCTAssertEqual(reserved[1000], 1000)

        let small = [1, 2, 3]
        HugePages.advise(small)
        XCTAssertEqual(small, [1, 2, 3])
    }
}
