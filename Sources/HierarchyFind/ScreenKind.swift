/// What kind of screen the input captured, which decides the XML Appium would serve for it and
/// what the strategies `id`, `accessibility id` and `class name` compare (see docs/find.md).
public enum ScreenKind: String, Hashable, Sendable {
    /// An Appium/WebDriverAgent page source (XCUITest driver): used as it is.
    case appium
    /// An Android uiautomator dump, served the way appium-uiautomator2-server serves it.
    case uiautomator
    /// Every other input (tree.json, recursiveDescription, XCUITest debugDescription, Espresso,
    /// Maestro, Sentry): the view tree written as documented XML.
    case viewTree

    /// Whether Appium's Android meanings apply (`resource-id`, `content-desc`, `class`).
    public var isAndroid: Bool { self == .uiautomator }
}
