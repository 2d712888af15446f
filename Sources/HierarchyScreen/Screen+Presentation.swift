import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyExport
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyViewer

/// A screen as a report shows it: its two thumbnails, its viewer (or, against a baseline that
/// differs, the diff's page), its audit findings and what changed.
public struct ScreenPresentation: Sendable {
    /// nil for a screen shown alone; whether anything changed against the baseline otherwise.
    public var changed: Bool?
    /// The diff's JSON document when something changed (`hierarchy diff --format json`'s).
    public var changes: String?
    /// Each finding as the audit's JSON gives it, when the request audits.
    public var findings: [String]?
    /// The thumbnails, PNG-encoded: `render`'s straight-on and exploded pictures, made smaller.
    public var front: [UInt8]
    public var exploded: [UInt8]
    /// The viewer's data, its textures named by `TextureName`, and those textures' PNGs.
    public var viewer: String
    public var textures: [[UInt8]]
}

/// What a presentation draws and checks.
public struct PresentationRequest: Sendable {
    /// The exploded thumbnail's camera and the viewer's first view.
    public var camera = RenderOptions()
    /// How views are paired with the baseline's.
    public var matching: DiffOptions.Matching = .auto
    /// The audit of each screen, as `hierarchy audit` runs it; nil for none.
    public var audit: AuditRequest?
    /// The thumbnails' height in pixels.
    public var thumbnailHeight = 200
    /// The PNG compression of the viewer's textures and the thumbnails.
    public var compression = PNGCompression.balanced
    /// Whether each viewer carries the screen's XML for its search box's locators (`FindPage`):
    /// a report's always do; `hierarchy-bench report` leaves them out to measure what they cost.
    public var locators = true

    public init() {}
}

/// What the screens of one report share: regions of their screenshots filled, textures encoded.
/// One for all the screens of a run, used from several threads at once.
public final class PresentationMemo: Sendable {
    let fills = ScreenshotSlicer.FillMemo()
    let encodings = PNGMemo()

    public init() {}
}

extension Screen {
    /// Reads the capture at `path` with its own screenshot, sharing `memo`'s filled regions; a
    /// screenshot with the same bytes as `other`'s is not decoded again (a baseline's screen that
    /// did not change).
    /// - Throws: `InputError` naming the file of anything unreadable; `TextError` without fonts.
    public static func open(_ path: String, screenshot: String?, options: ScreenOptions, memo: PresentationMemo, sameScreenshotAs other: Screen? = nil) throws -> Screen {
        var reading = options.reading
        reading.screenshot = screenshot
        if let mine = screenshot, let theirs = other?.document.screenshotFile, let image = other?.document.screenshot,
           let a = try? FileSystem.read(mine, limit: .image), let b = try? FileSystem.read(theirs, limit: .image), a == b {
            reading.screenshotPixels = image
        }
        var document = try LoadedDocument.load(path, options: reading)
        document.fillMemo = memo.fills
        return try Screen(document, options: options)
    }

    /// This screen on its own: its findings (with `audited`), its thumbnails and its viewer as
    /// `render` and `export` draw it (textures synthesized for a dump without pictures).
    public func presented(_ request: PresentationRequest, memo: PresentationMemo, audited: Bool = true) throws -> ScreenPresentation {
        let findings = audited ? try findingDocuments(request) : nil
        let shown = try synthesized()
        let textures = PlannedTextures(shown.document.textures(for: shown.layout))
        let (front, exploded) = try shown.thumbnailPNGs(request, textures)
        let parts = try HTMLViewer.parts(for: shown.layout, textures: textures, options: shown.viewerOptions(request, memo),
                                         annotations: request.locators ? try locatorAnnotations() : nil, textureText: Self.textureText)
        return ScreenPresentation(changed: nil, changes: nil, findings: findings, front: front, exploded: exploded, viewer: parts.data, textures: parts.pngs)
    }

