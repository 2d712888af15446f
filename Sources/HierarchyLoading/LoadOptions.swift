import HierarchyImport
import HierarchyImaging

/// How a document is read.
public struct LoadOptions: Hashable, Sendable {
    /// Allows snapshot paths that are absolute or lead out of the document's folder.
    public var allowOutsidePaths: Bool
    /// The dump format, when not detected from the content.
    public var format: DumpFormat?
    public var importOptions: ImportOptions
    /// A PNG of the screen to cut into the layers' textures.
    public var screenshot: String?
    /// What the screenshot's slices show where views in front covered them.
    public var holes: ScreenshotSlicer.Holes
    /// The screenshot's pixels when the caller has decoded that file already (a baseline's screen
    /// whose screenshot has the run's bytes): it is then not decoded again.
    public var screenshotPixels: RGBAImage?

    public init(allowOutsidePaths: Bool = false, format: DumpFormat? = nil, importOptions: ImportOptions = ImportOptions(),
                screenshot: String? = nil, holes: ScreenshotSlicer.Holes = .fill) {
        self.allowOutsidePaths = allowOutsidePaths
        self.format = format
        self.importOptions = importOptions
        self.screenshot = screenshot
        self.holes = holes
    }
}
