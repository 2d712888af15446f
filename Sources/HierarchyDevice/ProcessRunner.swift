import Foundation

/// What a program run to its end (or stopped at its deadline) left.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var output: [UInt8]
    public var errorOutput: [UInt8]
    /// It did not end before the deadline and was stopped.
    public var timedOut: Bool

    public var outputText: String { String(decoding: output, as: UTF8.self) }
    public var errorText: String { String(decoding: errorOutput, as: UTF8.self) }
}

/// Runs a program with arguments (no shell) in a process group of its own, both outputs read
/// until the program exits (not until their end of file: a server it starts in the background,
/// as adb's first command does, inherits them and keeps them open), stopped with its whole group
/// (SIGTERM, then SIGKILL a second later) when it outlives its deadline, counted from its start.
///
/// posix_spawn rather than Foundation's `Process` or swift-subprocess: `Process` reads to the end
/// of file and leaves its objects behind under LeakSanitizer; swift-subprocess is async only and has
/// no deadline of its own, and would add two packages (and Swift 6.2 tools) to a package whose
/// commands are synchronous (docs/capture.md, "Outside programs").
public enum ProcessRunner {
    /// The most either output may hold: a screenshot is a few megabytes (docs/limits.md).
    public static let outputLimit = 256 << 20

    public static func run(_ executable: String, _ arguments: [String], timeout: Double) throws(DeviceError) -> ProcessResult {
        let start = Date()
        guard let output = Platform.pipe() else { throw DeviceError("cannot run \(executable): no pipe (too many open files?)") }
        guard let errors = Platform.pipe() else {
            for end in [output.read, output.write] { Platform.close(end) }
            throw DeviceError("cannot run \(executable): no pipe (too many open files?)")
        }
        let spawned = Platform.spawn(executable, arguments, output: output.write, errors: errors.write)
        // The write ends now belong to the program (and whatever it starts) alone.
        Platform.close(output.write)
        Platform.close(errors.write)
        defer { Platform.close(output.read); Platform.close(errors.read) }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure): throw DeviceError("cannot run \(executable): \(failure.text)")
        }
        RunningPrograms.shared.add(pid)
        defer { RunningPrograms.shared.remove(pid) }
        var run = Run(pid: pid, output: output.read, errors: errors.read, deadline: start.addingTimeInterval(timeout))
        return try run.collect(executable)
    }

    /// Stops every program running now with its group (SIGKILL): the tool is ending on a signal.
    public static func stopAll() {
        for group in RunningPrograms.shared.all { Platform.signalGroup(group, SIGKILL) }
    }

    /// One program's run: its outputs read while it lives, then what it left in the pipes.
    private struct Run {
        let pid: pid_t
        let output: Int32, errors: Int32
        let deadline: Date
        var collected: [UInt8] = [], collectedErrors: [UInt8] = []
        var open: (output: Bool, errors: Bool) = (true, true)

        init(pid: pid_t, output: Int32, errors: Int32, deadline: Date) {
            (self.pid, self.output, self.errors, self.deadline) = (pid, output, errors, deadline)
        }

        mutating func collect(_ executable: String) throws(DeviceError) -> ProcessResult {
            while true {
                if let status = Platform.reap(pid) {
                    // Ended: what it wrote is in the pipes now; a child of its own may keep them
                    // open and write on, which is not waited for.
                    drain()
                    return ProcessResult(status: Platform.exitStatus(status), output: collected, errorOutput: collectedErrors, timedOut: false)
                }
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return stop() }
                guard collected.count <= ProcessRunner.outputLimit, collectedErrors.count <= ProcessRunner.outputLimit else {
                    _ = stop()
                    throw DeviceError("\(executable): more than \(ProcessRunner.outputLimit >> 20) MB of output, stopped")
                }
                // Woken by output, or every 10 ms to see whether it has ended (its end does not
                // close the pipes when a child holds them).
                let descriptors = [open.output ? output : nil, open.errors ? errors : nil].compactMap { $0 }
                Platform.waitReadable(descriptors, milliseconds: Int32(min(10, max(1, left * 1000))))
                drain()
            }
        }

        mutating func drain() {
            if open.output { open.output = Platform.drain(output, into: &collected) }
            if open.errors { open.errors = Platform.drain(errors, into: &collectedErrors) }
        }

        /// Its deadline passed: its group asked to end, then killed a second later.
        mutating func stop() -> ProcessResult {
            Platform.signalGroup(pid, SIGTERM)
            let grace = Date().addingTimeInterval(1)
            var status = Platform.reap(pid)
            while status == nil, Date() < grace {
                Thread.sleep(forTimeInterval: 0.01)
                status = Platform.reap(pid)
            }
            Platform.signalGroup(pid, SIGKILL)
            let ended = status ?? Platform.reap(pid, block: true) ?? 0
            drain()
            return ProcessResult(status: Platform.exitStatus(ended), output: collected, errorOutput: collectedErrors, timedOut: true)
        }
    }
}

/// The process groups of the programs running now, for `ProcessRunner.stopAll`.
private final class RunningPrograms: @unchecked Sendable {
    static let shared = RunningPrograms()
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    func add(_ group: pid_t) { lock.withLock { _ = groups.insert(group) } }
    func remove(_ group: pid_t) { lock.withLock { _ = groups.remove(group) } }
    var all: [pid_t] { lock.withLock { Array(groups) } }
}
