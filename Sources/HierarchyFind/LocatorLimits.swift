/// How far the hand-written locator parsers go before they stop with an error: they descend
/// recursively, so an expression nested without end (20,000 parentheses) would overflow the
/// stack. Locators that UI tests write nest a few levels; 100 leaves room for generated ones.
/// See docs/limits.md.
enum LocatorLimits {
    /// Parentheses, brackets, function calls, `NOT`s, lists and selectors inside one another.
    static let depth = 100
    /// Steps of a class chain (each one a walk over the screen).
    static let classChainSteps = 1_000
    /// Selectors chained by `childSelector`/`fromParent` in one UiSelector.
    static let chainedSelectors = 100

    /// The error for a locator nested deeper than `depth`, at `column` (1-based).
    static func tooDeep(_ using: Locator.Strategy, _ text: String, column: Int) -> LocatorError {
        LocatorError(using: using, text, column: column, "nested more than \(depth) levels deep (parentheses, brackets, calls or selectors inside one another), the most this reads")
    }
}
