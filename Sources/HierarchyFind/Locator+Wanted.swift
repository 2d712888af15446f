extension Locator {
    /// What the locator asks for, as fields (`id`, `text`, `class`) and values, for suggestions
    /// when it matched nothing. Read loosely from the text: a locator that parsed is well formed.
    var wanted: [Suggestions.Wanted] {
        switch using {
        case .id: return [.init(field: "id", value: value)]
        case .accessibilityID: return [.init(field: "id", value: value), .init(field: "text", value: value)]
        case .className: return [.init(field: "class", value: value)]
        case .text: return [.init(field: "text", value: value)]
        case .textMatching: return [.init(field: "text", value: TextPattern.literal(in: value))]
        case .idMatching: return [.init(field: "id", value: TextPattern.literal(in: value))]
        case .linkText, .partialLinkText: return [.init(field: "text", value: value)]
        case .tagName: return [.init(field: "class", value: value)]
        default: return Self.pairs(in: value)
        }
    }

    /// `@attr='v'`, `contains(@attr, "v")`, `text()="v"`, `name == "v"`, `.text("v")`,
    /// `resourceId("v")` and class-like names (`android.widget.Button`, `XCUIElementTypeButton`).
    static func pairs(in text: String) -> [Suggestions.Wanted] {
        var result: [Suggestions.Wanted] = []
        let quotedAfterName = /([A-Za-z_@][\w\-.:()@]*)\s*(?:==|=|,|\(|\s(?:CONTAINS|BEGINSWITH|ENDSWITH|LIKE|IN)(?:\[[cd]+\])?)\s*(?:'([^']*)'|"([^"]*)")/
        for match in text.matches(of: quotedAfterName) {
            let value = String(match.output.2 ?? match.output.3 ?? "")
            guard !value.isEmpty else { continue }
            result.append(.init(field: field(for: String(match.output.1)), value: value))
        }
        for match in text.matches(of: /(?:[a-z]+\.)+[A-Z]\w*|XCUIElementType\w+/) where !text.contains("\"\(match.output)") && !text.contains("'\(match.output)") {
            result.append(.init(field: "class", value: String(match.output)))
        }
        return result
    }

    static func field(for name: String) -> String {
        let key = name.lowercased().trimmingPrefix("@").replacing("(", with: "").replacing("contains", with: "")
            .replacing("starts-with", with: "").replacing("matches", with: "")
        if ["resource-id", "id", "name", "identifier", "resourceid", "resourceidmatches"].contains(where: { key.hasSuffix($0) }) { return "id" }
        if ["class", "type", "classname"].contains(where: { key.hasSuffix($0) }) { return "class" }
        return "text"
    }
}
