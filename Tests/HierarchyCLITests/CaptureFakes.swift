import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// A fake `adb` first on PATH: a shell script answering each command the capture makes with what
/// adb and the device print (`AdbAnswers`), logging every call. `FAKE_ADB_DEVICES` (one, two,
/// none, unauthorized, offline), `FAKE_ADB_DENSITY` (physical, override), `FAKE_ADB_DUMP` (ok,
/// idle, hang), `FAKE_ADB_ACTIVITIES` (resumed, none: then `dumpsys window` names the app; recorded: a real
/// Samsung tablet's answer) and
/// `FAKE_ADB_FAIL` (screencap: the device went offline; unauthorized: its key was revoked;
/// truncated: its first 20,000 bytes, exit status 0) choose
/// the answers; `FAKE_ADB_SERVER=start` makes `adb devices` start a stand-in server in the
/// background holding both outputs, with the two lines Debian's adb 29.0.6 prints on standard
/// error when its server is not running (recorded here: `adb kill-server; adb devices -l`).
final class FakeAdb {
    let workspace: Workspace
    var environment: [String: String]

    init(in workspace: Workspace) throws {
        self.workspace = workspace
        let fixtures = workspace.path("fixtures")
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        for (name, text) in AdbAnswers.texts { try Data(text.utf8).write(to: URL(fileURLWithPath: fixtures + "/" + name)) }
        // What `exec-out cat` reads back is the file uiautomator wrote: the dump without the
        // "UI hierchary dumped to: /dev/tty" line `uiautomator dump /dev/tty` adds after it.
        let dump = String(decoding: try Data(contentsOf: TestPaths.fixture("dumps/uiautomator/written-raw-dump-deskclock-timer-1080x2340.xml")), as: UTF8.self)
        let xml = dump.range(of: "UI hierchary dumped to:").map { String(dump[..<$0.lowerBound]) } ?? dump
        try Data(xml.utf8).write(to: URL(fileURLWithPath: fixtures + "/window_dump.xml"))
        // The screen those answers describe, as a device's screencap recorded it (Tests/Fixtures/SOURCES.md).
        let copies = [("dumps/dumpsys/written-activity-top-deskclock-1080x2340.txt", "activity-top.txt"),
                      ("adb/maestro-deskclock-timer-1080x2340.png", "screencap.png"),
                      ("adb/avc-dumpsys-window-windows-sampleui-480x800.txt", "window.txt"),
                      ("adb/adbhelper-dumpsys-activity-activities-whatsapp-1752x2800.txt", "activities-recorded.txt")]
        for (fixture, name) in copies {
            try FileManager.default.copyItem(at: TestPaths.fixture(fixture), to: URL(fileURLWithPath: fixtures + "/" + name))
        }
        try FileManager.default.createDirectory(atPath: workspace.path("bin"), withIntermediateDirectories: true)
        try Data(AdbAnswers.script.utf8).write(to: URL(fileURLWithPath: workspace.path("bin/adb")))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: workspace.path("bin/adb"))
        environment = [
            "PATH": workspace.path("bin") + ":/usr/bin:/bin", "FAKE_ADB_FIXTURES": fixtures, "FAKE_ADB_LOG": workspace.path("adb.log"),
            "FAKE_ADB_DEVICES": "one", "FAKE_ADB_DENSITY": "physical", "FAKE_ADB_DUMP": "ok", "FAKE_ADB_ACTIVITIES": "resumed", "FAKE_ADB_FAIL": "", "FAKE_ADB_SERVER": "",
            "ANDROID_HOME": "", "ANDROID_SDK_ROOT": "",
        ]
    }

    func file(_ name: String) -> String { workspace.path("fixtures/" + name) }

    /// Runs `hierarchy` with the fake first on PATH; the log starts afresh.
    func hierarchy(_ arguments: [String], timeout: Double? = nil) throws -> CommandResult {
        try? FileManager.default.removeItem(atPath: workspace.path("adb.log"))
        return try Hierarchy.run(arguments, environment: environment, timeout: timeout)
    }

    /// Ends the stand-in server `FAKE_ADB_SERVER=start` left running, if it is.
    func stopServer() {
        guard let text = try? String(contentsOfFile: file("server.pid"), encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        kill(pid, SIGKILL)
    }

    /// Starts `hierarchy` and returns at once (for Ctrl-C).
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Hierarchy.productsFolder.appendingPathComponent("hierarchy")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The argument lines adb was called with, in order.
    func calls() -> [String] {
        let log = (try? String(contentsOfFile: workspace.path("adb.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }
}

/// A fake WebDriver server on 127.0.0.1 (Python's http.server on a free port), answering as
/// Appium 2, Appium 1 or WebDriverAgent do (`WebDriverAnswers`), with a recorded WebDriverAgent
/// page source (iOS in Japanese, 390×844 points; Tests/Fixtures/SOURCES.md) and a screenshot of
/// its size at 3 pixels a point; modes for server errors, no session, two sessions, a stall and a
/// closed connection. Every request is logged.
final class FakeWebDriver {
    static let source = TestPaths.fixture("dumps/appium-ios/shirates-ios-dateandtime-ja.xml").path
    private let process = Process()
    private let log: String
    let url: String
    /// The PNG the server answers `/screenshot` with: 1170×2532, no real one of that screen exists.
    let screenshot: String

    /// Starts the server in `mode`, waiting `wait` seconds at most for it to listen; it answers
    /// `/source` with `source` and `/screenshot` with a picture of `screenshotSize` pixels.
    init(mode: String, in workspace: Workspace, wait: Double = 10, source: String = FakeWebDriver.source, screenshotSize: (Int, Int) = (1170, 2532)) throws {
        let (width, height) = screenshotSize
        screenshot = workspace.path("webdriver-screenshot-\(width)x\(height).png")
        if !FileManager.default.fileExists(atPath: screenshot) {
            let pixels = GradientPicture.pixels(width: width, height: height, seed: "webdriver", holes: false)
            try PNG.write(RGBAImage(width: width, height: height, pixels: pixels), to: screenshot)
        }
        let script = workspace.path("webdriver.py")
        try Data(WebDriverAnswers.script.utf8).write(to: URL(fileURLWithPath: script))
        log = workspace.path("webdriver-\(mode).log")
        let portFile = workspace.path("webdriver-\(mode).port")
        process.executableURL = URL(fileURLWithPath: ExternalProcess.python)
        process.arguments = [script, mode, source, screenshot, log, portFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server writes its port once it listens (the gzip bomb is made first).
        let deadline = Date().addingTimeInterval(wait)
        var port = ""
        while port.isEmpty, Date() < deadline {
            port = ((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if port.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard !port.isEmpty else {
            process.terminate()
            throw XCTSkip("the fake WebDriver server did not start")
        }
        url = "http://127.0.0.1:\(port)"
    }

    /// The requests served, `GET /path`, in order.
    func requests() -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}
