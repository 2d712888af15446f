import HierarchyModel

/// `hierarchy diff --format text`: one line per view that went (-), came (+) or changed (~), like
/// `git diff --stat`, then a summary line.
///
/// ```
/// - UITableViewCell 0.0.3.2 "Wi-Fi"   (4 views)
/// + UILabel banner "Offline"          (1 view)
/// ~ UIButton edit "Edit"              moved, resized
/// 1 changed, 1 added (1 view), 1 removed (4 views), 80 unchanged
/// ```
public enum DiffText {
    public static func render(_ diff: TreeDiff, before: ViewTree, after: ViewTree) -> String {
        var rows: [(String, String)] = []
        for s in diff.removed { rows.append(("- " + label(before, s.node, id: s.id), "(" + views(s.count) + ")" + at(s.source))) }
        for s in diff.added { rows.append(("+ " + label(after, s.node, id: s.id), "(" + views(s.count) + ")" + at(s.source))) }
        for c in diff.changed {
            let id = c.beforeID == c.afterID ? c.afterID : "\(c.beforeID) → \(c.afterID)"
            rows.append(("~ " + label(after, c.after, id: id), c.changes.map(\.rawValue).joined(separator: ", ") + at(c.afterSource)))
        }
        let width = min(60, rows.map(\.0.count).max() ?? 0)
        let lines = rows.map { left, right in left.padding(toLength: max(width, left.count), withPad: " ", startingAt: 0) + "  " + right }
        return (lines + [summary(diff)]).joined(separator: "\n") + "\n"
    }

    /// `3 changed, 1 added (1 view), 1 removed (4 views), 80 unchanged`, or `no changes (84 views)`.
    public static func summary(_ diff: TreeDiff) -> String {
        if diff.isEmpty { return "no changes (\(views(diff.unchanged)))" }
        var parts = ["\(diff.changed.count) changed"]
        let added = diff.added.reduce(0) { $0 + $1.count }, removed = diff.removed.reduce(0) { $0 + $1.count }
        parts.append("\(diff.added.count) added (\(views(added)))")
        parts.append("\(diff.removed.count) removed (\(views(removed)))")
        parts.append("\(diff.unchanged) unchanged")
        return parts.joined(separator: ", ")
    }

    /// `CLASS id "name"`: the name or text, when there is one, says which view it is to a reader;
    /// on one line whatever the input's text holds.
    private static func label(_ tree: ViewTree, _ index: Int, id: String) -> String {
        let node = tree[index]
        let said = node.name ?? node.text
        return TerminalText.line("\(node.className) \(id)" + (said.map { " \"\(short($0))\"" } ?? ""))
    }

    private static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 30 ? String(line.prefix(29)) + "…" : line
    }

    private static func views(_ n: Int) -> String { n == 1 ? "1 view" : "\(n) views" }

    /// `  line 12` (the line of the capture the view is in: BEFORE's for a removed view, AFTER's
    /// otherwise), or nothing for a capture's view.
    private static func at(_ span: SourceSpan?) -> String { span.map { "  \($0.text)" } ?? "" }
}
