import HierarchyFormats
import HierarchyModel

extension FindResult {
    /// The answer for a terminal, every control character of the input escaped.
    public var text: String {
        var lines = headerLines
        if matches.isEmpty {
            if !suggestions.isEmpty { lines.append("nearest views:") }
            for (n, s) in suggestions.enumerated() { lines.append("  \(n + 1). " + s.line) }
        }
        for m in matches { lines += m.lines }
        return lines.joined(separator: "\n")
    }

    /// The text's first lines: the locator, where it was taken from, the notes, and the count
    /// (or "no view matches.").
    public var headerLines: [String] {
        var lines = ["locator: \(locator.using.rawValue) \(Self.shown(locator.value))"]
        if let quoted = locator.quoted { lines.append("  taken from: \(Self.shown(quoted))") }
        if let constraint = locator.constraint { lines.append("  constraint broken: \(Self.shown(constraint))") }
        let rule = TapRule.of(locator)
        if rule != .appium { lines.append("  rule for a tap: \(rule.name)'s") }
        lines += notes.map { "note: \($0)" }
        guard !matches.isEmpty else { return lines + ["no view matches."] }
        let tappableCount = matches.filter(\.tappable).count
        lines.append("\(matches.count) match\(matches.count == 1 ? "" : "es"), \(tappableCount) can be tapped; find_element returns \(Self.shown(first ?? "-"))")
        return lines
    }

    /// The input's text on one line, every control character escaped (`TerminalText.line`), so
    /// that a dump's text can neither drive the terminal nor start a line of its own.
    static func shown(_ text: String) -> String {
        TerminalText.line(text)
    }

    static func rect(_ r: Rect) -> String {
        "(\(JSONText.number(r.x)) \(JSONText.number(r.y)); \(JSONText.number(r.width)) \(JSONText.number(r.height)))"
    }
}

extension FindResult.Suggestion {
    /// The nearest view as the text lists it: id, class, text, frame and what differs.
    public var line: String {
        let shown = FindResult.shown
        return "\(shown(id)) \(shown(className))\(text.map { " '\(shown($0))'" } ?? "") at \(FindResult.rect(frame)): \(shown(because))"
    }
}

extension FindResult.Match {
    /// The match as the text says it: its line, its frames, its verdict, a line per reason.
    public var lines: [String] {
        let shown = FindResult.shown
        var lines = ["\(tappable ? "✓" : "✗") \(shown(id)) \(shown(className))\(text.map { " '\(shown($0))'" } ?? "") [path \(path)]"]
        lines.append("    frame \(FindResult.rect(frame)), visible \(visibleFrame.map(FindResult.rect) ?? "nothing")")
        lines.append("    " + (tappable ? "can be tapped" : visible ? "visible, but cannot be tapped" : "cannot be seen or tapped"))
        for reason in reasons { lines.append("    - " + reason.phrase) }
        return lines
    }
}

extension FindResult.Reason {
    /// `obscured by 0.4 (62% covered)`.
    var phrase: String {
        let who = by.map { " by " + (byClass.map { FindResult.shown($0) + " " } ?? "") + FindResult.shown($0) } ?? ""
        let share = share.map { " (\(Int(($0 * 100).rounded()))% covered)" } ?? ""
        switch kind {
        case .hidden: return "hidden\(who)"
        case .transparent: return "transparent\(who)"
        case .clipped: return "clipped away\(who)"
        case .offscreen: return "off the screen"
        case .zeroSize: return "zero-size: its frame has no area"
        case .obscured: return "obscured\(who)\(share)"
        case .keyboard: return "under the keyboard\(who)\(share)"
        case .disabled: return "disabled (enabled=\"false\")"
        case .notClickable: return "not clickable: neither it nor an ancestor takes taps"
        case .rule: return rulePhrase(who)
        }
    }

    /// "78% displayed; Espresso's click needs 90%", "the centre (540, 1201) is covered by …: XCUITest's isHittable is false".
    func rulePhrase(_ who: String) -> String {
        let rule = rule ?? .appium
        if let required = rule.requiredShare {
            let measured = "\(Int(((share ?? 0) * 100).rounded(.down)))%"
            return rule == .espresso ? "\(measured) displayed; Espresso's click needs \(Int(required * 100))%"
                : "\(measured) visible; Detox's toBeVisible and tap need \(Int(required * 100))%"
        }
        guard let point else { return "nothing of it inside the root: Compose's assertIsDisplayed fails" }
        let centre = "the centre (\(JSONText.number(point.x)), \(JSONText.number(point.y)))"
        let place = by == nil ? "\(centre) is outside what shows of it" : "\(centre) is covered\(who)"
        switch rule {
        case .flutter: return "\(place): Flutter's tap would not hit it"
        case .maestro: return "\(place): Maestro's tap lands there"
        default: return "\(place): XCUITest's isHittable is false"
        }
    }
}
