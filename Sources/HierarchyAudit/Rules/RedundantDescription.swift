import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's RedundantDescriptionCheck: one finding per view, naming every word found.
    public static let redundantDescription = AuditRule(
        "redundant-description", severity: .warning,
        summary: "A content description does not name the element's type, state or action (button, checked, tap…), which the screen reader adds itself.",
        reference: "ATF RedundantDescriptionCheck",
        check: { $0.redundantDescription() })
}

extension RuleContext {
    /// ATF's word list (English): the type, state and action words a screen reader adds itself.
    private static let redundantWords = ["button", "checkbox", "check box", "checked", "unchecked", "selected", "unselected", "click", "swipe", "tap"]

    fileprivate mutating func redundantDescription() {
        for i in order where e.isVisible(i) {
            guard let description = e.description[i] else { continue }
            judged(.redundantDescription, i)
            let words = Self.redundantWords.filter { Self.containsWord(description, $0) }
            guard !words.isEmpty else { continue }
            let what = e.platform == .android ? "content description" : e.platform == .web ? "accessible name" : "label"
            report(.redundantDescription, i, values: [.string("description", description), AuditValue("words", .strings(words))],
                   message: "its \(what) \"\(Self.shortened(description))\" says \(words.map { "\"\($0)\"" }.joined(separator: ", ")), which the screen reader announces itself")
        }
    }

    /// Whether `word` appears in `text` between word boundaries (Java's `\b`), ignoring case.
    private static func containsWord(_ text: String, _ word: String) -> Bool {
        let haystack = Array(text.lowercased().unicodeScalars), needle = Array(word.lowercased().unicodeScalars)
        guard needle.count <= haystack.count else { return false }
        func isWordCharacter(_ s: Unicode.Scalar) -> Bool { s == "_" || s.properties.isAlphabetic || s.properties.numericType != nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            let before = start == 0 || !isWordCharacter(haystack[start - 1])
            let end = start + needle.count
            let after = end == haystack.count || !isWordCharacter(haystack[end])
            if before && after { return true }
        }
        return false
    }
}
