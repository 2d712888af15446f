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
        case .webDOM: "a web page's DOM as capture webdriver reads it"
        case .cdpSnapshot: "Chromium's DOMSnapshot.captureSnapshot JSON"
        }
    }

    /// Every kind's title, joined as a sentence's list ("…, … or …").
    public static var titles: String { sentenceList(allCases.map(\.title)) }

    /// Every kind's name as `--from` takes it, joined as a sentence's list: the help's one list.
    public static var names: String { sentenceList(allCases.map(\.rawValue)) }

    private static func sentenceList(_ all: [String]) -> String {
        all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
