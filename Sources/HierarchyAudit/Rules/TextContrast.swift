import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's TextContrastCheck on the screenshot: 4.5, 3.0 for large text; a dump gives no text
    /// size, so, as ATF does then, under 3.0 is "not sufficient" and 3.0 to 4.5 "borderline".
    public static let textContrast: AuditRule = .contrast(
        "text-contrast", summary: "Text stands out from its background: a contrast ratio of 4.5 (3.0 for large text).",
        reference: "ATF TextContrastCheck; WCAG 2.x 1.4.3", rule: { .textContrast },
        of: AuditElements.isTextContrastSubject, needs: "at least 3.0 even for large text, 4.5 for other text", borderline: true)
}

extension AuditElements {
    /// Text views with text (or a hint; on iOS a label); not images or switches. On the web, the
    /// texts and the fields (a button's or a link's words are a text of their own below it).
    fileprivate static func isTextContrastSubject(_ e: AuditElements, _ i: Int) -> Bool {
        if e.platform == .web { return (e.roles[i] == .text || e.roles[i] == .input) && (e.text[i] != nil || e.hint[i] != nil) }
        let name = e.names[i]
        guard e.text[i] != nil || e.hint[i] != nil || (e.platform == .iOS && e.description[i] != nil) else { return false }
        if name.has("image") || name.has("switch") { return false }
        switch e.roles[i] {
        case .text, .input, .button, .toggle: return true
        default: return false
        }
    }
}
