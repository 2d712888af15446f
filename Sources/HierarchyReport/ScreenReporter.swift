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

    /// A screen shown on its own: its thumbnails, its findings and its viewer.
    private func alone(_ row: ReportScreen, _ document: LoadedDocument, audited: Bool = true) throws -> ReportedScreen {
        let layout = try laidOut(document)
        var row = row
        if audited { row.findings = try findings(document, layout) }
        let textures = PlannedTextures(document.textures(for: layout))
        var screen = try thumbnails(row, document, layout, textures)
        screen.attach(try HTMLViewer.parts(for: layout, textures: textures, options: viewerOptions(document), textureText: Self.textureText))
        return screen
    }

    /// A screen of the run and its baseline: unchanged (its own viewer) or changed (the diff's viewer).
    private func compared(_ name: String, before: LoadedDocument, after: LoadedDocument) throws -> ReportedScreen {
        let beforeLayout = try laidOut(before), afterLayout = try laidOut(after)
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
        row.findings = try findings(after, afterLayout)
        let planned = PlannedCapture(after, textures: afterTextures)
        if diff.isEmpty {
            var screen = try thumbnails(row, after, afterLayout, planned.textures)
            screen.attach(try HTMLViewer.parts(for: afterLayout, textures: planned.textures, options: viewerOptions(after), textureText: Self.textureText))
            return screen
        }
        row.changes = try JSONValue.parse(Data(DiffDocument.encode(diff).utf8), file: after.file)
        var screen = try thumbnails(row, after, afterLayout, planned.textures)
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

    private func laidOut(_ document: LoadedDocument) throws(InputError) -> Layout {
        do {
            return try document.layout(options.layout)
        } catch {
            throw error.inFile(document.file)
        }
    }

    private func findings(_ document: LoadedDocument, _ layout: Layout) throws(InputError) -> [JSONValue]? {
        guard let audit = options.audit else { return nil }
        do {
            return try audit.findings(for: document, layout: layout)
        } catch {
            throw error.inFile(document.file)
        }
    }

    private func viewerOptions(_ document: LoadedDocument) -> HTMLViewerOptions {
        var page = HTMLExport.viewerOptions(options.render, document: document)
        page.title = (document.file as NSString).lastPathComponent
        page.compression = options.compression
        page.memo = encodings
        return page
    }

    /// The row with its front and exploded thumbnails.
    private func thumbnails(_ row: ReportScreen, _ document: LoadedDocument, _ layout: Layout, _ textures: some TextureProvider) throws -> ReportedScreen {
        let pictures = try ReportThumbnails.render(layout, textures: textures, camera: options.render, height: options.thumbnailHeight)
        let title = (document.file as NSString).lastPathComponent
        return ReportedScreen(block: ScreenBlock(
            row: row, title: title, front: Base64.encode(try PNG.encode(pictures.front, compression: options.compression)),
            exploded: Base64.encode(try PNG.encode(pictures.exploded, compression: options.compression))))
    }
}
