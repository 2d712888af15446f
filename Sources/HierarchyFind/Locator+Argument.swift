extension Locator {
    /// The locator a text names as `find`'s LOCATOR argument and the served viewer's search box
    /// read it: `xpath:…`, `id:…` and the other prefixes (`Strategy.options`); else XPath for `/` or
    /// `(`, a UiSelector for `new UiSelector`, a class chain for `**/`, a test framework's matcher
    /// as the test wrote it (`onView(withText("OK"))`, `element(by.id('login'))`: `TestMatcher`),
    /// and text for anything else.
    public init(argument: String) {
        for (option, strategy) in Strategy.options.sorted(by: { $0.value.count > $1.value.count }) where argument.hasPrefix(strategy + ":") {
            self.init(using: option, value: String(argument.dropFirst(strategy.count + 1)))
            return
        }
        if argument.hasPrefix("/") || argument.hasPrefix("(") {
            self.init(using: .xpath, value: argument)
        } else if argument.hasPrefix("new UiSelector") {
            self.init(using: .uiautomator, value: argument)
        } else if argument.hasPrefix("**/") {
            self.init(using: .classChain, value: argument)
        } else if let matcher = TestMatcher.locator(argument) {
            self = matcher
        } else {
            self.init(using: .text, value: argument)
        }
    }
}
