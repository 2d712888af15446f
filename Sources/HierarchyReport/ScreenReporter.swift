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
            return try compared(name, before: try load(before), after: try load(current))
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

    /// Reads a capture with its screenshot.
    func load(_ source: ScreenSource) throws(InputError) -> LoadedDocument {
        var load = options.load
        load.screenshot = source.screenshot
        return try LoadedDocument.load(source.capture, options: load)
    }

    /// A screen shown on its own: its thumbnails, its findings and its viewer.
    private func alone(_ row: ReportScreen, _ document: LoadedDocument, audited: Bool = true) throws -> ReportedScreen {
        let layout = try laidOut(document)
        var row = row
        if audited { row.findings = try findings(document, layout) }
        var screen = try thumbnails(row, document, layout)
        screen.attach(try HTMLViewer.parts(for: layout, textures: document.textures(for: layout), options: viewerOptions(document), textureText: Self.textureText))
        return screen
    }

    /// A screen of the run and its baseline: unchanged (its own viewer) or changed (the diff's viewer).
    private func compared(_ name: String, before: LoadedDocument, after: LoadedDocument) throws -> ReportedScreen {
        let beforeLayout = try laidOut(before), afterLayout = try laidOut(after)
        let comparison = try CaptureComparison(before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                                               matching: options.matching)
        let diff = comparison.diff
        var row = ReportScreen(name: name, status: diff.isEmpty ? .unchanged : .changed)
        row.findings = try findings(after, afterLayout)
        if diff.isEmpty {
            var screen = try thumbnails(row, after, afterLayout)
            screen.attach(try HTMLViewer.parts(for: afterLayout, textures: after.textures(for: afterLayout), options: viewerOptions(after), textureText: Self.textureText))
            return screen
        }
        row.changes = try JSONValue.parse(Data(DiffDocument.encode(diff).utf8), file: after.file)
        var screen = try thumbnails(row, after, afterLayout)
        var page = viewerOptions(after)
        page.title = "diff " + page.title
        screen.attach(try comparison.pageParts(options: page, textureText: Self.textureText))
        return screen
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
        return page
    }

    /// The row with its front and exploded thumbnails.
    private func thumbnails(_ row: ReportScreen, _ document: LoadedDocument, _ layout: Layout) throws -> ReportedScreen {
        let pictures = try ReportThumbnails.render(layout, textures: document.textures(for: layout), camera: options.render, height: options.thumbnailHeight)
        let title = (document.file as NSString).lastPathComponent
        return ReportedScreen(block: ScreenBlock(
            row: row, title: title, front: Base64.encode(try PNG.encode(pictures.front, compression: .small)),
            exploded: Base64.encode(try PNG.encode(pictures.exploded, compression: .small))))
    }
}
