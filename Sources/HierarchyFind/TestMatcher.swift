import Foundation

/// A single matcher as a UI test wrote it, recognised by its look and read as the locator with
/// the framework's meaning (docs/find.md, "Matchers as the test wrote them"): Espresso's
/// `onView(withId(R.id.login))`, Compose's `onNodeWithTag("login")`, Flutter's
/// `find.byKey(const ValueKey('login'))`, Detox's `element(by.id('login'))`, Maestro's
/// `- tapOn: "Sign in"` and XCUITest's `app.buttons["Sign in"]`. Combinations (`allOf`, `and`,
/// `withAncestor`, `find.descendant`) are not read here: such a text is nil, as is anything else.
public enum TestMatcher {
    /// The locator `text` stands for, or nil when it is not one matcher of a known framework.
    public static func locator(_ text: String) -> Locator? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).trimmingSuffix(";")
        for reader in readers {
            if let (using, value) = reader(trimmed) { return Locator(using: using, value: value) }
        }
        return nil
    }

    typealias Reader = @Sendable (String) -> (Locator.Strategy, String)?

    static let readers: [Reader] = [espresso, compose, flutter, detox, maestro, xcuitest]

    /// A Java, Kotlin or JavaScript string literal's text.
    static func literal(_ quoted: Substring) -> String {
        String(quoted.dropFirst().dropLast()).replacing(/\\(["'\\$])/) { String($0.output.1) }
    }

    /// Espresso's `ViewMatchers` (espresso/core/java/androidx/test/espresso/matcher/ViewMatchers.java):
    /// `withId` compares the view's id (its resource name here: the id after `:id/`),
    /// `withResourceName` the same,
    /// `withText` the text whole and in its case, `withContentDescription` the description,
    /// `withClassName` the class name; `onView(…)` around it or not.
    static func espresso(_ text: String) -> (Locator.Strategy, String)? {
        let inner = text.wholeMatch(of: /(?:Espresso\.)?onView\((.*)\)/).map { String($0.output.1) } ?? text
        let body = inner.trimmingPrefix("ViewMatchers.")
        if let m = body.wholeMatch(of: /withId\(\s*(?:[\w.]*R\.id\.)?(\w+)\s*\)/) { return (.idMatching, exactPattern(String(m.output.1))) }
        guard let m = body.wholeMatch(of: /(withResourceName|withText|withContentDescription|withClassName)\(\s*(?:(?:is|equalTo|Matchers\.is)\(\s*)?("(?:[^"\\]|\\.)*")\s*\)?\s*\)/) else { return nil }
        let value = literal(m.output.2)
        switch m.output.1 {
        case "withResourceName": return (.idMatching, exactPattern(value))
        case "withText": return (.textMatching, exactPattern(value))
        case "withContentDescription": return (.accessibilityID, value)
        default: return (.className, value)
        }
    }

    /// Compose's finders and filters (compose/ui/ui-test's `Finders.kt`, `Filters.kt`):
    /// `onNodeWithTag`/`hasTestTag` (the test tag, the importer's `resource-id`),
    /// `onNodeWithText`/`onAllNodesWithText`/`hasText` (one of the texts equal, or a substring
    /// with `substring = true`, in any case with `ignoreCase = true`),
    /// `onNodeWithContentDescription`/`hasContentDescription` likewise; `useUnmergedTree` is read
    /// and left: the dumps here are printed merged.
    static func compose(_ text: String) -> (Locator.Strategy, String)? {
        let call = text.replacing(/^(?:[\w.]+\.)?(?:onNode|onAllNodes)\((.*)\)$/) { String($0.output.1) }
            .replacing(/^[\w.]*?\.(?=on)/, with: "")
        guard let m = call.wholeMatch(of: /(onNodeWithTag|onAllNodesWithTag|hasTestTag|onNodeWithText|onAllNodesWithText|hasText|onNodeWithContentDescription|onAllNodesWithContentDescription|hasContentDescription)\(\s*("(?:[^"\\]|\\.)*")((?:\s*,\s*\w+\s*=\s*\w+)*)\s*\)/) else { return nil }
        let value = literal(m.output.2)
        let flags = String(m.output.3)
        let substring = flags.contains(/substring\s*=\s*true/)
        let ignoreCase = flags.contains(/ignoreCase\s*=\s*true/)
        switch m.output.1 {
        case "onNodeWithTag", "onAllNodesWithTag", "hasTestTag": return (.id, value)
        case "onNodeWithText", "onAllNodesWithText", "hasText":
            return (.textMatching, FailureLocator.composePattern(value, substring: substring, ignoreCase: ignoreCase))
        default:
            if !substring && !ignoreCase { return (.accessibilityID, value) }
            return (.textMatching, FailureLocator.composePattern(value, substring: substring, ignoreCase: ignoreCase))
        }
    }

    /// flutter_test's `CommonFinders` (finders.dart): `find.text` (the whole text, in its case),
    /// `find.textContaining`, `find.byKey(ValueKey('…'))`, `find.byType(T)`.
    static func flutter(_ text: String) -> (Locator.Strategy, String)? {
        let string = #"('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"#
        if let m = text.wholeMatch(of: try! Regex(#"find\.(text|textContaining)\(\s*"# + string + #"\s*\)"#, as: (Substring, Substring, Substring).self)) {
            let value = literal(m.output.2)
            return (.textMatching, FailureLocator.composePattern(value, substring: m.output.1 == "textContaining", ignoreCase: false))
        }
        if let m = text.wholeMatch(of: try! Regex(#"find\.byKey\(\s*(?:const\s+)?(?:Value)?Key(?:<\w+>)?\(\s*"# + string + #"\s*\)\s*\)"#, as: (Substring, Substring).self)) {
            return (.id, literal(m.output.1))
        }
        if let m = text.wholeMatch(of: /find\.byType\(\s*(\w+)\s*\)/) { return (.className, String(m.output.1)) }
        return nil
    }

    /// Detox's matchers (detox/src/ios/expectTwo.js `by`): `by.id` (the test id: the dump's
    /// `testID` on Android, `identifier` on iOS), `by.text` (the text whole), `by.label`,
    /// `by.type`; `element(…)` around it or not.
    static func detox(_ text: String) -> (Locator.Strategy, String)? {
        let inner = text.wholeMatch(of: /element\((.*)\)/).map { String($0.output.1) } ?? text
        guard let m = inner.wholeMatch(of: /by\.(id|text|label|type)\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*\)/) else { return nil }
        let value = literal(m.output.2)
        switch m.output.1 {
        case "id":
            let quoted = "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            return (.predicate, "testID == \(quoted) OR identifier == \(quoted)")
        case "text": return (.textMatching, exactPattern(value))
        case "label": return (.accessibilityID, value)
        default: return (.className, value)
        }
    }

    /// Maestro's commands that take a selector: `- tapOn: "Sign in"` (a text, a regular
    /// expression matched whole), `tapOn: {id: "login"}`, `assertVisible: …`.
    static func maestro(_ text: String) -> (Locator.Strategy, String)? {
        guard let m = text.wholeMatch(of: /(?:-\s*)?(?:tapOn|doubleTapOn|longPressOn|assertVisible|assertNotVisible|scrollUntilVisible):\s*(.+)/) else { return nil }
        var selector = String(m.output.1).trimmingCharacters(in: .whitespaces)
        var using = Locator.Strategy.textMatching
        if let map = selector.wholeMatch(of: /\{\s*(text|id)\s*:\s*(.+?)\s*\}/) {
            using = map.output.1 == "id" ? .idMatching : .textMatching
            selector = String(map.output.2)
        }
        if selector.count >= 2, let first = selector.first, first == selector.last, first == "\"" || first == "'" {
            selector = String(selector.dropFirst().dropLast())
        }
        return selector.isEmpty ? nil : (using, selector)
    }

    static let xcuitestTypes: [String: String] = [
        "buttons": "Button", "staticTexts": "StaticText", "textFields": "TextField", "secureTextFields": "SecureTextField",
        "cells": "Cell", "images": "Image", "switches": "Switch", "links": "Link", "navigationBars": "NavigationBar",
        "otherElements": "Other", "tables": "Table", "collectionViews": "CollectionView", "scrollViews": "ScrollView",
        "alerts": "Alert", "sliders": "Slider", "searchFields": "SearchField", "tabBars": "TabBar", "textViews": "TextView",
    ]

    /// XCUITest's subscript: `app.buttons["Sign in"]` is the buttons whose identifier (or label,
    /// title, value, placeholder) is the text, as `"Sign in" IN identifiers` reads it.
    static func xcuitest(_ text: String) -> (Locator.Strategy, String)? {
        guard let m = text.wholeMatch(of: /(?:app|XCUIApplication\(\))\.(\w+)\[\s*("(?:[^"\\]|\\.)*")\s*\]/),
              let type = xcuitestTypes[String(m.output.1)] else { return nil }
        let value = literal(m.output.2)
        return (.predicate, "type == \"XCUIElementType\(type)\" AND \"\(value.replacing("\"", with: "\\\""))\" IN identifiers")
    }

    /// A whole text in its case, as a `text matching` pattern.
    static func exactPattern(_ value: String) -> String { "(?-i)" + TextPattern.escaped(value) }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