    /// This screen of the run against `before`, its baseline: its own viewer when nothing changed,
    /// the diff's page when something did; its findings either way.
    public func presented(against before: Screen, _ request: PresentationRequest, memo: PresentationMemo) throws -> ScreenPresentation {
        let after = self
        let matching = TreeMatcher.match(before.document.tree, after.document.tree, options: DiffOptions(matching: request.matching))
        // Each side's textures made once (slicing a screenshot), for the comparison and the pictures;
        // BEFORE's not at all when its screen is AFTER's.
        let afterTextures = after.document.textures(for: after.layout)
        var beforeTextures: LayerTextures?
        let differing: Set<Int>
        if let same = Self.sameScreenDiffering(before, after, matching) {
            differing = same
        } else {
            let made = before.document.textures(for: before.layout)
            beforeTextures = made
            var content = ContentComparison(before: before.document, after: after.document, beforeLayout: before.layout, afterLayout: after.layout,
                                            beforeTextures: made, afterTextures: afterTextures)
            differing = try content.differingPairs(matching)
        }
        let diff = TreeDiff.compute(before.document.tree, after.document.tree, beforeLayout: before.layout, afterLayout: after.layout,
                                    matching: matching, contentDiffers: { b, _ in differing.contains(b) })
        let findings = try findingDocuments(request)
        let planned = PlannedCapture(after.document, textures: afterTextures)
        let (front, exploded) = try after.thumbnailPNGs(request, planned.textures)
        let parts: HTMLViewerParts
        if diff.isEmpty {
            parts = try HTMLViewer.parts(for: after.layout, textures: planned.textures, options: viewerOptions(request, memo),
                                         annotations: request.locators ? try locatorAnnotations() : nil, textureText: Self.textureText)
        } else {
            var page = viewerOptions(request, memo)
            page.title = "diff " + page.title
            let beforeCapture = PlannedCapture(before.document, textures: beforeTextures ?? before.document.textures(for: before.layout))
            parts = try DiffPage.parts(diff, before: beforeCapture, after: planned, beforeLayout: before.layout, afterLayout: after.layout,
                                       options: page, textureText: Self.textureText)
        }
        return ScreenPresentation(changed: !diff.isEmpty, changes: diff.isEmpty ? nil : DiffDocument.encode(diff), findings: findings,
                                  front: front, exploded: exploded, viewer: parts.data, textures: parts.pngs)
    }

    /// What `ContentComparison.differingPairs` finds, without slicing, when both captures have the
    /// same screenshot (pixels, scale, hole filling) and the same layout and every view is paired
    /// with itself: each pair's slices are then the same pixels, so only a view with a picture
    /// paired with one without differs. Nil when that does not hold.
    static func sameScreenDiffering(_ before: Screen, _ after: Screen, _ matching: Matching) -> Set<Int>? {
        let b = before.document, a = after.document
        guard let bs = b.screenshot, let s = a.screenshot, b.screenshotScale == a.screenshotScale, b.holes == a.holes,
              before.layout == after.layout, bs == s else { return nil }
        var differing: Set<Int> = []
        for (x, y) in matching.pairs {
            guard x == y else { return nil }
            if (b.tree[x].snapshot == nil) != (a.tree[y].snapshot == nil) { differing.insert(x) }
        }
        return differing
    }

    private static func textureText(_ png: [UInt8]) -> String { "\"" + TextureName.of(png) + "\"" }

    /// The findings as the audit's JSON gives them, when `request` audits.
    private func findingDocuments(_ request: PresentationRequest) throws(InputError) -> [String]? {
        guard let audit = request.audit else { return nil }
        return try self.audit(audit).findingDocuments
    }

    private func viewerOptions(_ request: PresentationRequest, _ memo: PresentationMemo) -> HTMLViewerOptions {
        var page = HTMLExport.viewerOptions(request.camera, document: document)
        page.title = (file as NSString).lastPathComponent
        page.compression = request.compression
        page.memo = memo.encodings
        return page
    }

    /// The two thumbnails (`thumbnails(camera:height:)`), PNG-encoded; a dump without pictures
    /// synthesized as `render` draws it.
    private func thumbnailPNGs(_ request: PresentationRequest, _ textures: some TextureProvider) throws -> (front: [UInt8], exploded: [UInt8]) {
        let pictures = awaitsSynthesis
            ? try synthesized().thumbnails(camera: request.camera, height: request.thumbnailHeight)
            : try thumbnails(camera: request.camera, height: request.thumbnailHeight, textures: textures)
        return (try PNG.encode(pictures.front, compression: request.compression), try PNG.encode(pictures.exploded, compression: request.compression))
    }
}

extension Screen {
    /// The viewer page every screen's data is shown in (the report stores it once).
    public static var viewerTemplate: String { HTMLViewer.template }
}
