import HierarchyImaging
import XCTest

final class CostBoundedCacheTests: XCTestCase {
    private struct Failure: Error {}

    func testAValueIsMadeOnceAndTheLeastRecentlyUsedGoesFirst() {
        let cache = CostBoundedCache<String, Int>(maxCost: 40)
        var made: [String] = []
        func get(_ key: String, _ value: Int) -> Int {
            cache.value(for: key, cost: { _ in 10 }) { made.append(key); return value }
        }
        XCTAssertEqual(get("a", 1), 1)
        XCTAssertEqual(get("a", 2), 1, "kept")
        _ = get("b", 3); _ = get("c", 4); _ = get("d", 5)
        XCTAssertEqual(cache.count, 4)
        _ = get("a", 6) // a is now the most recent
        _ = get("e", 7) // room for four: b, the least recently used, goes
        XCTAssertEqual(cache.count, 4)
        XCTAssertEqual(get("a", 8), 1)
        XCTAssertEqual(get("b", 9), 9, "made again")
        XCTAssertEqual(made, ["a", "b", "c", "d", "e", "b"])
    }

    func testAValueOverAQuarterOfTheBoundIsNotKept() {
        let cache = CostBoundedCache<String, Int>(maxCost: 40)
        var calls = 0
        for _ in 0..<3 { _ = cache.value(for: "big", cost: { _ in 11 }) { calls += 1; return 0 } }
        XCTAssertEqual(calls, 3)
        XCTAssertEqual(cache.count, 0)
    }

    func testAFailureIsNotKept() {
        let cache = CostBoundedCache<String, Int>(maxCost: 40)
        XCTAssertThrowsError(try cache.value(for: "x", cost: { _ in 1 }) { () throws(Failure) -> Int in throw Failure() })
        XCTAssertEqual(try cache.value(for: "x", cost: { _ in 1 }) { () throws(Failure) -> Int in 3 }, 3)
    }

    func testManyThreadsAgreeOnWhatIsKept() {
        let cache = CostBoundedCache<Int, Int>(maxCost: 1000)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for i in 0..<500 { XCTAssertEqual(cache.value(for: i % 50, cost: { _ in 1 }) { i % 50 * 2 }, i % 50 * 2) }
        }
        XCTAssertEqual(cache.count, 50)
    }
}

extension CostBoundedCacheTests {
    func testThreadsAskingForOneKeyAtOnceWaitForOneMaking() {
        let cache = CostBoundedCache<String, Int>(maxCost: 1000)
        let made = Made()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let value = cache.value(for: "slow", cost: { _ in 1 }) { () -> Int in
                made.add()
                usleep(20_000) // long enough that the other threads ask meanwhile
                return i
            }
            XCTAssertEqual(value, cache.value(for: "slow", cost: { _ in 1 }) { -1 })
        }
        XCTAssertEqual(made.count, 1)
    }
}

private final class Made: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
