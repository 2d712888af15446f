import HierarchyCompare
import HierarchyDiff
import HierarchyLoading
import HierarchyModel

/// Two captures of a screen compared: what changed, and the verdict "no" when something did.
public struct ComparisonOutcome: Outcome {
    /// The comparison, which also draws its picture and page.
    public let comparison: CaptureComparison<LoadedDocument, LoadedDocument>

    /// What changed.
    public var diff: TreeDiff { comparison.diff }

    public var status: ExitStatus { diff.isEmpty ? .success : .no }
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
