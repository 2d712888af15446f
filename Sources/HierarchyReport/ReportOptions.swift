import Foundation
import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyRender
import HierarchyScreen

/// How a report is made.
public struct ReportOptions: Sendable {
    /// The largest texture side of the viewers: smaller than `export`'s, as a report holds many
    /// screens (a phone screen's viewer sits in a panel beside its details; with 1024 the page of
    /// `hierarchy-bench report`'s 100 screens was 37.1 MB, with 768 and 200-px thumbnails 33.2 MB).
    public static let defaultMaxTextureSize = 768

    /// How captures are read (the format, density, outside paths, holes); each screen's screenshot is its own.
    public var load = LoadOptions()
    public var layout = LayoutOptions(maxTextureSize: ReportOptions.defaultMaxTextureSize)
    /// The exploded thumbnail's camera and the viewers' first view.
    public var render = RenderOptions()
    /// How views are paired with the baseline's.
    public var matching: DiffOptions.Matching = .auto
    /// The audit of each screen, as `hierarchy audit` runs it; nil without `--audit`.
    public var audit: AuditRequest?
    /// Screens reported at once (each also spreads its textures over all cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var shard = Shard.whole
    /// The thumbnails' height in pixels; the front view is as wide as the screen's aspect asks,
    /// the exploded one as `render`'s default picture (4:3).
    public var thumbnailHeight = 200
    /// The PNG compression of the viewers' textures and the thumbnails. Each texture is encoded
    /// once for all the screens that show it, so the page can afford better than `.fast`:
    /// `hierarchy-bench report`'s page was 33.3 MB with `.fast`, 20.7 MB with `.small` and
    /// 21.3 MB with `.balanced`, which took 3.6 s less CPU than `.small` (17 s in all).
    public var compression = PNGCompression.balanced
    /// The page's title.
    public var title = "hierarchy report"

    public init() {}
}
