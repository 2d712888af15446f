import HierarchyDevice
import HierarchyImaging

/// What `hierarchy serve` shows: a device (`adb:`, `adb:SERIAL`), a WebDriver session
/// (`webdriver:URL`), or a folder of screens (a capture folder, a capture run, any folder of
/// captures and dumps), whose newest screen is shown and which is watched for new ones.
public enum ServeInput: Hashable, Sendable {
    case device(DeviceSource)
    case folder(String)

    /// The input `text` names.
    /// - Throws: `DeviceError` (exit status 2) for anything else: a file, a missing path.
    public static func parse(_ text: String) throws(DeviceError) -> ServeInput {
        if let source = DeviceSource.parse(input: text) { return .device(source) }
        if FileSystem.isFolder(text) { return .folder(text) }
        let what = FileSystem.exists(text) ? "a file" : "not found"
        throw DeviceError("\(text): \(what); serve shows a device (adb:[SERIAL]), a session (webdriver:URL) or a folder of screens")
    }

    /// The input as messages and the page name it.
    public var shown: String {
        switch self {
        case .device(let source): source.shown
        case .folder(let path): path
        }
    }
}
