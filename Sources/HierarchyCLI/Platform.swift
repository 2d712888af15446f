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
import HierarchyDevice
import HierarchyImaging

enum Platform {
    /// `write(2)` on standard output: the count written, or -1 with `errno` set.
    static func writeStandardOutput(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        write(STDOUT_FILENO, bytes, count)
    }
}

extension Platform {
    /// SIGINT, SIGTERM and SIGHUP end the program as they would (the shell sees the signal), but
    /// first its temporary files and folders are removed (`TemporaryPaths`) and the programs it runs
    /// are stopped with their groups. Each signal is ignored and watched by a dispatch source, whose
    /// handler runs on a queue (not inside the signal), where removing folders is safe.
    enum Termination {
        private static let state = State()

        /// Installs the handlers (once).
        static func install() { state.install() }

        /// While a capture run watches Ctrl-C (`InterruptWatch`), SIGINT is the run's, not an end.
        static func watchInterrupts(_ watched: Bool) { state.setWatched(watched) }

        private final class State: @unchecked Sendable {
            private let lock = NSLock()
            private var sources: [DispatchSourceSignal] = []
            private var watched = false

            func install() {
                lock.lock()
                defer { lock.unlock() }
                guard sources.isEmpty else { return }
                for number in [SIGINT, SIGTERM, SIGHUP] {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { [self] in end(on: number) }
                    source.resume()
                    sources.append(source)
                }
            }

            func setWatched(_ value: Bool) { lock.withLock { watched = value } }

            private func end(on number: Int32) {
                if number == SIGINT, lock.withLock({ watched }) { return }
                // The folders first, while the command still waits on the program it runs; then
                // the programs, and at once the signal: the command must not go on without them.
                TemporaryPaths.shared.removeAll()
                signal(number, SIG_DFL)
                ProcessRunner.stopAll()
                // To the process, not this thread: dispatch's threads block signals, and a raised
                // one would wait there while the command went on.
                kill(getpid(), number)
            }
        }
    }

    /// Ctrl-C (SIGINT) noticed instead of ending the process, while a capture run goes on: the
    /// signal is watched by a dispatch source (`Termination` ignores it meanwhile; the programs
    /// the run starts are in groups of their own, which the terminal's Ctrl-C does not reach).
    final class InterruptWatch: @unchecked Sendable {
        private let lock = NSLock()
        private var seen = false
        private let wake = DispatchSemaphore(value: 0)
        private let source: DispatchSourceSignal

        init() {
            Termination.install()
            Termination.watchInterrupts(true)
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
            Termination.watchInterrupts(false)
        }
    }
}
