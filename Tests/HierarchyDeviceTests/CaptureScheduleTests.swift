import Foundation
import HierarchyDevice
import XCTest

/// The schedule of `capture --every`, on a made clock: no test waits on the wall clock.
final class CaptureScheduleTests: XCTestCase {
    /// A clock whose time moves only when it is waited on or told to (a screen that takes time).
    final class MadeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var time: Double = 1000
        private(set) var waits: [Double] = []

        var seconds: Double { lock.withLock { time - 1000 } }
        func pass(_ seconds: Double) { lock.withLock { time += seconds } }

        var clock: CaptureClock {
            CaptureClock(now: { [self] in lock.withLock { Date(timeIntervalSince1970: time) } }, wait: { [self] date in
                lock.withLock {
                    waits.append(date.timeIntervalSince1970 - 1000)
                    time = max(time, date.timeIntervalSince1970)
                }
            })
        }
    }

    /// The seconds (from the start) at which each screen was taken, each taking `taking` seconds.
    private func run(_ schedule: CaptureSchedule, taking: Double, stopAfter: Int? = nil) -> (starts: [Double], clock: MadeClock) {
        let made = MadeClock()
        var starts: [Double] = []
        let taken = schedule.run(clock: made.clock, stopped: { stopAfter.map { starts.count >= $0 } ?? false }) { index, now in
            XCTAssertEqual(index, starts.count + 1)
            XCTAssertEqual(now.timeIntervalSince1970 - 1000, made.seconds)
            starts.append(made.seconds)
            made.pass(taking)
        }
        XCTAssertEqual(taken, starts.count)
        return (starts, made)
    }

    func testScreensKeepTheirPaceWhateverEachTakes() {
        let (starts, made) = run(CaptureSchedule(every: 2, count: 4), taking: 0.5)
        XCTAssertEqual(starts, [0, 2, 4, 6])
        XCTAssertEqual(made.waits, [2, 4, 6], "no wait before the first screen or after the last")
    }

    func testALateScreenIsTakenAtOnceAndThePaceResumes() {
        // Each takes 3 s against a pace of 2: every screen is late, none waits beyond its due time.
        XCTAssertEqual(run(CaptureSchedule(every: 2, count: 3), taking: 3).starts, [0, 3, 6])
        // Exactly the pace: each starts as the one before ends.
        XCTAssertEqual(run(CaptureSchedule(every: 2, count: 3), taking: 2).starts, [0, 2, 4])
    }

    func testEveryZeroTakesOneAfterAnother() {
        XCTAssertEqual(run(CaptureSchedule(every: 0, count: 3), taking: 1).starts, [0, 1, 2])
    }

    func testStoppingKeepsTheScreensTaken() {
        XCTAssertEqual(run(CaptureSchedule(every: 5, count: 10), taking: 1, stopAfter: 2).starts, [0, 5])
        XCTAssertEqual(run(CaptureSchedule(every: 5, count: 1), taking: 1).starts, [0])
    }

    func testAnErrorEndsTheRun() {
        struct Failed: Error {}
        let made = MadeClock()
        var calls = 0
        XCTAssertThrowsError(try CaptureSchedule(every: 1, count: 5).run(clock: made.clock) { index, _ in
            calls += 1
            if index == 2 { throw Failed() }
        })
        XCTAssertEqual(calls, 2)
    }

    func testNamesAndDueTimes() {
        XCTAssertEqual([1, 12, 999, 9999].map(CaptureSchedule.name(of:)), ["0001", "0012", "0999", "9999"])
        let start = Date(timeIntervalSince1970: 50)
        XCTAssertEqual(CaptureSchedule(every: 1.5, count: 3).due(3, start: start), Date(timeIntervalSince1970: 53))
        XCTAssertEqual(CaptureClock.iso8601(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    }
}
