import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's SpeakableTextPresentCheck: a view the screen reader focuses has something to say.
    public static let missingLabel = AuditRule(
        "missing-label", severity: .error,
        summary: "Every element a screen reader focuses has something to speak: a content description or label, its text, or the text of the views it groups.",
        reference: "ATF SpeakableTextPresentCheck; Apple sufficientElementDescription",
        check: { $0.missingLabel() })
}

extension RuleContext {
    fileprivate mutating func missingLabel() {
        for i in order where e.focused[i] {
            // A web view without subviews speaks its page's content, which the dump does not hold.
            if e.roles[i] == .web && e.tree.nodes[i].children.isEmpty { continue }
            judged(.missingLabel, i)
            guard e.speakable[i].trimmingWhitespace.isEmpty else { continue }
            let what = e.platform == .android ? "no content description, text or hint, nor text in the views it groups"
                : "no accessibility label"
            report(.missingLabel, i, values: [], message: "a screen reader focuses it but it has \(what)")
        }
    }
}
