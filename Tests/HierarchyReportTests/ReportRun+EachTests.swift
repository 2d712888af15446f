import Foundation
@testable import HierarchyReport
import HierarchyModel
import XCTest

/// `ReportRun.each`: screens made on several threads, out of order, are written in order.
final class ReportRunEachTests: XCTestCase {
    func pairs(_ count: Int) -> [ReportRun.Pair] {
        (0..<count).map { ScreenPair(name: String(format: "s%02d", $0)) }
    }

    func testScreensMadeOutOfOrderAreWrittenInOrder() throws {
        let pairs = pairs(24)
        let done = Counter()
        var written: [String] = []
        // The earlier a screen, the longer it takes: later ones finish first.
        try ReportRun.each(pairs, jobs: 3, progress: { n, total in done.set(max(done.value, n)); XCTAssertEqual(total, 24) }) { pair in
            usleep(UInt32(1000 * (24 - Int(pair.name.dropFirst())!) % 7))
            return .row(ReportScreen(name: pair.name, status: .captured))
        } write: { screen in
            written.append(screen.block.row.name)
        }
        XCTAssertEqual(written, pairs.map(\.name))
        XCTAssertEqual(done.value, 24)
    }

    func testAWriteThatFailsStopsTheRunAndIsThrown() {
        let made = Counter()
        XCTAssertThrowsError(try ReportRun.each(pairs(40), jobs: 2, progress: { _, _ in }) { pair in
            made.increment()
            return .row(ReportScreen(name: pair.name, status: .captured))
        } write: { (screen) throws(InputError) in
            if screen.block.row.name == "s03" { throw InputError("cannot write") }
        })
        // Started: at most the three written, 2 × 2 waiting (s03 among them) and one more that had
        // passed the window before the run stopped: never the forty.
        XCTAssertLessThanOrEqual(made.value, 3 + 4 + 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int { lock.withLock { stored } }
    func set(_ n: Int) { lock.withLock { stored = n } }
    func increment() { lock.withLock { stored += 1 } }
}
