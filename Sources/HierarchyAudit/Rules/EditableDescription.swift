import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's EditableContentDescCheck: an EditText does not carry a content description (Android only).
    public static let editableDescription = AuditRule(
        "editable-description", severity: .error,
        summary: "An editable text field has no content description: the screen reader speaks its text or hint instead.",
        reference: "ATF EditableContentDescCheck", onlyOn: .android,
        check: { $0.editableDescription() })
}

extension RuleContext {
    fileprivate mutating func editableDescription() {
        for i in order {
            let name = e.names[i]
            guard name.has("edittext") || name.has("autocompletetextview") || e.tree.nodes[i].attributes["editable"] == "true" else { continue }
            judged(.editableDescription, i)
            guard let description = e.description[i] else { continue }
            report(.editableDescription, i, values: [.string("description", description)],
                   message: "an editable field with the content description \"\(Self.shortened(description))\": TalkBack speaks it instead of the field's text; use a hint or a label")
        }
    }
}
