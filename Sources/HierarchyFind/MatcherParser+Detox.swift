/// Detox's matchers (detox/ios/Detox/Invocation/Predicate.swift and detox/src/android/matchers,
/// wix/Detox 48ba4b52): `by.id`, `by.text`, `by.label`, `by.type`, `by.traits`, and `.and`,
/// `.withAncestor`, `.withDescendant` on them; `element(…)` and its `.atIndex(n)` around them.
extension MatcherParser {
    func detox(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        guard let (name, receiver, arguments) = call(syntax) else { throw error(syntax, "expected a Detox matcher such as by.id('…')") }
        let first = { () throws(LocatorError) -> MatcherSyntax in try only(arguments, of: syntax, name) }
        if let receiver, receiver.path != "by" {
            switch name {
            case "atIndex": return .nth(try detox(receiver), try number(try first()), order: .detox)
            case "and": return .all([try detox(receiver), try detox(try first())])
            case "withAncestor": return .all([try detox(receiver), .ancestor(try detox(try first()))])
            case "withDescendant": return .all([try detox(receiver), .descendant(try detox(try first()))])
            default: throw error(syntax, ".\(name) is not a Detox matcher method find reads: it reads .and, .withAncestor, .withDescendant and element(…).atIndex")
            }
        }
        switch (receiver?.path, name) {
        case (nil, "element"), (nil, "expect"): return try detox(try first())
        case ("by", "id"):
            let quoted = "\"" + (try string(try first())).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            return .locator(Locator(using: .predicate, value: "testID == \(quoted) OR identifier == \(quoted)"))
        case ("by", "text"): return .locator(Locator(using: .textMatching, value: Self.exactPattern(try string(try first()))))
        case ("by", "label"): return .locator(Locator(using: .accessibilityID, value: try string(try first())))
        case ("by", "type"): return .locator(Locator(using: .className, value: try string(try first())))
        case ("by", "traits"): return try traits(try first())
        default: throw error(syntax, "\(syntax.path ?? name) is not a Detox matcher find reads: it reads by.id, by.text, by.label, by.type and by.traits")
        }
    }

    /// `by.traits(['button', 'selected'])`: each trait as the class (`button` a class ending in
    /// `Button`) or the state it names.
    func traits(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        guard case .list(let items) = syntax.form, !items.isEmpty else { throw error(syntax, "expected the traits as a list of strings: ['button']") }
        var parts: [Matcher] = []
        for item in items {
            switch try string(item) {
            case "selected": parts.append(.state("selected", true))
            case "notEnabled": parts.append(.state("enabled", false))
            case let trait where Self.traitClasses[trait] != nil:
                parts.append(.attribute([ElementValues.classKey], TextTest(kind: .suffix, value: Self.traitClasses[trait]!, ignoreCase: true)))
            case let trait:
                throw error(item, "the trait '\(trait)' is not one find reads: button, link, image, header, searchField, adjustable, staticText, keyboardKey, selected, notEnabled")
            }
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    /// The class ending each trait stands for (`XCUIElementTypeButton`, `android.widget.Button`).
    static let traitClasses: [String: String] = [
        "button": "Button", "link": "Link", "image": "Image", "header": "Header", "searchField": "SearchField",
        "adjustable": "Slider", "staticText": "Text", "keyboardKey": "Key",
    ]
}
