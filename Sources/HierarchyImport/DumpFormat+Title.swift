extension DumpFormat {
    /// What a reader calls the dump, for help texts and messages: "an Android uiautomator XML dump".
    public var title: String {
        switch self {
        case .recursiveDescription: "a recursiveDescription text"
        case .appium: "an Appium/WebDriverAgent XML page source"
        case .uiautomator: "an Android uiautomator XML dump"
        case .xcuitest: "an XCUITest debugDescription"
        case .espresso: "an Espresso view hierarchy"
        case .maestro: "a Maestro hierarchy"
        case .dumpsys: "a dumpsys activity top View Hierarchy"
        case .sentry: "a Sentry view-hierarchy.json"
        case .compose: "a Compose semantics tree"
        case .flutterSemantics: "a Flutter semantics tree"
        case .flutterRender: "a Flutter render tree"
        case .detox: "a Detox view hierarchy"
        }
    }

    /// Every kind's title, joined as a sentence's list ("…, … or …").
    public static var titles: String {
        let all = allCases.map(\.title)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
