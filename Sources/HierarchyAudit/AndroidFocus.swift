import HierarchyLayout
import HierarchyModel

/// ATF's account of what TalkBack focuses and speaks (`ViewHierarchyElementUtils`:
/// `shouldFocusView`, `isAccessibilityFocusable`, `isSpeakingView`, `getSpeakableTextForElement`),
/// worked out for every view without recursion: children before parents, then ancestors before
/// descendants. A dump does not say `importantForAccessibility`, so every view counts as important.
enum AndroidFocus {
    /// Whether each view gets the screen reader's focus, and what it speaks.
    static func resolve(_ e: AuditElements) -> (focused: [Bool], speakable: [String]) {
        let nodes = e.tree.nodes
        let order = e.tree.preorder()
        let count = nodes.count
        var speaking = [Bool](repeating: false, count: count)
        var focusable = [Bool](repeating: false, count: count)
        var spoken = [String](repeating: "", count: count)
        func clickOrFocus(_ i: Int) -> Bool { e.isVisible(i) && (e.clickable[i] || e.focusable[i] || e.longClickable[i]) }
        func hasText(_ i: Int) -> Bool { e.text[i] != nil || e.description[i] != nil || e.hint[i] != nil }
        for i in order.reversed() {
            let children = nodes[i].children
            let nonFocusableSpeakingChild = children.contains { c in e.isVisible(c) && !focusable[c] && speaking[c] }
            speaking[i] = hasText(i) || nodes[i].attributes["checkable"] == "true" || nonFocusableSpeakingChild
            focusable[i] = e.isVisible(i) && (clickOrFocus(i) || (childOfScrollable(i, e) && speaking[i]))
            spoken[i] = speakableText(i, e, spoken: spoken, clickOrFocus: clickOrFocus)
        }
        var focusableAncestor = [Bool](repeating: false, count: count)
        var focused = [Bool](repeating: false, count: count)
        for i in order {
            if let p = nodes[i].parent { focusableAncestor[i] = focusableAncestor[p] || focusable[p] }
            guard e.isVisible(i) else { continue }
            if focusable[i] {
                focused[i] = nodes[i].children.isEmpty || speaking[i]
            } else {
                focused[i] = hasText(i) && !focusableAncestor[i]
            }
        }
        return (focused, spoken)
    }

    /// The description when there is one; else the text, the speakable text of the subviews that
    /// are not focusable or clickable themselves, and the hint.
    private static func speakableText(_ i: Int, _ e: AuditElements, spoken: [String], clickOrFocus: (Int) -> Bool) -> String {
        if isSwitch(e.tree.nodes[i].className) { return switchText(i, e) }
        if let description = e.description[i] { return description }
        var parts: [String] = []
        if let text = e.text[i], !text.trimmingWhitespace.isEmpty { parts.append(text) }
        for c in e.tree.nodes[i].children where !clickOrFocus(c) && !spoken[c].isEmpty { parts.append(spoken[c]) }
        if let hint = e.hint[i], !hint.trimmingWhitespace.isEmpty { parts.append(hint) }
        return parts.joined(separator: ", ")
    }

    /// ATF's `ruleSwitch`: android.widget.Switch and ToggleButton speak their state (their text,
    /// else "On" or "Off" by `checked`), then their content description, each once.
    static func switchText(_ i: Int, _ e: AuditElements) -> String {
        let node = e.tree.nodes[i]
        var state: String?
        if let text = e.text[i], !text.trimmingWhitespace.isEmpty {
            state = text
        } else if let checked = node.attributes["checked"] {
            state = checked == "true" ? "On" : checked == "false" ? "Off" : nil
        }
        var parts: [String] = []
        for value in [state, e.description[i]].compactMap({ $0 }) where !parts.contains(where: { $0.lowercased() == value.lowercased() }) {
            parts.append(value)
        }
        return parts.joined(separator: ", ")
    }

    /// android.widget.Switch and ToggleButton (SwitchCompat and Material's switches are not their subclasses).
    static func isSwitch(_ className: String) -> Bool {
        className == "android.widget.Switch" || className == "android.widget.ToggleButton"
    }

    /// Whether the superview scrolls (`scrollable`, or a scrolling container class other than a spinner).
    static func childOfScrollable(_ i: Int, _ e: AuditElements) -> Bool {
        guard let p = e.tree.nodes[i].parent else { return false }
        return isScrollContainer(p, e)
    }

    static func isScrollContainer(_ p: Int, _ e: AuditElements) -> Bool {
        if e.tree.nodes[p].attributes["scrollable"] == "true" { return true }
        // ATF's list: AdapterView (but not Spinner), ScrollView, HorizontalScrollView, androidx's ScrollingView.
        let name = e.names[p]
        if name.has("spinner") { return false }
        return ["listview", "gridview", "adapterview", "scrollview", "recyclerview"].contains { name.has($0) }
    }
}

extension String {
    /// The string without white space at either end.
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}
