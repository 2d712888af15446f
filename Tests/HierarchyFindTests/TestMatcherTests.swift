import Foundation
import HierarchyFind
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Matchers as tests write them: read into locators, and run on real trees of each framework with
/// matchers generated from the trees' own nodes, `find` giving exactly the nodes the framework's
/// documented semantics give (the text whole and in its case; the test tag, test id or resource
/// name).
final class TestMatcherTests: XCTestCase {
    func testEachFrameworksMatcherReads() {
        let cases: [(String, Locator.Strategy, String)] = [
            ("onView(withId(R.id.login))", .idMatching, "(?-i)login"),
            ("onView(withText(\"Sign in\"))", .textMatching, "(?-i)Sign in"),
            ("withContentDescription(\"Navigate up\")", .accessibilityID, "Navigate up"),
            ("onView(ViewMatchers.withResourceName(\"login\"));", .idMatching, "(?-i)login"),
            ("withClassName(is(\"android.widget.Button\"))", .className, "android.widget.Button"),
            // Compose's finders run over its merged semantics: the matcher strategy.
            ("composeTestRule.onNodeWithTag(\"login\")", .matcher, "composeTestRule.onNodeWithTag(\"login\")"),
            ("rule.onNode(hasText(\"Sign in\"));", .matcher, "rule.onNode(hasText(\"Sign in\"))"),
            ("find.text('Sign in')", .textMatching, "(?-i)Sign in"),
            ("find.textContaining(\"Sign\")", .textMatching, "(?-i).*Sign.*"),
            ("element(by.id('login'))", .predicate, "testID == \"login\" OR identifier == \"login\""),
            ("by.label(\"Back\")", .accessibilityID, "Back"),
            ("element(by.text('Sign in'))", .textMatching, "(?-i)Sign in"),
            // Maestro orders its matches (clickable ones first): the matcher strategy.
            ("- tapOn: \"Sign in\"", .matcher, "- tapOn: \"Sign in\""),
            ("app.tables.cells[\"x\"]", .matcher, "app.tables.cells[\"x\"]"),
            ("app.buttons.matching(identifier: \"x\")", .predicate, "type == \"XCUIElementTypeButton\" AND \"x\" IN identifiers"),
            ("find.byKey(const ValueKey('login'))", .matcher, "find.byKey(const ValueKey('login'))"),
            ("withText(containsString(\"Sign\"))", .textMatching, "(?-i).*Sign.*"),
            ("app.buttons[\"Sign in\"]", .predicate, "type == \"XCUIElementTypeButton\" AND \"Sign in\" IN identifiers"),
        ]
        for (text, using, value) in cases {
            let locator = TestMatcher.locator(text)
            XCTAssertEqual(locator?.using, using, text)
            XCTAssertEqual(locator?.value, value, text)
        }
        XCTAssertNil(TestMatcher.locator("Sign in"))
        XCTAssertEqual(TestMatcher.locator("onView(allOf(withId(R.id.a), withText(\"b\")))")?.using, .matcher)
    }

    /// The trees of each framework the importers read, with the matcher each writes for a text
    /// and for an id.
    static let trees: [(String, @Sendable (String) -> String, @Sendable (String) -> String)] = [
        ("espresso/written-nomatching-1080x2400.txt", { "onView(withText(\"\($0)\"))" }, { "onView(withResourceName(\"\($0)\"))" }),
        // Compose's merged texts: MatcherCombinationTests.testComposeTextsFollowMergedSemantics.
        ("detox/detox-e2e-android-rn73-1080x2220.xml", { "element(by.text('\($0)'))" }, { "element(by.id('\($0)'))" }),
        ("detox/detox-e2e-ios-rn73-430x932.xml", { "element(by.text('\($0)'))" }, { "element(by.id('\($0)'))" }),
        ("maestro/written-android-with-preamble-1080x2400.json", { "- tapOn: \"\($0)\"" }, { "- tapOn: {id: \($0)}" }),
    ]

    func testGeneratedMatchersFindExactlyTheirNodes() throws {
        for (fixture, textMatcher, idMatcher) in Self.trees {
            let screen = try LoadedScreen(fixture: fixture)
            let nodes = (0..<screen.document.tree.count).map { screen.document.tree[$0] }
            var checked = 0
            // Texts a string literal holds as they are; for Maestro, whose text is a regular
            // expression, only those that mean themselves.
            let plain = fixture.hasPrefix("maestro/") ? /[\w ]+/ : /[^"'\\$\n]+/
            for text in Set(nodes.compactMap(\.text)) where text.wholeMatch(of: plain) != nil {
                let locator = try XCTUnwrap(TestMatcher.locator(textMatcher(text)), fixture)
                // Maestro's regular expressions take any case; the others keep it.
                let anyCase = !locator.value.hasPrefix("(?-i)")
                let expected = nodes.filter { $0.text == text || (anyCase && $0.text?.lowercased() == text.lowercased()) }
                let found = try screen.find(locator).matches
                XCTAssertEqual(found.count, expected.count, "\(fixture): \(textMatcher(text))")
                XCTAssertTrue(found.allSatisfy { $0.text?.lowercased() == text.lowercased() }, "\(fixture): \(textMatcher(text))")
                checked += 1
            }
            // Detox's test id is its own attribute; the others' the resource name after `:id/`.
            let idOf: (ViewNode) -> String? = fixture.hasPrefix("detox/")
                ? { $0.attributes["testID"] ?? $0.attributes["identifier"] }
                : { $0.attributes["resource-id"]?.split(separator: "/").last.map(String.init) }
            for short in Set(nodes.compactMap(idOf)) where short.wholeMatch(of: /[\w.:]+/) != nil {
                let locator = try XCTUnwrap(TestMatcher.locator(idMatcher(short)), fixture)
                let expected = nodes.filter { idOf($0) == short }
                XCTAssertEqual(try screen.find(locator).matches.count, expected.count, "\(fixture): \(idMatcher(short))")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, fixture)
        }
    }
}
