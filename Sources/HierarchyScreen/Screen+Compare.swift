import HierarchyCompare
import HierarchyDiff
import HierarchyExport
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyViewer

/// Two captures of a screen compared: what changed, and the verdict "no" when something did.
public struct ComparisonOutcome: Outcome {
    /// The comparison, which also draws its picture and page.
    public let comparison: CaptureComparison<LoadedDocument, LoadedDocument>

    /// What changed.
    public var diff: TreeDiff { comparison.diff }

    public var status: ExitStatus { diff.isEmpty ? .success : .no }

    /// The report `hierarchy diff` prints: one line per change.
    public var text: String { DiffText.render(diff, before: comparison.before.tree, after: comparison.after.tree) }

    /// The diff's JSON document (docs/diff.md).
    public var json: String { DiffDocument.encode(diff) }

    /// The picture of the changes: the exploded AFTER stack through `camera`, changes marked.
    public func writePicture(to path: String, camera: RenderOptions, rule: OutputRule) throws {
        try comparison.writePicture(to: path, options: camera, rule: rule)
    }

    /// The viewer with a Before/After switch and the changes listed, first seen through `camera`.
    public func writePage(to path: String, camera: RenderOptions, rule: OutputRule) throws {
        var page = HTMLExport.viewerOptions(camera, document: comparison.after)
        page.title = "diff " + page.title
        try comparison.writePage(to: path, options: page, rule: rule)
    }
}

extension Screen {
    /// This screen (the one before) compared with `after`, laid out with the same options: the
    /// views paired as `matching` says, the paired views' pictures compared, what changed.
    /// - Throws: `InputError` for a snapshot that cannot be read.
    public func compare(with after: Screen, matching: DiffOptions.Matching = .auto) throws(InputError) -> ComparisonOutcome {
        ComparisonOutcome(comparison: try CaptureComparison(
            before: document, after: after.document, beforeLayout: layout, afterLayout: after.layout, matching: matching))
    }
}
