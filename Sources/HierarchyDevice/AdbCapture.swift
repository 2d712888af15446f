import Foundation
import HierarchyImport

/// Takes the screen of an Android device over adb. The commands, in order (docs/capture.md):
///
///     adb devices -l
///     adb -s SERIAL shell uiautomator dump [--compressed] /data/local/tmp/hierarchy-capture.xml
///     adb -s SERIAL exec-out cat /data/local/tmp/hierarchy-capture.xml
///     adb -s SERIAL shell rm -f /data/local/tmp/hierarchy-capture.xml
///     adb -s SERIAL shell dumpsys activity top          (only when the dump failed or timed out)
///     adb -s SERIAL exec-out screencap -p
///     adb -s SERIAL shell wm size
///     adb -s SERIAL shell wm density
///     adb -s SERIAL shell dumpsys activity activities   (then dumpsys window if it names no app)
public struct AdbCapture: Sendable {
    public var adb: Adb
    public var compressed: Bool

    /// The file `uiautomator dump` writes on the device, removed once read.
    public static let deviceFile = "/data/local/tmp/hierarchy-capture.xml"

    /// Chooses the device (`serial`, or the only one attached) of the adb at `executable`.
    public static func connect(executable: String, serial: String?, timeout: Double, compressed: Bool) throws(DeviceError) -> AdbCapture {
        let list = try Adb(executable: executable, timeout: timeout).run(["devices", "-l"])
        let device = try AdbDevice.choose(AdbDevice.parseList(list.outputText), serial: serial)
        var capture = AdbCapture(adb: Adb(executable: executable, serial: device.serial, timeout: timeout), compressed: compressed)
        capture.device = device
        return capture
    }

    public init(adb: Adb, compressed: Bool) {
        self.adb = adb
        self.compressed = compressed
    }

    private var device: AdbDevice?

    /// The hierarchy, the screenshot and what the device says of itself.
    public func take(now: Date = Date()) throws(DeviceError) -> CapturedScreen {
        var notes: [String] = []
        let (source, name, format, method) = try hierarchy(notes: &notes)
        let screenshot = try adb.run(["exec-out", "screencap", "-p"]).output
        guard screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DeviceError("adb -s \(adb.serial ?? "") exec-out screencap -p: not a PNG: \(String(decoding: screenshot.prefix(200), as: UTF8.self))")
        }
        let size = WindowManagerAnswer.size(try adb.shell(["wm", "size"]))
        let density = WindowManagerAnswer.density(try adb.shell(["wm", "density"]))
        if density == nil { notes.append("wm density printed no density: 1 pixel a point") }
        var info = CaptureInfo(source: "adb", taken: CaptureClock.iso8601(now), density: density?.density ?? 1,
                               densitySource: density.map { $0.overridden ? "wm density (override)" : "wm density (physical)" } ?? "none", hierarchyMethod: method)
        info.platform = "Android"
        info.serial = adb.serial
        info.device = device?.model
        info.screenWidth = size?.width
        info.screenHeight = size?.height
        let app = try foregroundApp()
        info.app = app?.package
        info.activity = app?.activity
        return CapturedScreen(source: source, sourceName: name, format: format, screenshot: screenshot, info: info, notes: notes)
    }

    /// `uiautomator dump` to a file on the device, read back and removed; when it fails or times
    /// out, `dumpsys activity top`'s View Hierarchy block, and a note saying so.
    private func hierarchy(notes: inout [String]) throws(DeviceError) -> ([UInt8], String, DumpFormat, String) {
        let file = Self.deviceFile
        let dump = ["shell", "uiautomator", "dump"] + (compressed ? ["--compressed"] : []) + [file]
        let failure: String
        do {
            let said = try adb.run(dump)
            if let why = UIAutomatorDumpAnswer.failure(said.outputText + said.errorText, file: file) {
                failure = why
            } else {
                let xml = try adb.run(["exec-out", "cat", file]).output
                _ = try? adb.run(["shell", "rm", "-f", file])
                return (xml, "window_dump.xml", .uiautomator, compressed ? "uiautomator dump --compressed" : "uiautomator dump")
            }
        } catch {
            failure = error.message
        }
        _ = try? adb.run(["shell", "rm", "-f", file])
        let top = try adb.run(["shell", "dumpsys", "activity", "top"]).output
        guard DumpImporter.detect(top) == .dumpsys else {
            throw DeviceError("adb: uiautomator dump failed (\(failure)) and dumpsys activity top printed no View Hierarchy block")
        }
        notes.append("uiautomator dump failed (\(failure)); the hierarchy is dumpsys activity top's View Hierarchy block (no text, no content descriptions)")
        return (top, "activity-top.txt", .dumpsys, "dumpsys activity top")
    }

    /// The resumed activity, else the focused window's app; nil when neither names one.
    private func foregroundApp() throws(DeviceError) -> ForegroundApp? {
        if let app = ForegroundApp.fromActivities(try adb.shell(["dumpsys", "activity", "activities"])) { return app }
        return ForegroundApp.fromWindows(try adb.shell(["dumpsys", "window"]))
    }
}
