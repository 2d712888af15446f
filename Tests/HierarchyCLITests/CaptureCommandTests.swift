import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// `hierarchy capture` run as a user runs it, against a fake `adb` first on PATH and a fake
/// WebDriver server on 127.0.0.1, both written here and answering as the real ones do (their
/// texts recorded from adb, uiautomator, wm, dumpsys, Appium 1 and 2 and WebDriverAgent; see
/// `AdbAnswers` and `WebDriverAnswers`). Each captured folder must render the same picture as
/// the same files given to `hierarchy render` by hand.
final class CaptureCommandTests: XCTestCase {
    private var workspace: Workspace!
    private var fakeAdb: FakeAdb!

    override func setUpWithError() throws {
        workspace = try Workspace()
        fakeAdb = try FakeAdb(in: workspace)
    }

    override func tearDown() {
        fakeAdb = nil
        workspace = nil
    }

    // MARK: adb

    func testAdbCaptureWritesTheFolderAndRendersAsTheFilesByHand() throws {
        let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try workspace.files(in: "screen"), ["capture.json", "screenshot.png", "tree.json", "window_dump.xml"])
        XCTAssertEqual(fakeAdb.calls(), [
            "devices -l",
            "-s 12345678 shell uiautomator dump /data/local/tmp/hierarchy-capture.xml",
            "-s 12345678 exec-out cat /data/local/tmp/hierarchy-capture.xml",
            "-s 12345678 shell rm -f /data/local/tmp/hierarchy-capture.xml",
            "-s 12345678 exec-out screencap -p",
            "-s 12345678 shell wm size",
            "-s 12345678 shell wm density",
            "-s 12345678 shell dumpsys activity activities",
        ], "the commands docs/capture.md lists, in its order")
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info["source"] as? String, "adb")
        XCTAssertEqual(info["platform"] as? String, "Android")
        XCTAssertEqual(info["serial"] as? String, "12345678")
        XCTAssertEqual(info["device"] as? String, "23117RK66C", "the model of the recorded list, whose bare device path `3-1` names nothing")
        XCTAssertEqual(info.double("density"), 2.75, "440 dpi, no override")
        XCTAssertEqual(info["densitySource"] as? String, "wm density (physical)")
        XCTAssertEqual(info["app"] as? String, "com.google.android.deskclock")
        XCTAssertEqual(info["activity"] as? String, "com.android.deskclock.DeskClock")
        XCTAssertEqual(info["hierarchy"] as? String, "uiautomator dump")
        XCTAssertEqual(info.object("screen")?.int("width"), 1080)
        XCTAssertEqual(info.object("screen")?.int("height"), 2340)
        XCTAssertEqual(info["generator"] as? String, try versionPrinted(), "the version --version prints")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.path("screen/window_dump.xml"))), try Data(contentsOf: URL(fileURLWithPath: fakeAdb.file("window_dump.xml"))), "the dump kept as the device wrote it")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.path("screen/screenshot.png"))), try Data(contentsOf: URL(fileURLWithPath: fakeAdb.file("screencap.png"))), "the screencap kept byte for byte")
        try assertSamePicture(workspace.path("screen"), asByHand: [fakeAdb.file("window_dump.xml"), "--screenshot", fakeAdb.file("screencap.png"), "--density", "2.75"])
    }

    func testAnOverriddenDensityWinsAndCompressedIsPassedOn() throws {
        fakeAdb.environment["FAKE_ADB_DENSITY"] = "override"
        let result = try fakeAdb.hierarchy(["capture", "adb", "--compressed", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(fakeAdb.calls().contains("-s 12345678 shell uiautomator dump --compressed /data/local/tmp/hierarchy-capture.xml"))
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info.double("density"), 4, "the recorded Samsung's Override density: 640 wins over its physical 480")
        XCTAssertEqual(info["densitySource"] as? String, "wm density (override)")
        XCTAssertEqual(info["hierarchy"] as? String, "uiautomator dump --compressed")
        try assertSamePicture(workspace.path("screen"), asByHand: [fakeAdb.file("window_dump.xml"), "--screenshot", fakeAdb.file("screencap.png"), "--density", "4"])
    }

    func testAScreenThatNeverIdlesFallsBackToDumpsysActivityTopAndSaysSo() throws {
        fakeAdb.environment["FAKE_ADB_DUMP"] = "idle"
        let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, """
            warning: uiautomator dump failed (ERROR: could not get idle state.); the hierarchy is dumpsys activity top's View Hierarchy block (no text, no content descriptions)
            warning: the file holds 2 hierarchies (dumpsys View Hierarchy blocks); read number 2, the resumed activity com.google.android.deskclock/com.android.deskclock.DeskClock (--index N reads another)

            """, "the launcher's block comes first: the resumed Clock's is read, and said")
        XCTAssertEqual(try workspace.files(in: "screen"), ["activity-top.txt", "capture.json", "screenshot.png", "tree.json"])
        XCTAssertTrue(fakeAdb.calls().contains("-s 12345678 shell dumpsys activity top"))
        XCTAssertFalse(fakeAdb.calls().contains { $0.contains("exec-out cat") }, "no file to read when the dump failed")
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info["hierarchy"] as? String, "dumpsys activity top")
        XCTAssertEqual((info["notes"] as? [String])?.count, 2)
        XCTAssertEqual((info["notes"] as? [String])?.last, "the file holds 2 hierarchies (dumpsys View Hierarchy blocks); read number 2, the resumed activity com.google.android.deskclock/com.android.deskclock.DeskClock (--index N reads another)", "which activity's views were taken, kept")
        try assertSamePicture(workspace.path("screen"), asByHand: [fakeAdb.file("activity-top.txt"), "--screenshot", fakeAdb.file("screencap.png"), "--density", "2.75"])
    }

    func testTheFallbackReadsTheResumedActivityAndDumpsysWindowNamesTheAppWhenActivitiesDoNot() throws {
        fakeAdb.environment["FAKE_ADB_DUMP"] = "idle"
        fakeAdb.environment["FAKE_ADB_ACTIVITIES"] = "none"
        let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(fakeAdb.calls().suffix(2)), ["-s 12345678 shell dumpsys activity activities", "-s 12345678 shell dumpsys window"])
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        // AndroidViewClient's recorded `dumpsys window windows`: mCurrentFocus names the sample app.
        XCTAssertEqual(info["app"] as? String, "com.dtmilano.android.sampleui")
        XCTAssertEqual(info["activity"] as? String, "com.dtmilano.android.sampleui.MainActivity")
        // The dump holds the stopped launcher's block first: the resumed Clock is what was taken.
        let tree = try CaptureJSON.read(workspace.path("screen/tree.json"))
        let root = try XCTUnwrap(tree["root"] as? [String: Any])
        XCTAssertEqual(root["name"] as? String, "DeskClock", "\(root)")
    }

    func testTheAppIsReadFromARecordedActivitiesAnswer() throws {
        // adb-helper's recording of a Samsung tablet's `dumpsys activity activities`: 843 lines, the
        // task list (`topResumedActivity=`, a `ResumedActivity:`), then ActivityTaskSupervisor's
        // state with display areas, input consumers and the keyguard.
        fakeAdb.environment["FAKE_ADB_ACTIVITIES"] = "recorded"
        let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info["app"] as? String, "com.whatsapp.w4b")
        XCTAssertEqual(info["activity"] as? String, "com.whatsapp.Conversation")
        XCTAssertEqual(fakeAdb.calls().last, "-s 12345678 shell dumpsys activity activities", "named there: no dumpsys window asked")
    }

    func testADumpThatHangsIsStoppedAtTheTimeoutAndFallsBack() throws {
        fakeAdb.environment["FAKE_ADB_DUMP"] = "hang"
        let started = Date()
        let result = try fakeAdb.hierarchy(["capture", "adb", "--timeout", "2", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "stopped at 2 s, not left to hang")
        XCTAssertTrue(result.stderr.contains("uiautomator dump failed (adb -s 12345678 shell uiautomator dump /data/local/tmp/hierarchy-capture.xml: no answer within 2 s)"), result.stderr)
        XCTAssertTrue(workspace.exists("screen/activity-top.txt"))
    }

    func testDeviceTroubleIsOneLineExitTwoAndNothingWritten() throws {
        let cases: [(devices: String, arguments: [String], message: String)] = [
            ("none", [], "error: adb: no device attached ('adb devices -l' lists none): connect one or start an emulator"),
            ("unauthorized", [], "error: adb: device 0123456789abcdef is unauthorized: accept the 'Allow USB debugging?' dialog on it"),
            ("two", [], "error: adb: 2 devices attached, choose one with --serial: 0123456789abcdef (unauthorized), 87654321 (MyModel)"),
            ("two", ["--serial", "0A1B2C"], "error: adb: no device 0A1B2C (attached: 0123456789abcdef (unauthorized), 87654321 (MyModel))"),
            ("offline", [], "error: adb: device emulator-5554 is offline: reconnect it, or run 'adb reconnect offline'"),
        ]
        for (devices, arguments, message) in cases {
            fakeAdb.environment["FAKE_ADB_DEVICES"] = devices
            let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")] + arguments)
            XCTAssertEqual(result.status, 2, devices)
            XCTAssertEqual(result.stderr, message + "\n", devices)
            XCTAssertFalse(workspace.exists("screen"), devices)
        }
        // adb's own error in the middle of a capture (the device went offline): its words, and no folder, not even a partial one.
        fakeAdb.environment["FAKE_ADB_DEVICES"] = "one"
        fakeAdb.environment["FAKE_ADB_FAIL"] = "screencap"
        let offline = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(offline.status, 2)
        XCTAssertEqual(offline.stderr, "error: adb -s 12345678 exec-out screencap -p: error: device offline\n")
        XCTAssertEqual(workspace.files(), ["bin", "fixtures", "adb.log"].sorted())
        // The device's key revoked after it was listed: adb's four recorded lines said on one.
        fakeAdb.environment["FAKE_ADB_FAIL"] = "unauthorized"
        let revoked = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(revoked.status, 2)
        XCTAssertEqual(revoked.stderr, "error: adb -s 12345678 exec-out screencap -p: error: device unauthorized. This adb server's $ADB_VENDOR_KEYS is not set Try 'adb kill-server' if that seems wrong. Otherwise check for a confirmation dialog on your device.\n")
        XCTAssertEqual(workspace.files(), ["bin", "fixtures", "adb.log"].sorted())
    }

    func testATruncatedScreenshotIsOneLineExitTwoAndNothingWritten() throws {
        // Every command would refuse the folder: the capture checks the PNG before writing it.
        fakeAdb.environment["FAKE_ADB_FAIL"] = "truncated"
        let result = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: adb device 12345678: the screenshot is not a whole PNG within the limits ("), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        XCTAssertEqual(workspace.files(), ["bin", "fixtures", "adb.log"].sorted())
        let input = try fakeAdb.hierarchy(["layout", "adb:"])
        XCTAssertEqual(input.status, 2, input.stderr)
    }

    func testSeveralDevicesAreTakenBySerialAndAMissingAdbIsSaid() throws {
        fakeAdb.environment["FAKE_ADB_DEVICES"] = "two"
        fakeAdb.environment["FAKE_ADB_DENSITY"] = "override"
        // The unauthorized one named: said; the authorized one named: taken.
        let refused = try fakeAdb.hierarchy(["capture", "adb", "--serial", "0123456789abcdef", "-o", workspace.path("screen")])
        XCTAssertEqual(refused.stderr, "error: adb: device 0123456789abcdef is unauthorized: accept the 'Allow USB debugging?' dialog on it\n")
        let taken = try fakeAdb.hierarchy(["capture", "adb", "--serial", "87654321", "-o", workspace.path("screen")])
        XCTAssertEqual(taken.status, 0, taken.stderr)
        XCTAssertTrue(fakeAdb.calls().dropFirst().allSatisfy { $0.hasPrefix("-s 87654321 ") }, "every command after the list names the device: \(fakeAdb.calls())")
        XCTAssertEqual(try CaptureJSON.read(workspace.path("screen/capture.json"))["device"] as? String, "MyModel")
        // adb found nowhere: not on PATH, no $ANDROID_HOME.
        let missing = try Hierarchy.run(["capture", "adb", "-o", workspace.path("other")], environment: ["PATH": "/nonexistent", "ANDROID_HOME": "", "ANDROID_SDK_ROOT": ""])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: adb: not found on PATH nor in $ANDROID_HOME/platform-tools: install Android's platform tools or name it with --adb PATH\n")
        // $ANDROID_HOME/platform-tools/adb, and --adb PATH.
        let sdk = workspace.path("sdk/platform-tools")
        try FileManager.default.createDirectory(atPath: sdk, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: workspace.path("bin/adb"), toPath: sdk + "/adb")
        // A PATH with what the stand-in runs (cat, sleep) and no adb: the machine's own adb
        // (Debian's, in /usr/bin) must not be found before $ANDROID_HOME's.
        let tools = workspace.path("tools")
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        for tool in ["cat", "sleep"] {
            let found = try XCTUnwrap(["/usr/bin/", "/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) })
            try FileManager.default.createSymbolicLink(atPath: tools + "/" + tool, withDestinationPath: found)
        }
        var home = fakeAdb.environment
        home["PATH"] = tools
        home["ANDROID_HOME"] = workspace.path("sdk")
        home["FAKE_ADB_DEVICES"] = "one"
        XCTAssertEqual(try Hierarchy.run(["capture", "adb", "-o", workspace.path("from-home")], environment: home).status, 0)
        home["ANDROID_HOME"] = ""
        XCTAssertEqual(try Hierarchy.run(["capture", "adb", "--adb", sdk + "/adb", "-o", workspace.path("named")], environment: home).status, 0)
    }

    func testAnAdbWhoseServerHoldsItsOutputsIsNotWaitedFor() throws {
        // adb's first command after a boot starts its server, which keeps both outputs open: the
        // answer is read when the command exits, not at an end of file that never comes.
        defer { fakeAdb.stopServer() }
        fakeAdb.environment["FAKE_ADB_SERVER"] = "start"
        fakeAdb.environment["FAKE_ADB_DEVICES"] = "none"
        let started = Date()
        let none = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")], timeout: 25)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertEqual(none.stderr, "error: adb: no device attached ('adb devices -l' lists none): connect one or start an emulator\n")
        fakeAdb.stopServer()
        fakeAdb.environment["FAKE_ADB_DEVICES"] = "one"
        let taken = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")], timeout: 25)
        XCTAssertEqual(taken.status, 0, taken.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }

    func testDebiansAdbStartingItsServerSaysNoDeviceAtOnce() throws {
        // Debian's own adb (scripts/install-prerequisites.sh installs it), its server stopped first,
        // as after a boot: the first command starts it, holding the pipes, and no device is attached.
        let adb = "/usr/bin/adb"
        guard FileManager.default.isExecutableFile(atPath: adb) else { throw XCTSkip("Debian's adb is not installed (scripts/install-prerequisites.sh)") }
        let home = workspace.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Its own port and home: the machine's adb server, if one runs, is left alone.
        let environment = ["HOME": home, "ANDROID_ADB_SERVER_PORT": "5047", "PATH": "/usr/bin:/bin"]
        defer { _ = try? ExternalProcess.run(adb, ["kill-server"], environment: environment) }
        _ = try ExternalProcess.run(adb, ["kill-server"], environment: environment)
        let started = Date()
        let result = try Hierarchy.run(["capture", "adb", "--adb", adb, "-o", workspace.path("screen")], environment: environment, timeout: 60)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "the server's start is waited for, its end is not")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "error: adb: no device attached ('adb devices -l' lists none): connect one or start an emulator\n")
        XCTAssertFalse(workspace.exists("screen"))
    }

    func testAnExistingFolderIsReplacedOnlyWithForce() throws {
        XCTAssertEqual(try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")]).status, 0)
        let again = try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen")])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "error: \(workspace.path("screen")): already exists (use --force to replace it)\n")
        XCTAssertEqual(try fakeAdb.hierarchy(["capture", "adb", "-o", workspace.path("screen"), "--force"]).status, 0)
    }

    func testEveryAndCountWriteNumberedScreensThatReportReads() throws {
        let result = try fakeAdb.hierarchy(["capture", "adb", "--every", "0.2", "--count", "2", "-o", workspace.path("run")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try workspace.files(in: "run"), ["0001", "0002"])
        let report = try Hierarchy.run(["report", workspace.path("run"), "-o", workspace.path("report.html")])
        XCTAssertEqual(report.status, 0, report.stderr)
        let json = try CaptureJSON.read(workspace.path("report.json"))
        let screens = try XCTUnwrap(json["screens"] as? [[String: Any]])
        XCTAssertEqual(screens.compactMap { $0["name"] as? String }, ["0001", "0002"], "each folder one screen: its tree.json, not capture.json or the raw dump")
    }

    func testCtrlCEndsARunKeepingTheScreensTaken() throws {
        let process = try fakeAdb.start(["capture", "adb", "--every", "1", "--count", "50", "-o", workspace.path("run")])
        // Wait for the first screen (at most 30 s), then interrupt as a terminal does.
        let deadline = Date().addingTimeInterval(30)
        while !workspace.exists("run/0001/capture.json"), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let kept = try workspace.files(in: "run")
        XCTAssertFalse(kept.isEmpty)
        XCTAssertLessThan(kept.count, 50)
        XCTAssertTrue(kept.allSatisfy { $0.count == 4 && $0.allSatisfy(\.isNumber) }, "no half-written screen left: \(kept)")
        for screen in kept { XCTAssertTrue(workspace.exists("run/\(screen)/tree.json"), screen) }
    }

    func testASignalRemovesTheTemporaryCaptureAndStopsAdb() throws {
        // An adb: input whose uiautomator dump hangs: the command is waiting on adb when SIGTERM comes.
        let temporary = workspace.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        fakeAdb.environment["TMPDIR"] = temporary
        fakeAdb.environment["FAKE_ADB_DUMP"] = "hang"
        let process = try fakeAdb.start(["layout", "adb:"])
        let deadline = Date().addingTimeInterval(20)
        while !fakeAdb.calls().contains(where: { $0.contains("uiautomator dump") }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let held = try FileManager.default.contentsOfDirectory(atPath: temporary)
        XCTAssertEqual(held.count, 1, "\(held)")
        let folder = try XCTUnwrap(held.first)
        XCTAssertTrue(folder.hasPrefix(".hierarchy-capture.") && folder.hasSuffix(".input"), folder)
        let mode = try FileManager.default.attributesOfItem(atPath: temporary + "/" + folder)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700, "private to its owner")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "ended by the signal, as the shell expects")
        XCTAssertEqual(process.terminationStatus, SIGTERM)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the temporary capture is removed")
        XCTAssertLessThan(Date().timeIntervalSince(deadline), 0, "adb's 30 s were not waited for")
    }

    func testAdbAsTheInputOfAnyCommand() throws {
        let render = try fakeAdb.hierarchy(["render", "adb:", "-o", workspace.path("now.png"), "--size", "240x320", "--holes", "keep"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let byHand = try Hierarchy.run(["render", fakeAdb.file("window_dump.xml"), "--screenshot", fakeAdb.file("screencap.png"), "--density", "2.75", "-o", workspace.path("hand.png"), "--size", "240x320", "--holes", "keep"])
        XCTAssertEqual(byHand.status, 0, byHand.stderr)
        try assertSamePixels(workspace.path("now.png"), workspace.path("hand.png"))
        let audit = try fakeAdb.hierarchy(["audit", "adb:12345678", "--format", "json"])
        XCTAssertTrue([0, 1].contains(audit.status), audit.stderr)
        XCTAssertTrue(audit.stdout.contains("\"findings\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.hasPrefix(".hierarchy-capture.") }
        XCTAssertEqual(leftovers, [], "the temporary capture is removed when the command ends")
        fakeAdb.environment["FAKE_ADB_DEVICES"] = "none"
        let none = try fakeAdb.hierarchy(["render", "adb:", "-o", workspace.path("none.png")])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "error: adb: no device attached ('adb devices -l' lists none): connect one or start an emulator\n")
    }

    // MARK: WebDriver

    func testAppium2SessionIsFoundAndItsPixelRatioUsed() throws {
        let server = try FakeWebDriver(mode: "appium2", in: workspace)
        defer { server.stop() }
        let result = try Hierarchy.run(["capture", "webdriver", server.url, "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try workspace.files(in: "screen"), ["capture.json", "page-source.xml", "screenshot.png", "tree.json"])
        XCTAssertEqual(server.requests(), ["GET /appium/sessions", "GET /session/4f2e8a1c-appium2/source", "GET /session/4f2e8a1c-appium2/screenshot"])
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info.double("density"), 3)
        XCTAssertEqual(info["densitySource"] as? String, "capabilities.pixelRatio")
        XCTAssertEqual(info["platform"] as? String, "iOS")
        XCTAssertEqual(info["app"] as? String, "com.apple.Preferences")
        XCTAssertEqual(info["session"] as? String, "4f2e8a1c-appium2")
        XCTAssertEqual(info["generator"] as? String, try versionPrinted())
        try assertSamePicture(workspace.path("screen"), asByHand: [FakeWebDriver.source, "--screenshot", server.screenshot])
    }

    /// Appium's UiAutomator2 gives the `hierarchy` element the display's size without the
    /// navigation bar (1080×2209) and its root the whole screen's bounds (1080×2400); its
    /// screenshot has the whole screen. The capture of such a session keeps that screenshot and
    /// renders: the root covers it, the views keep their places (issue 48).
    func testAnAndroidSessionWhoseScreenshotIsTallerThanItsHierarchyRenders() throws {
        let source = TestPaths.fixture("dumps/uiautomator/written-appium-uia2-apidemos-navbar-1080x2400.xml").path
        let server = try FakeWebDriver(mode: "appium2", in: workspace, source: source, screenshotSize: (1080, 2400))
        defer { server.stop() }
        let result = try Hierarchy.run(["capture", "webdriver", server.url, "-o", workspace.path("screen")])
        XCTAssertEqual(result.status, 0, result.stderr)
        // (Small: the picture is not what is checked here, only that the capture draws.)
        let rendered = try Hierarchy.run(["render", workspace.path("screen"), "--yaw", "0", "--pitch", "0", "--size", "540x1200", "--max-texture", "512", "-o", workspace.path("front.png")])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let layout = try Hierarchy.run(["layout", workspace.path("screen"), "--format", "json"])
        XCTAssertEqual(layout.status, 0, layout.stderr)
        let layers = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])?["layers"] as? [[String: Any]])
        let root = try XCTUnwrap(layers.first?["frame"] as? [String: Double])
        let density = try XCTUnwrap(CaptureJSON.read(workspace.path("screen/capture.json")).double("density"))
        XCTAssertEqual(root["height"].map { $0 * density }, 2400, "the root covers the whole screenshot: \(root)")
        XCTAssertEqual(try PNG.decode(file: workspace.path("screen/screenshot.png")).height, 2400)
    }

    func testAppium1AndWebDriverAgentDiscoveryAndAGivenSession() throws {
        let appium1 = try FakeWebDriver(mode: "appium1", in: workspace)
        defer { appium1.stop() }
        let one = try Hierarchy.run(["capture", "webdriver", appium1.url + "/wd/hub", "-o", workspace.path("one")])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(appium1.requests().prefix(2), ["GET /wd/hub/appium/sessions", "GET /wd/hub/sessions"])
        let info = try CaptureJSON.read(workspace.path("one/capture.json"))
        XCTAssertEqual(info.double("density"), 3, "no pixelRatio: the screenshot's 1170 pixels over the root's 390 points")
        XCTAssertEqual(info["densitySource"] as? String, "screenshot width / root element width")
        let wda = try FakeWebDriver(mode: "wda", in: workspace)
        defer { wda.stop() }
        let agent = try Hierarchy.run(["capture", "webdriver", wda.url, "-o", workspace.path("wda")])
        XCTAssertEqual(agent.status, 0, agent.stderr)
        XCTAssertEqual(wda.requests(), ["GET /appium/sessions", "GET /sessions", "GET /status", "GET /session/B7C1-WDA/source", "GET /session/B7C1-WDA/screenshot"])
        try assertSamePicture(workspace.path("wda"), asByHand: [FakeWebDriver.source, "--screenshot", wda.screenshot])
        let given = try Hierarchy.run(["capture", "webdriver", wda.url, "--session", "B7C1-WDA", "-o", workspace.path("given")])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(wda.requests().suffix(3), ["GET /session/B7C1-WDA", "GET /session/B7C1-WDA/source", "GET /session/B7C1-WDA/screenshot"])
        let input = try Hierarchy.run(["layout", "webdriver:" + wda.url, "--format", "json"])
        XCTAssertEqual(input.status, 0, input.stderr)
        XCTAssertTrue(input.stdout.contains("XCUIElementTypeApplication"))
    }

    func testServerErrorsStallsAndClosedConnectionsAreOneLine() throws {
        let cases: [(mode: String, arguments: [String], message: String)] = [
            ("error", [], "error: webdriver: GET URL/session/4f2e8a1c-appium2/source: unknown error: An unknown server-side error occurred while processing the command. Original error: Could not proxy command to the remote server. Original error: socket hang up (HTTP 500)"),
            ("none", [], "error: webdriver: no open session on URL (GET /appium/sessions: no session; GET /sessions: unknown command (HTTP 404); GET /status: no sessionId): start one, or name it with --session ID"),
            ("two", [], "error: webdriver: URL has 2 sessions, choose one with --session: 4f2e8a1c-appium2, 9d0b7e55-appium2"),
            ("stall", ["--timeout", "1"], "error: webdriver: GET URL/appium/sessions: no answer within 1 s"),
            ("close", [], "error: webdriver: GET URL/appium/sessions: the server closed the connection without an answer"),
        ]
        for (mode, arguments, message) in cases {
            let server = try FakeWebDriver(mode: mode, in: workspace)
            defer { server.stop() }
            let started = Date()
            let result = try Hierarchy.run(["capture", "webdriver", server.url, "-o", workspace.path("screen")] + arguments)
            XCTAssertEqual(result.status, 2, mode)
            XCTAssertEqual(result.stderr, message.replacingOccurrences(of: "URL", with: server.url) + "\n", mode)
            XCTAssertLessThan(Date().timeIntervalSince(started), 15, mode)
            XCTAssertFalse(workspace.exists("screen"), mode)
        }
        // A page source cut short: the importer's one line, naming what the server gave; nothing written.
        let cut = try FakeWebDriver(mode: "truncated", in: workspace)
        defer { cut.stop() }
        let truncated = try Hierarchy.run(["capture", "webdriver", cut.url, "-o", workspace.path("screen")])
        XCTAssertEqual(truncated.status, 1)
        XCTAssertTrue(truncated.stderr.hasPrefix("error: webdriver page-source.xml: line 4: "), truncated.stderr)
        XCTAssertEqual(truncated.stderr.filter { $0 == "\n" }.count, 1)
        XCTAssertFalse(workspace.exists("screen"))
        let refused = try Hierarchy.run(["capture", "webdriver", "http://127.0.0.1:9", "-o", workspace.path("screen")])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: webdriver: GET http://127.0.0.1:9/appium/sessions: cannot connect (is the server running, and on this port?)\n")
    }

    func testUsageErrors() throws {
        for arguments in [["help", "capture"], ["capture", "--help"]] {
            let help = try Hierarchy.run(arguments)
            XCTAssertEqual(help.status, 0, arguments.joined(separator: " "))
            XCTAssertTrue(help.stdout.contains("hierarchy capture webdriver http://127.0.0.1:4723 [--session ID] -o DIR"), help.stdout)
            XCTAssertEqual(help.stderr, "")
        }
        for (arguments, message) in [
            (["capture", "webdriver", "-o", "x"], "capture webdriver needs the server's URL, e.g. http://127.0.0.1:4723"),
            (["capture", "adb", "--session", "s", "-o", "x"], "--session applies to capture webdriver"),
            (["capture", "adb", "--every", "1", "-o", "x"], "--every and --count go together"),
            (["capture", "adb", "--timeout", "0", "-o", "x"], "--timeout must be a number of seconds > 0, got 0.0"),
        ] {
            let result = try Hierarchy.run(arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "error: \(message) (see 'hierarchy help capture')\n")
        }
    }

    // MARK: Helpers

    /// `hierarchy 0.1.0-dev`: the first two words `hierarchy --version` prints.
    private func versionPrinted() throws -> String {
        let version = try Hierarchy.run(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        let words = version.stdout.split(separator: " ")
        XCTAssertGreaterThan(words.count, 1, version.stdout)
        return words.prefix(2).joined(separator: " ")
    }

    /// `hierarchy render FOLDER` and `hierarchy render` of the same files named by hand draw the same pixels.
    private func assertSamePicture(_ folder: String, asByHand input: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        // Holes kept clear on both sides: the same comparison, a third of the time of filling them.
        let size = ["--size", "320x400", "--holes", "keep"]
        let captured = try Hierarchy.run(["render", folder, "-o", workspace.path("captured.png"), "--force"] + size)
        XCTAssertEqual(captured.status, 0, captured.stderr, file: file, line: line)
        let byHand = try Hierarchy.run(["render"] + input + ["-o", workspace.path("by-hand.png"), "--force"] + size)
        XCTAssertEqual(byHand.status, 0, byHand.stderr, file: file, line: line)
        try assertSamePixels(workspace.path("captured.png"), workspace.path("by-hand.png"), file: file, line: line)
    }

    private func assertSamePixels(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (first, second) = (try PNG.decode(file: a), try PNG.decode(file: b))
        XCTAssertEqual(first.width, second.width, file: file, line: line)
        XCTAssertEqual(first.height, second.height, file: file, line: line)
        XCTAssertTrue(first.pixels == second.pixels, "\(a) and \(b) differ", file: file, line: line)
        XCTAssertGreaterThan(Set(first.pixels).count, 8, "a picture, not a blank", file: file, line: line)
    }
}

extension Workspace {
    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder)).sorted()
    }
}

/// Reads a JSON object file with Foundation, as any consumer of capture.json would.
enum CaptureJSON {
    static func read(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }
}
