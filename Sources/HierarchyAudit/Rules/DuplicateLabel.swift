import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's DuplicateSpeakableTextCheck: one finding per text that several focused views speak,
    /// on the first clickable one (a warning), else on the first of them (information).
    public static let duplicateLabel = AuditRule(
        "duplicate-label", severity: .warning,
        summary: "Elements a screen reader focuses do not speak the same text, so that a person can tell them apart.",
        reference: "ATF DuplicateSpeakableTextCheck",
        check: { $0.duplicateLabel() })
}

extension RuleContext {
    fileprivate mutating func duplicateLabel() {
        var groups: [String: [Int]] = [:]
        var firstSeen: [String] = []
        for i in order where e.focused[i] {
            let said = String(e.speakable[i].trimmingWhitespace)
            guard !said.isEmpty else { continue }
            judged(.duplicateLabel, i)
            if groups[said] == nil { firstSeen.append(said) }
            groups[said, default: []].append(i)
        }
        for said in firstSeen {
            let views = groups[said]!
            guard views.count > 1 else { continue }
            let clickable = views.filter { e.platform == .android ? e.clickable[$0] : e.interactive[$0] }
            let culprit = clickable.first ?? views[0]
            let others = views.filter { $0 != culprit }
            report(.duplicateLabel, culprit, severity: clickable.isEmpty ? .info : .warning,
                   values: [.string("label", said), .number("others", Double(others.count))],
                   message: "\(others.count) other \(others.count == 1 ? "view speaks" : "views speak") the same \"\(Self.shortened(said))\"",
                   related: others)
        }
    }
}
