import HierarchyDevice
import XCTest

/// adb's and the device's answers, read by the pure functions: `adb devices -l` (adb's
/// `list_transports`), `wm size` and `wm density` (`WindowManagerShellCommand`), the app in front
/// (`dumpsys activity activities` before and after Android 10, `dumpsys window`), and what
/// `uiautomator dump` prints (`DumpCommand`).
final class AdbAnswerTests: XCTestCase {
    func testDevicesListWithTheDaemonsLinesAndEveryState() {
        let text = """
            * daemon not running; starting now at tcp:5037
            * daemon started successfully
            List of devices attached
            emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1
            R58M12ABCDE            unauthorized usb:1-1 transport_id:2
            0123456789ABCDEF       no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html] usb:3-2 transport_id:3
            192.168.1.20:5555      offline transport_id:4

            """
        let devices = AdbDevice.parseList(text)
        XCTAssertEqual(devices.map(\.serial), ["emulator-5554", "R58M12ABCDE", "0123456789ABCDEF", "192.168.1.20:5555"])
        XCTAssertEqual(devices.map(\.state), ["device", "unauthorized", "no permissions", "offline"])
        XCTAssertEqual(devices[0].model, "sdk_gphone64_x86_64")
        XCTAssertEqual(devices[0].properties["transport_id"], "1")
        XCTAssertEqual(devices[2].properties["usb"], "3-2")
        XCTAssertEqual(AdbDevice.parseList("List of devices attached\n\n"), [])
        // The old, short form (`adb devices` without -l): a tab between serial and state.
        XCTAssertEqual(AdbDevice.parseList("List of devices attached\nemulator-5554\tdevice\n"), [AdbDevice(serial: "emulator-5554", state: "device")])
    }

    func testChoosingADevice() throws {
        let one = AdbDevice(serial: "emulator-5554", state: "device", properties: ["model": "Pixel_7"])
        let two = AdbDevice(serial: "R58M", state: "unauthorized")
        XCTAssertEqual(try AdbDevice.choose([one], serial: nil), one)
        XCTAssertEqual(try AdbDevice.choose([one, two], serial: "emulator-5554"), one)
        XCTAssertThrowsError(try AdbDevice.choose([one, two], serial: nil)) {
            XCTAssertEqual(($0 as? DeviceError)?.message, "adb: 2 devices attached, choose one with --serial: emulator-5554 (Pixel_7), R58M (unauthorized)")
        }
        let noPermissions = AdbDevice(serial: "0123", state: "no permissions")
        XCTAssertThrowsError(try AdbDevice.choose([noPermissions], serial: nil)) {
            XCTAssertEqual(($0 as? DeviceError)?.message, "adb: device 0123 is in state 'no permissions', not 'device'")
        }
    }

    func testDensityAndSizeTheOverrideWinning() throws {
        XCTAssertEqual(WindowManagerAnswer.density("Physical density: 420\n")?.density, 2.625)
        let overridden = try XCTUnwrap(WindowManagerAnswer.density("Physical density: 420\nOverride density: 480\n"))
        XCTAssertEqual(overridden.density, 3)
        XCTAssertTrue(overridden.overridden)
        XCTAssertNil(WindowManagerAnswer.density("Error: no such display\n"))
        XCTAssertNil(WindowManagerAnswer.density("Physical density: -3\n"))
        let size = try XCTUnwrap(WindowManagerAnswer.size("Physical size: 1440x3120\nOverride size: 1080x2340\n"))
        XCTAssertEqual([size.width, size.height], [1080, 2340])
        XCTAssertNil(WindowManagerAnswer.size("Physical size: 1080×2400\n"), "not adb's x")
    }

    func testTheAppInFront() {
        // Android 9: mResumedActivity; Android 10 and later: ResumedActivity and topResumedActivity.
        let pie = "  Stack #1:\n    mResumedActivity: ActivityRecord{7d3e2a1 u0 com.example.notes/.NoteListActivity t41}\n"
        XCTAssertEqual(ForegroundApp.fromActivities(pie), ForegroundApp(package: "com.example.notes", activity: "com.example.notes.NoteListActivity"))
        let fourteen = "    mLastPausedActivity: ActivityRecord{5e1 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t8}\n  ResumedActivity: ActivityRecord{c2d u0 com.android.settings/.homepage.SettingsHomepageActivity t12}\n"
        XCTAssertEqual(ForegroundApp.fromActivities(fourteen)?.package, "com.android.settings", "the resumed one, not the last paused")
        XCTAssertNil(ForegroundApp.fromActivities("  (nothing)\n"))
        let window = "  mCurrentFocus=Window{1a2b3c u0 com.android.chrome/org.chromium.chrome.browser.ChromeTabbedActivity}\n  mFocusedApp=ActivityRecord{9f u0 com.android.chrome/org.chromium.chrome.browser.ChromeTabbedActivity t5}\n"
        XCTAssertEqual(ForegroundApp.fromWindows(window), ForegroundApp(package: "com.android.chrome", activity: "org.chromium.chrome.browser.ChromeTabbedActivity"))
        // A focused window that is no activity (the status bar's shade): no component, so the focused app.
        XCTAssertEqual(ForegroundApp.fromWindows("  mCurrentFocus=Window{4d u0 NotificationShade}\n  mFocusedApp=ActivityRecord{9f u0 com.android.chrome/.Main t5}\n")?.package, "com.android.chrome")
    }

    func testWhatUIAutomatorDumpPrints() {
        let file = "/data/local/tmp/hierarchy-capture.xml"
        XCTAssertNil(UIAutomatorDumpAnswer.failure("UI hierchary dumped to: \(file)\n", file: file))
        XCTAssertEqual(UIAutomatorDumpAnswer.failure("ERROR: could not get idle state.\n", file: file), "ERROR: could not get idle state.")
        XCTAssertEqual(UIAutomatorDumpAnswer.failure("ERROR: null root node returned by UiTestAutomationBridge.\n", file: file), "ERROR: null root node returned by UiTestAutomationBridge.")
        XCTAssertEqual(UIAutomatorDumpAnswer.failure("UI hierchary dumped to: /sdcard/window_dump.xml\n", file: file), "UI hierchary dumped to: /sdcard/window_dump.xml", "another file is no success")
        XCTAssertEqual(UIAutomatorDumpAnswer.failure("", file: file), "it printed nothing")
    }

    func testErrorsArePrintableOnOneLine() {
        let error = DeviceError("adb: error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\nTry 'adb kill-server' if that seems wrong.\n\u{1B}[31mred")
        XCTAssertEqual(error.description, "adb: error: device unauthorized. This adb server's $ADB_VENDOR_KEYS is not set Try 'adb kill-server' if that seems wrong. \\u{1b}[31mred")
    }
}
