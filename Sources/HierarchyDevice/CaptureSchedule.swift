import Foundation

/// Captures in time (`capture --every SECONDS --count N`, and `serve` later): screen `n` is due
/// `(n - 1) × every` after the first, whatever the ones before took, so the pace holds; a screen
/// that is late is taken at once. The schedule reads and waits on an injected `CaptureClock`.
public struct CaptureSchedule: Hashable, Sendable {
    /// Seconds between the screens' starts (0: one after another).
    public var every: Double
    /// How many screens, 1...9999 (`name(of:)` has four digits).
    public var count: Int

    public init(every: Double, count: Int) {
        (self.every, self.count) = (every, count)
    }

    /// The folder name of screen `index` (from 1): `0001`.
    public static func name(of index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// When screen `index` (from 1) is due, for a run that started at `start`.
    public func due(_ index: Int, start: Date) -> Date {
        start.addingTimeInterval(Double(index - 1) * every)
    }

    /// Takes the screens: `take(index, now)` for each index in turn, waiting on `clock` until each
    /// is due, until `count` are taken or `stopped()` says so (checked before each screen and
    /// after each wait). Returns how many were taken; an error from `take` ends the run.
    @discardableResult
    public func run(clock: CaptureClock, stopped: () -> Bool = { false }, take: (Int, Date) throws -> Void) rethrows -> Int {
        let start = clock.now()
        var taken = 0
        for index in 1...max(count, 1) {
            if index > 1 { clock.wait(due(index, start: start)) }
            if stopped() { break }
            try take(index, clock.now())
            taken = index
        }
        return taken
    }
}
