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

    /// Real `adb devices -l` outputs recorded by Genymobile/scrcpy's parser tests
    /// (`app/tests/test_adb_parser.c`, commit 2926c06c5dc3064ae6d8db706f1a98a37cfcf3f0,
    /// Apache-2.0; Tests/Fixtures/SOURCES.md), byte for byte.
    func testDevicesListsRecordedFromRealHosts() {
        // An mDNS (wireless debugging) transport: the serial holds a space.
        let mdns = AdbDevice.parseList("List of devices attached\n"
            + "adb-0123456789AB-CDdefg (2)._adb-tls-connect._tcp device product:blazer model:Pixel_10_Pro device:blazer transport_id:3\n")
        XCTAssertEqual(mdns.map(\.serial), ["adb-0123456789AB-CDdefg (2)._adb-tls-connect._tcp"])
        XCTAssertEqual(mdns.first?.state, "device")
        XCTAssertEqual(mdns.first?.model, "Pixel_10_Pro")
        // A host that prints the device path bare, without `usb:`.
        let bare = AdbDevice.parseList("List of devices attached\n"
            + "12345678               device 3-1 product:manet model:23117RK66C device:manet transport_id:2\n")
        XCTAssertEqual(bare, [AdbDevice(serial: "12345678", state: "device",
                                        properties: ["product": "manet", "model": "23117RK66C", "device": "manet", "transport_id": "2"])])
        // The daemon restarted by a client of another version, between the header and the devices.
        let mixed = AdbDevice.parseList("List of devices attached\n"
            + "adb server version (41) doesn't match this client (39); killing...\n"
            + "* daemon started successfully *\n"
            + "0123456789abcdef\tunauthorized usb:1-1\n"
            + "87654321\tdevice usb:2-1 product:MyProduct model:MyModel device:MyDevice\n")
        XCTAssertEqual(mixed.map(\.summary), ["0123456789abcdef (unauthorized)", "87654321 (MyModel)"])
        // Windows line ends, and no line end after the last device.
        let crlf = AdbDevice.parseList("List of devices attached\r\n"
            + "0123456789abcdef\tdevice usb:2-1 product:MyProduct model:MyModel device:MyDevice transport_id:1\r\n"
            + "192.168.1.1:5555\tdevice product:MyWifiProduct model:MyWifiModel device:MyWifiDevice trandport_id:2\r\n")
        XCTAssertEqual(crlf.map(\.serial), ["0123456789abcdef", "192.168.1.1:5555"])
        XCTAssertEqual(crlf.map(\.model), ["MyModel", "MyWifiModel"])
        XCTAssertEqual(AdbDevice.parseList("List of devices attached\n0123456789abcdef\tdevice usb:2-1 product:MyProduct model:MyModel device:MyDevice transport_id:1").map(\.serial), ["0123456789abcdef"])
        XCTAssertEqual(AdbDevice.parseList("List of devices attached\n0123456789abcdef       unauthorized usb:1-4 transport_id:3\n").map(\.summary), ["0123456789abcdef (unauthorized)"])
        XCTAssertEqual(AdbDevice.parseList("List of devices attached\ncorrupted_garbage\n"), [])
        // A Windows host's plain `adb devices` (no -l) as linkinep61/projet-nx saved it (`adb_devices.txt`,
        // commit 5ed3880d1339dc4191442d20b961877b077b0ea0, Apache-2.0): a wireless-debugging mDNS serial
        // and an emulator, tab-separated, CRLF, the closing blank line.
        let windows = AdbDevice.parseList("List of devices attached\r\n"
            + "adb-33311HFDD8N2PQ-a4QqY3._adb-tls-connect._tcp\tdevice\r\n" + "emulator-5554\tdevice\r\n" + "\r\n")
        XCTAssertEqual(windows.map(\.serial), ["adb-33311HFDD8N2PQ-a4QqY3._adb-tls-connect._tcp", "emulator-5554"])
        XCTAssertEqual(windows.map(\.state), ["device", "device"])
        XCTAssertEqual(windows.map(\.properties), [[:], [:]], "no -l: no properties, and no carriage return left in a state")
        // flutter/flutter's (`packages/flutter_tools/test/android/android_device_test.dart`, commit
        // 606b8d63e275f83c00e56717c9a32474a381e592, BSD-3-Clause): short lines and the `host` state,
        // and an SDK wrapper's message where the list should be, which names no device.
        let short = AdbDevice.parseList("List of devices attached\nlocalhost:36790        device\n0149947A0D01500C       device usb:340787200X\nemulator-5612          host features:shell_2\n\n")
        XCTAssertEqual(short.map(\.serial), ["localhost:36790", "0149947A0D01500C", "emulator-5612"])
        XCTAssertEqual(short.map(\.state), ["device", "device", "host"])
        XCTAssertEqual(short[1].properties, ["usb": "340787200X"])
        XCTAssertEqual(AdbDevice.parseList("""
            It appears you do not have 'Android SDK Platform-tools' installed.
            Use the 'android' tool to install them:
                android update sdk --no-ui --filter 'platform-tools'

            """), [])
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
        // A Samsung SM-G892U's answers, recorded verbatim (SupposedlySam/flutter-device-mcp, MIT).
        let samsung = try XCTUnwrap(WindowManagerAnswer.density("Physical density: 480\nOverride density: 640\n"))
        XCTAssertEqual(samsung.density, 4, "640 dpi in force, not the physical 480")
        XCTAssertTrue(samsung.overridden)
        let samsungSize = try XCTUnwrap(WindowManagerAnswer.size("Physical size: 1440x2960\n"))
        XCTAssertEqual([samsungSize.width, samsungSize.height], [1440, 2960])
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
        XCTAssertEqual(error.description, "adb: error: device unauthorized. This adb server's $ADB_VENDOR_KEYS is not set Try 'adb kill-server' if that seems wrong. \\u{1B}[31mred")
    }
}
