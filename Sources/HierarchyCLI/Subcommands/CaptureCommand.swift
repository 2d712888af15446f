import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyImaging

/// `hierarchy capture`: a running device's or test session's screen saved as a folder every
/// command reads (docs/capture.md).
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Take the screen of an Android device (adb) or a WebDriver session (Appium, WebDriverAgent) into a folder every command reads.",
        discussion: """
            hierarchy capture adb [--serial SERIAL] -o DIR
            hierarchy capture webdriver http://127.0.0.1:4723 [--session ID] -o DIR
            DIR gets tree.json, screenshot.png, the hierarchy as the tool printed it and capture.json. \
            With --every SECONDS --count N: DIR/0001, DIR/0002…, a run 'hierarchy report' reads; Ctrl-C \
            stops it, keeping the screens taken. Device and session errors exit with status 2. \
            docs/capture.md lists every adb command and HTTP request made.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case adb, webdriver
    }

    @Argument(help: "adb (an Android device) or webdriver (a WebDriver server's session).")
    var source: Kind

    @Argument(help: "webdriver: the server's URL, e.g. http://127.0.0.1:4723 (Appium 1: with /wd/hub).")
    var url: String?

    @Option(name: .shortAndLong, help: "The folder to write (one screen, or with --every a folder of numbered screens).")
    var output: String

    @Option(help: "adb: the device's serial (adb devices -l), when several are attached.")
    var serial: String?

    @Option(name: .customLong("adb"), help: "adb: the adb program (default: adb on PATH, then $ANDROID_HOME/platform-tools/adb).")
    var adbPath: String?

    @Flag(help: "adb: uiautomator dump --compressed (leaves out layout views uiautomator deems unimportant).")
    var compressed = false

    @Option(help: "webdriver: the session id (default: the only session the server lists).")
    var session: String?

    @Option(help: "Seconds each adb command or HTTP request may take.")
    var timeout: Double = 30

    @Option(help: ArgumentHelp("webdriver: read answers of up to this many megabytes, compressed and inflated (default 100; docs/limits.md).", valueName: "MB"))
    var maxAnswerSize: Int?

    @Option(help: "Take a screen every SECONDS, into DIR/0001, DIR/0002… (with --count).")
    var every: Double?

    @Option(help: "With --every: how many screens to take.")
    var count: Int?

    @OptionGroup var force: ForceOption

    func validate() throws {
        switch source {
        case .adb:
            if url != nil { throw ValidationError("capture adb takes no URL (did you mean 'capture webdriver URL'?)") }
            if session != nil { throw ValidationError("--session applies to capture webdriver") }
        case .webdriver:
            if url == nil { throw ValidationError("capture webdriver needs the server's URL, e.g. http://127.0.0.1:4723") }
            if serial != nil || adbPath != nil || compressed { throw ValidationError("--serial, --adb and --compressed apply to capture adb") }
        }
        if !(timeout.isFinite && timeout > 0) { throw ValidationError("--timeout must be a number of seconds > 0, got \(timeout)") }
        if let maxAnswerSize {
            guard case .webdriver = source else { throw ValidationError("--max-answer-size applies to capture webdriver") }
            if !(1...(1 << 20)).contains(maxAnswerSize) { throw ValidationError("--max-answer-size must be 1 to 1048576 megabytes, got \(maxAnswerSize)") }
        }
        if let every, !(every.isFinite && every >= 0) { throw ValidationError("--every must be a number of seconds >= 0, got \(every)") }
        if let count, count < 1 || count > 9999 { throw ValidationError("--count must be 1...9999, got \(count)") }
        if (every == nil) != (count == nil) { throw ValidationError("--every and --count go together") }
    }

    var deviceSource: DeviceSource {
        switch source {
        case .adb: .adb(serial: serial)
        case .webdriver: .webdriver(url: url ?? "", session: session)
        }
    }

    func run() throws {
        let rule = OutputRule(replace: force.force)
        let connection = try deviceSource.connect(DeviceSource.Options(
            adbPath: adbPath, compressed: compressed, timeout: timeout,
            answerLimit: maxAnswerSize.map { $0 * 1_000_000 } ?? HTTPClient.defaultAnswerLimit))
        guard let every, let count else {
            try Self.save(try connection.take(), to: output, rule: rule)
            return
        }
        try rule.checkEntry(output)
        try takeScreens(CaptureSchedule(every: every, count: count), from: connection, rule: rule)
    }

    /// `--every SECONDS --count N`: numbered screens `DIR/0001`… on the schedule's pace; Ctrl-C
    /// stops the run after the screen being taken, keeping those written.
    private func takeScreens(_ schedule: CaptureSchedule, from connection: DeviceConnection, rule: OutputRule) throws {
        let interrupt = Platform.InterruptWatch()
        defer { interrupt.stop() }
        try FileSystem.createFolder(output)
        var clock = CaptureClock.system
        clock.wait = { interrupt.wait(until: $0) }
        let taken = try schedule.run(clock: clock, stopped: { interrupt.happened }) { index, now in
            try Self.save(try connection.take(now: now), to: output + "/" + CaptureSchedule.name(of: index), rule: rule)
        }
        if interrupt.happened { Console.error("capture: stopped by Ctrl-C after \(taken) screen\(taken == 1 ? "" : "s") in \(output)") }
    }

    /// Writes one screen and says what was taken, with its notes as warnings.
    static func save(_ screen: CapturedScreen, to folder: String, rule: OutputRule) throws {
        // What the device or server said is shown, never obeyed: control characters escaped.
        for note in screen.notes { Console.warn(DeviceError.printable(note)) }
        for warning in try CaptureFolder.write(screen, to: folder, rule: rule) { Console.warn(warning) }
        let info = screen.info
        let size = info.screenWidth.map { " \($0)×\(info.screenHeight ?? 0)" } ?? ""
        Console.out(DeviceError.printable("\(folder): \(info.platform ?? "screen")\(size) at \(JSONText.number(info.density))x, \(info.hierarchyMethod)\(info.app.map { ", " + $0 } ?? "")"))
    }
}
