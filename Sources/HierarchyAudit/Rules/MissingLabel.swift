import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's SpeakableTextPresentCheck: a view the screen reader focuses has something to say; on
    /// the web, a control has an accessible name (WCAG 2.2 SC 4.1.2).
    public static let missingLabel = AuditRule(
        "missing-label", severity: .error,
        summary: "Every element a screen reader focuses has something to speak: a content description or label, its text, or the text of the views it groups; on the web, every control an accessible name.",
        reference: "ATF SpeakableTextPresentCheck; Apple sufficientElementDescription; WCAG 2.2 SC 4.1.2 (axe button-name, link-name, label)",
        check: { $0.missingLabel() })
}

extension RuleContext {
    fileprivate mutating func missingLabel() {
        for i in order where e.focused[i] {
            // A web view without subviews speaks its page's content, which the dump does not hold.
            if e.roles[i] == .web && e.tree.nodes[i].children.isEmpty { continue }
            judged(.missingLabel, i)
            guard e.speakable[i].trimmingWhitespace.isEmpty else { continue }
            let what = switch e.platform {
            case .android: "no content description, text or hint, nor text in the views it groups"
            case .iOS: "no accessibility label"
            case .web: webNameHint(i)
            }
            report(.missingLabel, i, values: [], message: "a screen reader focuses it but it has \(what)")
        }
    }
}

extension RuleContext {
    /// What a web control lacks, and where its name would come from.
    fileprivate func webNameHint(_ i: Int) -> String {
        let node = e.tree.nodes[i]
        let role = WebElements.role(node)
        let said = role.isEmpty ? "<\(node.className)>" : "\(role) (<\(node.className)>)"
        switch node.className {
        case "input", "select", "textarea": return "no accessible name for its \(said): give it a <label>, aria-label or aria-labelledby"
        default: return "no accessible name for its \(said): give it text, aria-label or aria-labelledby"
        }
    }
}
