import HierarchyFormats
import HierarchyModel

/// `hierarchy diff --format json`: what changed between two captures, version 1.
///
/// `{"version": 1, "added": [{"id", "class", "subtree"}…], "removed": [{"id", "class", "subtree"}…],
/// "changed": [{"before", "after", "class", "changes": [words…]}…], "unchanged": N}`. Ids are each
/// capture's own; added and removed name only the top view of each subtree that came or went, with
/// the number of views in it. One entry a line, in the captures' painter's order. A view read
/// from a dump names its lines: `"source": {"line", "endLine"}` (added, removed), `"beforeSource"`
/// and `"afterSource"` (changed); a capture's view says nothing.
public enum DiffDocument {
    public static func encode(_ diff: TreeDiff) -> String {
        var lines = ["{", "  \"version\": 1,"]
        lines += list("added", diff.added.map(subtree))
        lines += list("removed", diff.removed.map(subtree))
        lines += list("changed", diff.changed.map(changed))
        lines += ["  \"unchanged\": \(diff.unchanged)", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func list(_ key: String, _ items: [String]) -> [String] {
        guard !items.isEmpty else { return ["  \"\(key)\": [],"] }
        return ["  \"\(key)\": ["] + items.enumerated().map { "    " + $1 + ($0 < items.count - 1 ? "," : "") } + ["  ],"]
    }

    private static func subtree(_ s: TreeDiff.Subtree) -> String {
        "{\"id\": \(JSONText.string(s.id)), \"class\": \(JSONText.string(s.className)), \"subtree\": \(s.count)"
            + source("source", s.source) + "}"
    }

    /// `, "key": {"line": L, "endLine": E}`, or nothing for a view with no lines.
    private static func source(_ key: String, _ span: SourceSpan?) -> String {
        span.map { ", \"\(key)\": {\"line\": \($0.line), \"endLine\": \($0.endLine)}" } ?? ""
    }

    private static func changed(_ c: TreeDiff.Changed) -> String {
        let words = c.changes.map { JSONText.string($0.rawValue) }.joined(separator: ", ")
        return "{\"before\": \(JSONText.string(c.beforeID)), \"after\": \(JSONText.string(c.afterID)), "
            + "\"class\": \(JSONText.string(c.className)), \"changes\": [\(words)]"
            + source("beforeSource", c.beforeSource) + source("afterSource", c.afterSource) + "}"
    }
}
