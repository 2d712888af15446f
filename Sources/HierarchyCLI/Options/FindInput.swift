import HierarchyScreen

/// What `find` makes of its LOCATOR argument.
enum FindInput {
    /// `xpath:…`, `id:…` and the other prefixes; else XPath for `/` or `(`, a UiSelector for
    /// `new UiSelector`, a class chain for `**/`, a test framework's matcher as the test wrote it
    /// (`onView(withText("OK"))`, `element(by.id('login'))`: `TestMatcher`), and text for
    /// anything else.
    static func locator(_ argument: String) -> Locator {
        for (option, strategy) in Locator.Strategy.options.sorted(by: { $0.value.count > $1.value.count })
        where argument.hasPrefix(strategy + ":") {
            return Locator(using: option, value: String(argument.dropFirst(strategy.count + 1)))
        }
        if argument.hasPrefix("/") || argument.hasPrefix("(") { return Locator(using: .xpath, value: argument) }
        if argument.hasPrefix("new UiSelector") { return Locator(using: .uiautomator, value: argument) }
        if argument.hasPrefix("**/") { return Locator(using: .classChain, value: argument) }
        if let matcher = TestMatcher.locator(argument) { return matcher }
        return Locator(using: .text, value: argument)
    }
}
