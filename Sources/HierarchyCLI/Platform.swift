// The command line's platform file: the one call whose name the C library shares with a method
// of ours (`write`), which must be named through its module, and that module is Glibc on Linux and
// Darwin on macOS. The only file of the target that names either (scripts/check-platform.sh).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

enum Platform {
    /// `write(2)` on standard output: the count written, or -1 with `errno` set.
    static func writeStandardOutput(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        write(STDOUT_FILENO, bytes, count)
    }
}

extension Platform {
    /// Ctrl-C (SIGINT) noticed instead of ending the process, while a capture run goes on: the
    /// signal is ignored (so the adb it runs is not stopped half-way, the ignoring inherited) and
    /// watched by a dispatch source; `stop` gives it back its default.
    final class InterruptWatch: @unchecked Sendable {
        private let lock = NSLock()
        private var seen = false
        private let wake = DispatchSemaphore(value: 0)
        private let source: DispatchSourceSignal

        init() {
            signal(SIGINT, SIG_IGN)
            source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            source.setEventHandler { [weak self] in self?.note() }
            source.resume()
        }

        private func note() {
            lock.lock()
            seen = true
            lock.unlock()
            wake.signal()
        }

        var happened: Bool {
            lock.lock()
            defer { lock.unlock() }
            return seen
        }

        /// Sleeps until `date`, or until Ctrl-C.
        func wait(until date: Date) {
            let seconds = date.timeIntervalSinceNow
            guard seconds > 0, !happened else { return }
            _ = wake.wait(timeout: .now() + seconds)
        }

        func stop() {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
    }
}
