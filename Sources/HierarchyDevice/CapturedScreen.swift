import HierarchyImport
import HierarchyModel

/// A screen taken from a device or a session, in memory: the hierarchy as the tool gave it, the
/// screenshot's PNG, and where, when and how it was taken.
public struct CapturedScreen: Sendable {
    /// The hierarchy's bytes as the tool printed them (uiautomator XML, dumpsys text, page source).
    public var source: [UInt8]
    /// The name the raw hierarchy is kept under in the folder (`window_dump.xml`, `activity-top.txt`, `page-source.xml`).
    public var sourceName: String
    public var format: DumpFormat
    /// The PNG bytes of the screenshot.
    public var screenshot: [UInt8]
    public var info: CaptureInfo
    /// What went another way than planned, one line each (a fallback, a density not found).
    public var notes: [String]
    /// The tree when it is made here rather than read from `source` (a web page, whose HTML is
    /// not read yet: its screenshot as one view); nil: `source` is read by `format`'s importer.
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
