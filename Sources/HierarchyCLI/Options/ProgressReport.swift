import Dispatch
import Foundation

/// Progress on standard error for work that runs longer than about a second, and only when
/// standard error is a terminal: `rendering: 812/1812 layers`, redrawn in place, cleared at the end.
final class ProgressReport: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let unit: String
    private let lock = NSLock()
    private var done = 0
    private var shown = false
    private var timer: DispatchSourceTimer?

    init(total: Int, label: String, unit: String = "layers", enabled: Bool = Console.errorIsTerminal) {
        self.total = total
        self.label = label
        self.unit = unit
        guard enabled, total > 0 else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        // Nothing is shown for the first second: quick commands stay quiet. (HIERARCHY_PROGRESS_DELAY_MS
        // sets another wait, 0 drawing at once: for a test that must see the bar whatever the machine's speed.)
        let delay = ProcessInfo.processInfo.environment["HIERARCHY_PROGRESS_DELAY_MS"].flatMap { Int($0) }.map { max(0, $0) } ?? 1000
        if delay == 0 { draw() }
        timer.schedule(deadline: .now() + .milliseconds(delay), repeating: .milliseconds(200))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    /// `count` items done in all; safe from any thread.
    func set(_ count: Int) {
        lock.withLock { done = max(done, count) }
    }

    /// One more item done; safe from any thread.
    func advance() {
        lock.withLock { done += 1 }
    }

    /// Stops reporting and clears the line.
    func finish() {
        timer?.cancel()
        timer = nil
        lock.withLock {
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
        }
    }

    deinit { timer?.cancel() }

    private func draw() {
        lock.withLock {
            shown = true
            FileHandle.standardError.write(Data("\r\(label): \(min(done, total))/\(total) \(unit)".utf8))
        }
    }
}
