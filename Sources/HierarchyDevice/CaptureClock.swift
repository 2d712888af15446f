import Foundation

/// The time a capture reads and waits on, injected so that a schedule is tested without waiting:
/// `system` is the wall clock; a test hands in a clock whose `wait` moves its own time on.
public struct CaptureClock: Sendable {
    /// The time now.
    public var now: @Sendable () -> Date
    /// Returns at `date` or earlier (an interruption: Ctrl-C), never much later.
    public var wait: @Sendable (Date) -> Void

    public init(now: @escaping @Sendable () -> Date, wait: @escaping @Sendable (Date) -> Void) {
        self.now = now
        self.wait = wait
    }

    /// The wall clock; `wait` sleeps.
    public static let system = CaptureClock(now: { Date() }, wait: { date in
        let seconds = date.timeIntervalSinceNow
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    })

    /// The time of a capture as capture.json writes it.
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
