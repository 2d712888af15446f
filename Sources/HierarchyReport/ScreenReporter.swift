import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchySource

/// Where the baseline's side of a pair comes from: a capture of an earlier run's folder, or a row
/// of an earlier report's JSON (which has no tree to compare with).
public enum BaselineItem: Hashable, Sendable {
    case capture(ScreenSource)
    case row(ReportScreen)

    public var name: String {
        switch self {
        case .capture(let source): source.name
        case .row(let row): row.name
        }
    }
}

/// Reports one screen: reads its capture (and its baseline's), compares them, audits it, draws its
/// thumbnails and makes its viewer. Nothing it meets is thrown: a screen that cannot be read
/// becomes an error row with the one line that says why.
public struct ScreenReporter: Sendable {
    public var options: ReportOptions
    /// Whether the run has a baseline (a screen without a pair is then `added`, not `captured`).
    public var hasBaseline: Bool
    /// What the screens share: regions of their screenshots filled, textures encoded.
    let fills = ScreenshotSlicer.FillMemo()
    let encodings = PNGMemo()

    public init(options: ReportOptions, hasBaseline: Bool) {
        self.options = options
        self.hasBaseline = hasBaseline
    }

    /// The screen `name`: the run's capture, the baseline's item, either possibly absent.
    public func report(_ name: String, current: ScreenSource?, baseline: BaselineItem?) -> ReportedScreen {
        do {
            return try reportOrThrow(name, current: current, baseline: baseline)
        } catch let error as InputError {
            return .row(ReportScreen(name: name, status: .error, error: error.description))
        } catch {
            return .row(ReportScreen(name: name, status: .error, error: "\(error)"))
        }
    }

    private func reportOrThrow(_ name: String, current: ScreenSource?, baseline: BaselineItem?) throws -> ReportedScreen {
        switch (current, baseline) {
        case (let current?, .capture(let before)?):
            let before = try load(before)
            return try compared(name, before: before, after: try load(current, sameScreenshotAs: before))
        case (let current?, let row):
            let document = try load(current)
            // An earlier report's row: only whether the screen is new can be told.
            let status: ReportScreen.Status = row == nil ? (hasBaseline ? .added : .captured) : .unchanged
            return try alone(ReportScreen(name: name, status: status), document)
        case (nil, .capture(let before)?):
            return try alone(ReportScreen(name: name, status: .removed), try load(before), audited: false)
        case (nil, .row?), (nil, nil):
            return .row(ReportScreen(name: name, status: .removed))
        }
    }

    /// Reads a capture with its screenshot; a screenshot with the same bytes as `other`'s is not
    /// decoded again (a baseline's screen that did not change).
    func load(_ source: ScreenSource, sameScreenshotAs other: LoadedDocument? = nil) throws(InputError) -> LoadedDocument {
        var load = options.load
        load.screenshot = source.screenshot
        if let mine = source.screenshot, let theirs = other?.screenshotFile, let image = other?.screenshot,
           let a = try? FileSystem.read(mine), let b = try? FileSystem.read(theirs), a == b {
            load.screenshotPixels = image
        }
        var document = try LoadedDocument.load(source.capture, options: load)
        document.fillMemo = fills
        return document
    }

    /// A screen shown on its own: its findings, and its thumbnails and viewer as `render` and
    /// `export` draw it (textures synthesized for a dump without pictures).
    private func alone(_ row: ReportScreen, _ document: LoadedDocument, audited: Bool = true) throws -> ReportedScreen {
        let screen = try Screen(document, options: screenOptions)
        var row = row
        if audited { row.findings = try findings(screen) }
        let shown = try screen.synthesized()
        let textures = PlannedTextures(shown.document.textures(for: shown.layout))
        var reported = try thumbnails(row, shown, textures)
        reported.attach(try HTMLViewer.parts(for: shown.layout, textures: textures, options: viewerOptions(shown.document), textureText: Self.textureText))
        return reported
    }

