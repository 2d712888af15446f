import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// A rendering compared with its golden: the pixels with a perceptual tolerance (`ImageComparison`,
/// as `hierarchy diff` compares snapshots) and, when both keep their trees, the views that moved
/// or changed (`TreeDiff`, as `hierarchy diff` finds them). What `hierarchy render --expect` and
/// the snapshot strategy both report.
public struct GoldenComparison: Sendable {
    public var expectedSize: PixelSize
    public var actualSize: PixelSize
    public var pixels: ImageComparison
    /// What changed between the golden's tree and the rendered one; nil when either has none.
    public var diff: TreeDiff?
    public var expectedTree: ViewTree?
    public var actualTree: ViewTree?

    /// Whether a change of the views (any `TreeDiff` finds: a view moved by more than half a
    /// point, hidden, added…) fails the comparison even when the pixels are within the tolerance.
    public var treeChangesFail: Bool

    /// Whether the rendering matches: the same size, the pixels within the tolerance and, when
    /// `treeChangesFail` and both keep their trees, no view moved or changed.
    public var matches: Bool {
        expectedSize == actualSize && !pixels.differs && !(treeChangesFail && !(diff?.isEmpty ?? true))
    }

    /// - Parameter treeChangesFail: a small view moved by 2 points changes few pixels of a whole
    ///   exploded picture (often fewer than the tolerance allows), but its golden says it moved.
    public init(expected: Golden, actual: Golden, tolerance: PixelTolerance = .noticeable, treeChangesFail: Bool = true,
                diffOptions: DiffOptions = DiffOptions()) {
        expectedSize = PixelSize(width: expected.image.width, height: expected.image.height)
        actualSize = PixelSize(width: actual.image.width, height: actual.image.height)
        pixels = ImageComparison(expected.image, actual.image, tolerance: tolerance, picture: true)
        (expectedTree, actualTree, self.treeChangesFail) = (expected.tree, actual.tree, treeChangesFail)
        if let before = expected.tree, let after = actual.tree {
            diff = TreeDiff.compute(before, after, options: diffOptions)
        }
    }

    /// Where the pictures differ: the rendering faded to grey, differing pixels in magenta.
    public var difference: RGBAImage? { pixels.difference }

    /// One line: whether it matches, how many pixels differ, and the views that changed.
    public var summary: String {
        let share = GoldenComparison.percent(pixels.differingShare), allowed = GoldenComparison.percent(pixels.tolerance.share)
        if matches { return "matches the golden (\(share) of pixels differ, \(allowed) allowed)" }
        var line = expectedSize != actualSize
            ? "does not match the golden: the picture is \(actualSize.width)×\(actualSize.height), the golden \(expectedSize.width)×\(expectedSize.height)"
            : "does not match the golden: \(share) of pixels differ (\(pixels.differing) of \(pixels.width * pixels.height); \(allowed) allowed, each channel within \(pixels.tolerance.channel))"
        if expectedSize == actualSize && !pixels.differs { line = "does not match the golden: the views changed (\(share) of pixels differ, \(allowed) allowed)" }
        line += "; " + views
        return line
    }

    /// The views that changed, as `hierarchy diff` finds them, on one line.
    public var views: String {
        guard let diff, let before = expectedTree, let after = actualTree else {
            return expectedTree == nil ? "the golden keeps no view tree to name the views that changed (record it again)" : "no view tree to compare"
        }
        if diff.isEmpty { return "no view moved or changed its properties (\(diff.unchanged) views): their pictures differ" }
        var parts: [String] = []
        for c in diff.changed { parts.append("\(GoldenComparison.label(after, c.after)) \(c.changes.map(\.rawValue).joined(separator: ", "))") }
        for s in diff.removed { parts.append("\(GoldenComparison.label(before, s.node)) removed" + (s.count > 1 ? " (\(s.count) views)" : "")) }
        for s in diff.added { parts.append("\(GoldenComparison.label(after, s.node)) added" + (s.count > 1 ? " (\(s.count) views)" : "")) }
        let shown = parts.prefix(8).joined(separator: "; ")
        return "changed: " + shown + (parts.count > 8 ? "; and \(parts.count - 8) more" : "")
    }

    /// `CLASS id "name"`.
    static func label(_ tree: ViewTree, _ index: Int) -> String {
        let node = tree[index]
        let said = (node.name ?? node.text).map { $0.split(whereSeparator: \.isNewline).first.map(String.init) ?? "" }
        return "\(node.className) \(node.id)" + (said.map { " \"\($0.count > 30 ? String($0.prefix(29)) + "…" : $0)\"" } ?? "")
    }

    static func percent(_ share: Double) -> String {
        let p = share * 100
        if p == 0 { return "0%" }
        if p < 0.01 { return "<0.01%" }
        let rounded = (p * 100).rounded() / 100
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }
}
