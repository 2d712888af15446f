/// A locator as a test wrote it: Appium's strategy and its value.
public struct Locator: Hashable, Sendable {
    /// Appium's strategy names (the `using` of a find request), and `text` for people.
    public enum Strategy: String, Hashable, Sendable, CaseIterable {
        case xpath
        case id
        case accessibilityID = "accessibility id"
        case className = "class name"
        case uiautomator = "-android uiautomator"
        case predicate = "-ios predicate string"
        case classChain = "-ios class chain"
        case text
        /// A regular expression the whole text shown matches, in any case and across lines (Maestro's
        /// `Text matching regex`; also what Compose's and Flutter's text matchers are written as).
        case textMatching = "text matching"
        /// A regular expression a whole id matches, with or without its `package:id/` (Maestro's
        /// `Id matching regex`).
        case idMatching = "id matching"
        /// A test framework's matcher as the test wrote it, combinations included
        /// (`onView(allOf(withId(R.id.a), isDisplayed()))`): `MatcherParser` reads it.
        case matcher
        /// Selenium's web strategies, over a web capture's DOM (docs/find.md): a CSS selector, a
        /// link's whole or partial text, an element's tag and `name` attribute.
        case css = "css selector"
        case linkText = "link text"
        case partialLinkText = "partial link text"
        case tagName = "tag name"
        case name
    }

    public var using: Strategy
    public var value: String
    /// Where it was found, when it was taken out of a failure message: the line quoted.
    public var quoted: String?
    /// Whose rule for a tap applies (`TapRule.of`): set by a test framework's matcher or failure
    /// text, or by `--rule`; nil for Appium's locators.
    public var rule: TapRule?
    /// The constraint the framework said the view broke, when the failure text names one
    /// (Espresso's `PerformException`: `at least 90 percent of the view's area is displayed to the user.`).
    public var constraint: String?

    public init(using: Strategy, value: String, quoted: String? = nil, rule: TapRule? = nil, constraint: String? = nil) {
        self.using = using
        self.value = value
        self.quoted = quoted
        self.rule = rule
        self.constraint = constraint
    }
}
