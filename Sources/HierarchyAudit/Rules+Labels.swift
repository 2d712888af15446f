import HierarchyLayout
import HierarchyModel

extension RuleContext {
    /// ATF's SpeakableTextPresentCheck: a view the screen reader focuses has something to say.
    mutating func missingLabel() {
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

    /// ATF's DuplicateSpeakableTextCheck: one finding per text that several focused views speak,
    /// on the first clickable one (a warning), else on the first of them (information).
    mutating func duplicateLabel() {
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

    /// ATF's DuplicateClickableBoundsCheck: clickable views with the same bounds and actions; one
    /// finding per group, on its first view.
    mutating func duplicateBounds() {
        struct Key: Hashable { var x, y, w, h: Int64; var click, long: Bool }
        var groups: [Key: [Int]] = [:]
        var firstSeen: [Key] = []
        for i in order where e.isVisible(i) && e.interactive[i] {
            judged(.duplicateBounds, i)
            let f = e.frame(i)
            func q(_ v: Double) -> Int64 { Int64((v * 1000).rounded()) }
            let key = Key(x: q(f.x), y: q(f.y), w: q(f.width), h: q(f.height),
                          click: e.platform == .android ? e.clickable[i] : true, long: e.longClickable[i])
            if groups[key] == nil { firstSeen.append(key) }
            groups[key, default: []].append(i)
        }
        for key in firstSeen {
            let views = groups[key]!
            guard views.count > 1 else { continue }
            let others = Array(views.dropFirst())
            let f = e.frame(views[0])
            report(.duplicateBounds, views[0], values: [.number("others", Double(others.count))],
                   message: "\(others.count) other clickable \(others.count == 1 ? "view has" : "views have") the same bounds \(Self.number(f.x)),\(Self.number(f.y)) \(Self.number(f.width))×\(Self.number(f.height)): \(others.prefix(3).map { describe($0) }.joined(separator: ", "))",
                   related: others)
        }
    }

    /// ATF's word list (English): the type, state and action words a screen reader adds itself.
    static let redundantWords = ["button", "checkbox", "check box", "checked", "unchecked", "selected", "unselected", "click", "swipe", "tap"]

    /// ATF's RedundantDescriptionCheck: one finding per view, naming every word found.
    mutating func redundantDescription() {
        for i in order where e.isVisible(i) {
            guard let description = e.description[i] else { continue }
            judged(.redundantDescription, i)
            let words = Self.redundantWords.filter { Self.containsWord(description, $0) }
            guard !words.isEmpty else { continue }
            let what = e.platform == .android ? "content description" : "label"
            report(.redundantDescription, i, values: [.string("description", description), AuditValue("words", .strings(words))],
                   message: "its \(what) \"\(Self.shortened(description))\" says \(words.map { "\"\($0)\"" }.joined(separator: ", ")), which the screen reader announces itself")
        }
    }

    /// Whether `word` appears in `text` between word boundaries (Java's `\b`), ignoring case.
    static func containsWord(_ text: String, _ word: String) -> Bool {
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

    /// ATF's EditableContentDescCheck: an EditText does not carry a content description.
    mutating func editableDescription() {
        for i in order {
            let name = e.names[i]
            guard name.has("edittext") || name.has("autocompletetextview") || e.tree.nodes[i].attributes["editable"] == "true" else { continue }
            judged(.editableDescription, i)
            guard let description = e.description[i] else { continue }
            report(.editableDescription, i, values: [.string("description", description)],
                   message: "an editable field with the content description \"\(Self.shortened(description))\": TalkBack speaks it instead of the field's text; use a hint or a label")
        }
    }

    /// axe's ImageViewName: an image that is drawn has a description. On iOS only images that
    /// are accessibility elements (Appium's `accessible`) are judged.
    mutating func imageLabel() {
        for i in order where e.isVisible(i) {
            let node = e.tree.nodes[i]
            let name = e.names[i]
            if e.platform == .android {
                guard name.has("imageview") || name.has("imagebutton") else { continue }
            } else {
                guard e.roles[i] == .image, node.attributes["accessible"] == "true" || !AuditElements.isAppium(node) && e.focused[i] else { continue }
            }
            judged(.imageLabel, i)
            guard e.description[i] == nil else { continue }
            let what = e.platform == .android ? "content description" : "accessibility label"
            report(.imageLabel, i, values: [], message: "an image with no \(what) (mark it unimportant for accessibility if it is decorative)")
        }
    }
}
