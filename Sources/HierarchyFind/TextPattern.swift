import Foundation

/// A regular expression matched against a whole value in any case, `.` crossing lines, or the
/// value equal to the pattern as written: Maestro's `Filters.textMatches`/`idMatches`
/// (maestro-client/src/main/java/maestro/Filters.kt, `REGEX_OPTIONS` = IGNORE_CASE,
/// DOT_MATCHES_ALL, MULTILINE in Orchestra.kt). A value's line breaks may also read as spaces.
struct TextPattern {
    let pattern: String
    private let regex: Regex<AnyRegexOutput>

    /// - Throws: `LocatorError` naming the column when `pattern` is not a regular expression.
    init(_ pattern: String, using: Locator.Strategy) throws(LocatorError) {
        self.pattern = pattern
        do {
            regex = try Regex(pattern).ignoresCase().dotMatchesNewlines().anchorsMatchLineEndings()
        } catch {
            throw LocatorError(using: using, pattern, column: nil, "not a regular expression: \(Self.reason(error))")
        }
    }

    func matches(_ value: String) -> Bool {
        let spaced = value.replacing("\n", with: " ")
        return value == pattern || spaced == pattern || whole(value) || whole(spaced)
    }

    private func whole(_ value: String) -> Bool { (try? regex.wholeMatch(in: value)) != nil }

    /// The pattern for a literal text: every character that means something escaped.
    static func escaped(_ literal: String) -> String { NSRegularExpression.escapedPattern(for: literal) }

    /// The words of a pattern without its escapes and wildcards, for suggesting near texts.
    static func literal(in pattern: String) -> String {
        pattern.replacing(/\(\?[a-z]+\)|\.\*|\\(.)/) { $0.output.1.map(String.init) ?? "" }
    }

    private static func reason(_ error: any Error) -> String {
        String(describing: error).split(separator: "\n").first.map(String.init) ?? "invalid"
    }
}
