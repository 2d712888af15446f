import Foundation

/// A single matcher as a UI test wrote it, recognised by its look and read as the locator with
/// the framework's meaning (docs/find.md, "Matchers as the test wrote them"): Espresso's
/// `onView(withId(R.id.login))`, Compose's `onNodeWithTag("login")`, Flutter's
/// `find.byKey(const ValueKey('login'))`, Detox's `element(by.id('login'))`, Maestro's
/// `- tapOn: "Sign in"` and XCUITest's `app.buttons["Sign in"]`, and their combinations
/// (`allOf`, `and`, `withAncestor`, `find.descendant`, `below:`): `MatcherParser` reads them.
public enum TestMatcher {
    /// The locator `text` stands for, or nil when it does not look like a matcher of a known
    /// framework. One matcher that one of the strategies states is that strategy's locator
    /// (`withText("OK")` is `text matching (?-i)OK`); a combination, a Compose finder (merged
    /// semantics), a Flutter widget finder, and a text that looks like a matcher but does not
    /// parse are the `matcher` strategy, run (or refused with its column) when found.
    public static func locator(_ text: String) -> Locator? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).trimmingSuffix(";")
        guard let framework = MatcherParser.framework(of: trimmed) else { return nil }
        let rule = TapRule(rawValue: framework.rawValue)
        if case .locator(var simple)? = try? MatcherParser.parse(trimmed).0 {
            simple.rule = rule
            return simple
        }
        return Locator(using: .matcher, value: trimmed, rule: rule)
    }

    /// Reads a matcher without running it, for a page that carries the answer: its framework's name.
    /// - Throws: `LocatorError` naming the column of what does not parse.
    public static func check(_ text: String) throws(LocatorError) -> String {
        try MatcherParser.parse(text).1.rawValue
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
