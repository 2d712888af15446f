import Foundation

/// Runs an external program (Blender, python3) for a test and collects what it printed.
public enum ExternalProcess {
    /// Runs `executable` with `arguments` and waits; standard output and error go, together, to a
    /// file rather than a pipe, so a chatty program can never fill a pipe and stall.
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-process-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }
}
