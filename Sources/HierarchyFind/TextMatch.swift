import Foundation

/// The string tests the locators share: a regular expression that must match the whole value
/// (Java's `matches`, NSPredicate's MATCHES), NSPredicate's LIKE wildcards, and folding for `[cd]`.
enum TextMatch {
    static func wholeMatch(_ value: String, pattern: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }

    /// LIKE: `*` any run of characters, `?` one character, the rest literal.
    static func like(_ value: String, pattern: String) -> Bool {
        let expression = pattern.map { c -> String in
            switch c {
            case "*": ".*"
            case "?": "."
            default: NSRegularExpression.escapedPattern(for: String(c))
            }
        }.joined()
        return wholeMatch(value, pattern: "(?s)" + expression)
    }

    static func folded(_ value: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> String {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        return options.isEmpty ? value : value.folding(options: options, locale: nil)
    }
}
