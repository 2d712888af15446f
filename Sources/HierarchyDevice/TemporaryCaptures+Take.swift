import Foundation
import HierarchyImaging
import HierarchyModel

extension TemporaryCaptures {
    /// A live input (`adb:[SERIAL]`, `webdriver:URL`) taken now into a new folder of these, written
    /// as a capture folder: the paths of its tree.json and screenshot.png, and what the device or
    /// server said (raw: the caller escapes it before printing).
    public func take(
        _ source: DeviceSource, options: DeviceSource.Options = DeviceSource.Options(), clock: CaptureClock = .system
    ) throws -> (tree: String, screenshot: String, notes: [String]) {
        let folder = try folder()
        let screen = try source.connect(options).take(now: clock.now())
        try CaptureFolder.write(screen, to: folder, rule: OutputRule(replace: true))
        return (folder + "/" + CaptureFolder.tree, folder + "/" + CaptureFolder.screenshot, screen.notes)
    }
}
