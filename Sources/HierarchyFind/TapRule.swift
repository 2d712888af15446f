/// Whose rule decides whether a found view can be tapped: Appium's (the view seen, its centre not
/// covered, enabled, clickable) or a test framework's own, which `find` adds to the reasons with
/// the figure it measured. docs/find.md, "Each framework's rule for a tap", cites each one's source.
public enum TapRule: String, Hashable, Sendable, CaseIterable {
    /// Appium's drivers: the reasons alone.
    case appium
    /// `click()`'s constraint `isDisplayingAtLeast(90)`: 90% of the view's area (as much of it as
    /// fits on the screen) inside its visible rectangle.
    case espresso
    /// `assertIsDisplayed()`/`performClick()`: some of the node inside the root, not clipped away.
    case compose
    /// `tester.tap`: the centre of the render object's bounds must hit-test to it.
    case flutter
    /// `toBeVisible()` and taps: 75% of the view visible.
    case detox
    /// `isHittable`/`tap()`: the centre of the element's frame on the screen and not covered.
    case xcuitest
    /// `tapOn`: the tap lands on the centre of the element's bounds, on whatever is there.
    case maestro

    /// The framework's name as its documentation writes it.
    public var name: String {
        switch self {
        case .appium: "Appium"
        case .espresso: "Espresso"
        case .compose: "Compose"
        case .flutter: "Flutter"
        case .detox: "Detox"
        case .xcuitest: "XCUITest"
        case .maestro: "Maestro"
        }
    }

    /// The share of the view that must be displayed, for the rules that measure one.
    var requiredShare: Double? {
        switch self {
        case .espresso: 0.9
        case .detox: 0.75
        default: nil
        }
    }

    /// Whether the rule is the view's centre taking the tap.
    var testsCentre: Bool { self == .xcuitest || self == .flutter || self == .maestro }

    /// The rule a locator's look calls for: its framework's for a test framework's matcher, else Appium's.
    public static func of(_ locator: Locator) -> TapRule {
        if let rule = locator.rule { return rule }
        if locator.using == .matcher, let framework = MatcherParser.framework(of: locator.value) { return TapRule(rawValue: framework.rawValue) ?? .appium }
        return .appium
    }
}
