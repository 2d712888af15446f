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

/// Runs a program with arguments (no shell), both outputs read as they come, stopped (SIGTERM,
/// then SIGKILL a second later) when it outlives its deadline.
public enum ProcessRunner {
    public static func run(_ executable: String, _ arguments: [String], timeout: Double) throws(DeviceError) -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            throw DeviceError("cannot run \(executable): \(error.localizedDescription)")
        }
        let collected = Collected()
        let reading = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            reading.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(Array(data), error: isError)
                reading.leave()
            }
        }
        var timedOut = false
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if ended.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                ended.wait()
            }
        }
        // A child of the program may keep a pipe open: the outputs are waited for a moment only.
        _ = reading.wait(timeout: .now() + (timedOut ? 1 : 5))
        let (out, err) = collected.values
        return ProcessResult(status: process.terminationStatus, output: out, errorOutput: err, timedOut: timedOut)
    }

    /// The two outputs, filled from the reading threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var output: [UInt8] = [], errorOutput: [UInt8] = []

        func set(_ bytes: [UInt8], error: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if error { errorOutput = bytes } else { output = bytes }
        }

        var values: ([UInt8], [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            return (output, errorOutput)
        }
    }
}