    /// A screen of the run and its baseline: unchanged (its own viewer) or changed (the diff's viewer).
    private func compared(_ name: String, before: LoadedDocument, after: LoadedDocument) throws -> ReportedScreen {
        let beforeScreen = try Screen(before, options: screenOptions), afterScreen = try Screen(after, options: screenOptions)
        let beforeLayout = beforeScreen.layout, afterLayout = afterScreen.layout
        let matching = TreeMatcher.match(before.tree, after.tree, options: DiffOptions(matching: options.matching))
        // Each side's textures made once (slicing a screenshot), for the comparison and the pictures;
        // BEFORE's not at all when its screen is AFTER's.
        let afterTextures = after.textures(for: afterLayout)
        var beforeTextures: LayerTextures?
        let differing: Set<Int>
        if let same = Self.sameScreenDiffering(before, after, beforeLayout, afterLayout, matching) {
            differing = same
        } else {
            let made = before.textures(for: beforeLayout)
            beforeTextures = made
            var content = ContentComparison(before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                                            beforeTextures: made, afterTextures: afterTextures)
            differing = try content.differingPairs(matching)
        }
        let diff = TreeDiff.compute(before.tree, after.tree, beforeLayout: beforeLayout, afterLayout: afterLayout,
                                    matching: matching, contentDiffers: { b, _ in differing.contains(b) })
        var row = ReportScreen(name: name, status: diff.isEmpty ? .unchanged : .changed)
        row.findings = try findings(afterScreen)
        let planned = PlannedCapture(after, textures: afterTextures)
        if diff.isEmpty {
            var screen = try thumbnails(row, afterScreen, planned.textures)
            screen.attach(try HTMLViewer.parts(for: afterLayout, textures: planned.textures, options: viewerOptions(after), textureText: Self.textureText))
            return screen
        }
        row.changes = try JSONValue.parse(Data(DiffDocument.encode(diff).utf8), file: after.file)
        var screen = try thumbnails(row, afterScreen, planned.textures)
        var page = viewerOptions(after)
        page.title = "diff " + page.title
        screen.attach(try DiffPage.parts(diff, before: PlannedCapture(before, textures: beforeTextures ?? before.textures(for: beforeLayout)), after: planned, beforeLayout: beforeLayout, afterLayout: afterLayout,
                                         options: page, textureText: Self.textureText))
        return screen
    }

    /// What `ContentComparison.differingPairs` finds, without slicing, when both captures have the
    /// same screenshot (pixels, scale, hole filling) and the same layout and every view is paired
    /// with itself: each pair's slices are then the same pixels, so only a view with a picture
    /// paired with one without differs. Nil when that does not hold.
    static func sameScreenDiffering(_ before: LoadedDocument, _ after: LoadedDocument, _ beforeLayout: Layout, _ afterLayout: Layout, _ matching: Matching) -> Set<Int>? {
        guard let b = before.screenshot, let a = after.screenshot, before.screenshotScale == after.screenshotScale, before.holes == after.holes,
              beforeLayout == afterLayout, b == a else { return nil }
        var differing: Set<Int> = []
        for (x, y) in matching.pairs {
            guard x == y else { return nil }
            if (before.tree[x].snapshot == nil) != (after.tree[y].snapshot == nil) { differing.insert(x) }
        }
        return differing
    }

    private static func textureText(_ png: [UInt8]) -> String { "\"" + TextureName.of(png) + "\"" }

    /// How every screen is read and laid out (each screen's screenshot is its own).
    private var screenOptions: ScreenOptions { ScreenOptions(reading: options.load, layout: options.layout) }

    /// The findings as the audit's JSON gives them, with `--audit`.
    private func findings(_ screen: Screen) throws(InputError) -> [JSONValue]? {
        guard let audit = options.audit else { return nil }
        return try screen.audit(audit).findingDocuments.map { (json) throws(InputError) in try JSONValue.parse(Data(json.utf8), file: screen.file) }
    }

    private func viewerOptions(_ document: LoadedDocument) -> HTMLViewerOptions {
        var page = HTMLExport.viewerOptions(options.render, document: document)
        page.title = (document.file as NSString).lastPathComponent
        page.compression = options.compression
        page.memo = encodings
        return page
    }

    /// The row with its front and exploded thumbnails (`Screen.thumbnails`): `render`'s
    /// straight-on and exploded pictures, made smaller; a dump without pictures synthesized as
    /// `render` draws it.
    private func thumbnails(_ row: ReportScreen, _ screen: Screen, _ textures: some TextureProvider) throws -> ReportedScreen {
        let pictures = screen.awaitsSynthesis
            ? try screen.synthesized().thumbnails(camera: options.render, height: options.thumbnailHeight)
            : try screen.thumbnails(camera: options.render, height: options.thumbnailHeight, textures: textures)
        let title = (screen.file as NSString).lastPathComponent
        return ReportedScreen(block: ScreenBlock(
            row: row, title: title, front: Base64.encode(try PNG.encode(pictures.front, compression: options.compression)),
            exploded: Base64.encode(try PNG.encode(pictures.exploded, compression: options.compression))))
    }
}
