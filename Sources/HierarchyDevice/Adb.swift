import Foundation

/// The `adb` program and the device it talks to: every command is `adb -s SERIAL …`, run without
/// a shell, bounded in time.
public struct Adb: Sendable {
    public var executable: String
    public var serial: String?
    /// Seconds each command may take.
    public var timeout: Double

    public init(executable: String, serial: String? = nil, timeout: Double = 30) {
        self.executable = executable
        self.serial = serial
        self.timeout = timeout
    }

    /// The adb to run: `explicit` (`--adb PATH`), else the first `adb` on `PATH`, else
    /// `$ANDROID_HOME/platform-tools/adb` (or `$ANDROID_SDK_ROOT`'s).
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(DeviceError) -> String {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit) else { throw DeviceError("adb: \(explicit) is not an executable file (--adb)") }
            return explicit
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/adb"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        for variable in ["ANDROID_HOME", "ANDROID_SDK_ROOT"] {
            guard let home = environment[variable], !home.isEmpty else { continue }
            let candidate = home + "/platform-tools/adb"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw DeviceError("adb: not found on PATH nor in $ANDROID_HOME/platform-tools: install Android's platform tools or name it with --adb PATH")
    }

    /// Runs `adb [-s SERIAL] arguments…` and returns what it printed; adb's own failure (a
    /// status other than 0, or its `error:` line) is a `DeviceError` naming the command.
    public func run(_ arguments: [String], timeout: Double? = nil) throws(DeviceError) -> ProcessResult {
        let full = (serial.map { ["-s", $0] } ?? []) + arguments
        let result = try ProcessRunner.run(executable, full, timeout: timeout ?? self.timeout)
        let command = (["adb"] + full).joined(separator: " ")
        if result.timedOut {
            throw DeviceError("\(command): no answer within \(Int(timeout ?? self.timeout)) s")
        }
        guard result.status == 0 else {
            let said = result.errorText.isEmpty ? result.outputText : result.errorText
            throw DeviceError("\(command): \(said.isEmpty ? "exit status \(result.status)" : said)")
        }
        return result
    }

    /// `adb shell …` as text.
    public func shell(_ arguments: [String], timeout: Double? = nil) throws(DeviceError) -> String {
        try run(["shell"] + arguments, timeout: timeout).outputText
    }
}
