import Foundation

/// Reads a test's matcher, as the test wrote it, into a `Matcher` with its framework's meaning:
/// Espresso, Compose, Flutter, Detox, XCUITest (`MatcherSyntaxParser`'s expressions) and
/// Maestro (its YAML selector). The framework is told by the matcher's look (`framework(of:)`).
struct MatcherParser {
    enum Framework: String, Hashable, Sendable, CaseIterable {
        case espresso, compose, flutter, detox, maestro, xcuitest
    }

    let text: String

    /// The matcher `text` stands for, and its framework.
    /// - Throws: `LocatorError` (strategy `matcher`) naming the column of what does not parse
    ///   or is not one of the framework's matchers that `find` reads; the text must look like one.
    static func parse(_ text: String) throws(LocatorError) -> (Matcher, Framework) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let framework = framework(of: trimmed) else {
            throw LocatorError(using: .matcher, text, column: 1, "not a matcher of Espresso, Compose, Flutter, Detox, Maestro or XCUITest")
        }
        let parser = MatcherParser(text: trimmed)
        if framework == .maestro { return (try MaestroSelector.parse(trimmed), .maestro) }
        let syntax = try MatcherSyntaxParser.parse(trimmed)
        switch framework {
        case .espresso, .compose:
            if Self.isCompose(syntax) { return (try parser.composeFinder(syntax), .compose) }
            return (try parser.espresso(syntax), .espresso)
        case .flutter: return (try parser.flutter(syntax), .flutter)
        case .detox: return (try parser.detox(syntax), .detox)
        default: return (try parser.xcuitest(syntax), .xcuitest)
        }
    }

    /// The framework a text looks like: Maestro's command, XCUITest's `app.`, Flutter's `find.`,
    /// Detox's `element(`/`by.`, Compose's `onNode…`/`has…`, Espresso's `onView`/`with…`.
    static func framework(of text: String) -> Framework? {
        if text.contains(/^(?:-\s*)?(?:tapOn|doubleTapOn|longPressOn|assertVisible|assertNotVisible|scrollUntilVisible|copyTextFrom)\s*:/) { return .maestro }
        let call = text.replacing(/^(?:await\s+|const\s+)+/, with: "")
        if call.contains(/^(?:app|XCUIApplication\(\))\./) { return .xcuitest }
        if call.contains(/^find\.\w+\(/) { return .flutter }
        if call.contains(/^(?:element\(|by\.\w+\()/) { return .detox }
        if call.contains(/^(?:[\w.]+\.)?on(?:All)?Node\w*\(/) || call.contains(/^!?(?:has(?:Text|TestTag|ContentDescription|ClickAction|NoClickAction|Parent|AnyAncestor|AnyDescendant|AnyChild|AnySibling|SetTextAction|ScrollAction)|isToggleable|isOn|isOff|isNotEnabled|isSelectable|isFocusable)\(/) { return .compose }
        if call.contains(/^(?:(?:Espresso|ViewMatchers|Matchers|CoreMatchers)\.)?(?:onView|with[A-Z]\w*|allOf|anyOf|not|isDisplayed|isCompletelyDisplayed|isEnabled|isClickable|isChecked|isNotChecked|isSelected|isDescendantOfA|hasDescendant|childAtPosition)\(/) { return .espresso }
        return nil
    }

    /// Compose's names that Espresso has not, and Kotlin's infix `and`/`or`.
    static let composeOnly: Set<String> = [
        "onNode", "onAllNodes", "onNodeWithTag", "onAllNodesWithTag", "onNodeWithText", "onAllNodesWithText",
        "onNodeWithContentDescription", "onAllNodesWithContentDescription", "hasText", "hasTestTag", "hasClickAction",
        "hasNoClickAction", "hasParent", "hasAnyAncestor", "hasAnyDescendant", "hasAnyChild", "isToggleable", "isOn", "isOff",
        "isNotEnabled", "and", "or", "!",
    ]

    static func isCompose(_ syntax: MatcherSyntax) -> Bool {
        syntax.names.contains(where: composeOnly.contains) || syntax.names.contains("hasContentDescription") && !syntax.names.contains("onView")
    }

    // MARK: Reading the parts

    func error(_ syntax: MatcherSyntax, _ message: String) -> LocatorError {
        LocatorError(using: .matcher, text, column: syntax.column, message)
    }

    /// A call's name (its callee's last part), what it is called on, and its arguments.
    func call(_ syntax: MatcherSyntax) -> (name: String, receiver: MatcherSyntax?, arguments: [MatcherSyntax.Argument])? {
        guard case .call(let callee, let arguments) = syntax.form, let name = callee.lastName else { return nil }
        return (name, callee.base, arguments)
    }

    /// The argument with `label`, else the one at `position` among those without a label.
    func argument(_ arguments: [MatcherSyntax.Argument], _ label: String?, _ position: Int?) -> MatcherSyntax? {
        if let label, let found = arguments.first(where: { $0.label == label }) { return found.value }
        guard let position else { return nil }
        let unlabelled = arguments.filter { $0.label == nil }
        return unlabelled.indices.contains(position) ? unlabelled[position].value : nil
    }

    /// The one argument a call needs.
    func only(_ arguments: [MatcherSyntax.Argument], of syntax: MatcherSyntax, _ name: String) throws(LocatorError) -> MatcherSyntax {
        guard let first = arguments.first else { throw error(syntax, "\(name)(…) needs an argument") }
        return first.value
    }

    func string(_ syntax: MatcherSyntax) throws(LocatorError) -> String {
        guard let value = syntax.string else { throw error(syntax, "expected a string literal (\"…\"): the screen holds the text, not what a name or resource stands for") }
        return value
    }

    func number(_ syntax: MatcherSyntax) throws(LocatorError) -> Int {
        guard let value = syntax.number else { throw error(syntax, "expected a whole number") }
        return value
    }

    func boolean(_ arguments: [MatcherSyntax.Argument], _ label: String) throws(LocatorError) -> Bool {
        guard let syntax = argument(arguments, label, nil) else { return false }
        guard let value = syntax.boolean else { throw error(syntax, "expected true or false after \(label)") }
        return value
    }

    /// A whole text in its case, as a `text matching` pattern.
    static func exactPattern(_ value: String) -> String { "(?-i)" + TextPattern.escaped(value) }

    /// A `TextTest` as a `text matching`/`id matching` pattern.
    static func pattern(_ test: TextTest) -> String {
        let escaped = TextPattern.escaped(test.value)
        let body = switch test.kind {
        case .equal: escaped
        case .contains: ".*" + escaped + ".*"
        case .prefix: escaped + ".*"
        case .suffix: ".*" + escaped
        case .regex: test.value
        }
        return (test.ignoreCase ? "" : "(?-i)") + body
    }
}
