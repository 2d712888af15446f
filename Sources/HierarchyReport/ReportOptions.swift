import Foundation
import HierarchyImaging
import HierarchyScreen

/// How a report is made.
public struct ReportOptions: Sendable {
    /// The largest texture side of the viewers: smaller than `export`'s, as a report holds many
    /// screens (a phone screen's viewer sits in a panel beside its details; with 1024 the page of
    /// `hierarchy-bench report`'s 100 screens was 37.1 MB, with 768 and 200-px thumbnails 33.2 MB).
    public static let defaultMaxTextureSize = 768

    /// How captures are read (the format, density, outside paths, holes) and laid out; each
    /// screen's screenshot is its own.
    public var screen: ScreenOptions = {
        var screen = ScreenOptions()
        screen.layout.maxTextureSize = ReportOptions.defaultMaxTextureSize
        return screen
    }()
    /// What each screen shows: the exploded thumbnail's camera and the viewers' first view, how
    /// views are paired with the baseline's, the audit of each screen (as `hierarchy audit` runs
    /// it; nil without `--audit`), the thumbnails' height (the front view as wide as the screen's
    /// aspect asks, the exploded one as `render`'s default picture, 4:3), and the PNG compression
    /// of the viewers' textures and the thumbnails. Each texture is encoded once for all the
    /// screens that show it, so the page can afford better than `.fast`: `hierarchy-bench
    /// report`'s page was 33.3 MB with `.fast`, 20.7 MB with `.small` and 21.3 MB with
    /// `.balanced` (the default), which took 3.6 s less CPU than `.small` (17 s in all).
    public var presentation = PresentationRequest()
    /// With `--junit-in`: the run's failed tests; each screen a test saved (`FailedTest.saved`)
    /// gets the answer of the locator its failure names.
    public var failedTests: [FailedTest] = []
    /// Files the run reads besides its folders and baseline (the JUnit report), which no output may replace.
    public var otherInputs: [String] = []
    /// Screens reported at once (each also spreads its textures over all cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var shard = Shard.whole
    /// The page's title.
    public var title = "hierarchy report"

    public init() {}
}
