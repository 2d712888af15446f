import Foundation

/// Runs an external program (Blender, python3, Chromium's driver, tesseract) for a test and
/// collects what it printed.
///
/// Every program gets an environment of its own, not the test's: the system's folders on `PATH`
/// and no `PYTHON…` or `LD_…` variables, so that a pyenv (or any other) Python that comes first in
/// the developer's `PATH` is never the one Debian's Blender or a test script loads.
public enum ExternalProcess {
    /// The folders of `PATH` that every program sees: the system's, in the system's order.
    public static let systemPath = "/usr/bin:/bin:/usr/sbin:/sbin"

    /// The variables passed on from the test's environment: who and where the user is, and
    /// whether this is CI. Everything else is set here.
    static let passedOn = ["HOME", "USER", "LOGNAME", "TMPDIR", "CI", "DISPLAY"]

    /// The environment a program runs in: `passedOn`, `PATH` as `systemPath` (the test Python is
    /// run by its path, never found through `PATH`), a UTF-8 locale, and `extra` on top.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var result = inherited.filter { passedOn.contains($0.key) }
        result["PATH"] = systemPath
        result["LANG"] = "C.UTF-8"
        result["LC_ALL"] = "C.UTF-8"
        return result.merging(extra) { $1 }
    }

    /// The sanitizers' settings of the test's environment as `KEY=value` (`LSAN_OPTIONS`, which
    /// holds `.ci/run`'s suppressions, and the like), for a program started under `env -i`, which
    /// would otherwise run the sanitized binary without them.
    public static var sanitizerAssignments: [String] {
        ProcessInfo.processInfo.environment.filter { ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key) }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// The Python that test scripts run with: `$HIERARCHY_TEST_PYTHON`; else the virtual
    /// environment `.ci/run` makes (`.build/test-python`, over Debian's packages, with Selenium,
    /// trimesh and pygltflib); else Debian's `/usr/bin/python3`.
    public static let python: String = {
        if let chosen = ProcessInfo.processInfo.environment["HIERARCHY_TEST_PYTHON"], !chosen.isEmpty { return chosen }
        let venv = TestPaths.repository.appendingPathComponent(".build/test-python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    }()

    /// Runs `executable` (a path, or a name looked up in `environment()`'s `PATH`) with
    /// `arguments` and waits; standard output and error go, together, to a file rather than a pipe,
    /// so a chatty program can never fill a pipe and stall.
    public static func run(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        let environment = environment(extra)
        process.executableURL = URL(fileURLWithPath: locate(executable, in: environment["PATH"] ?? systemPath) ?? executable)
        process.arguments = arguments
        process.environment = environment
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

    /// The path of the program `name` in the folders of `path`; `name` itself when it holds a
    /// slash; nil when no folder has it.
    public static func locate(_ name: String, in path: String = environment()["PATH"] ?? systemPath) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
