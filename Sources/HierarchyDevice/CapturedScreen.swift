import HierarchyImaging
import HierarchyImport
import HierarchyModel

/// A screen taken from a device or a session, in memory: the hierarchy as the tool gave it, the
/// screenshot's PNG, and where, when and how it was taken.
public struct CapturedScreen: Sendable {
    /// The hierarchy's bytes as the tool printed them (uiautomator XML, dumpsys text, page source).
    public var source: [UInt8]
    /// The name the raw hierarchy is kept under in the folder (`window_dump.xml`, `activity-top.txt`, `page-source.xml`, `page-dom.json`).
    public var sourceName: String
    public var format: DumpFormat
    /// The PNG bytes of the screenshot.
    public var screenshot: [UInt8]
    public var info: CaptureInfo
    /// What went another way than planned, one line each (a fallback, a density not found).
    public var notes: [String]
    /// The tree when it was read already (a web page's DOM, read to learn its density, its
    /// warnings in `notes`); nil: `source` is read by `format`'s importer.
    public var tree: ViewTree?

    public init(source: [UInt8], sourceName: String, format: DumpFormat, screenshot: [UInt8], info: CaptureInfo, notes: [String] = [], tree: ViewTree? = nil) {
        self.source = source
        self.sourceName = sourceName
        self.format = format
        self.screenshot = screenshot
        self.info = info
        self.notes = notes
        self.tree = tree
    }
}

extension CapturedScreen {
    /// Throws unless the screenshot decodes whole (signature, header, every row, the chunks to
    /// IEND) within `limits`: what `source` gave is then not written anywhere.
    public func checkScreenshot(from source: String, limits: ImageLimits = .default) throws(DeviceError) {
        do throws(InputError) {
            _ = try PNG.decode(screenshot, name: "screenshot", limits: limits)
        } catch {
            throw DeviceError("\(source): the screenshot is not a whole PNG within the limits (\(error.message)); nothing written")
        }
    }
}
