import Foundation
import HierarchyFind
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Each framework's rule for a tap, measured on real dumps: the share displayed for Espresso and
/// Detox, the centre's hit test for XCUITest, Flutter and Maestro, something inside the root for
/// Compose; Appium's locators keep Appium's reasons.
final class TapRuleTests: XCTestCase {
    func everyView(_ screen: LoadedScreen, rule: TapRule?) throws -> [FindResult.Match] {
        try screen.find(Locator(using: .xpath, value: "//*", rule: rule)).matches
    }

    /// Espresso's `isDisplayingAtLeast(90)`: the visible area over the view's (each side at most
    /// the screen's), truncated to a whole percentage, below 90 refuses the click.
    func testEspressoRuleIsTheDisplayedShare() throws {
        var refused = 0
        for path in try LoadedScreen.allDumps() where path.contains("/uiautomator/") || path.contains("/espresso/") {
            let screen = try LoadedScreen(path)
            let matches = try everyView(screen, rule: .espresso)
            let root = screen.document.tree.root.bounds
            for match in matches {
                let maxArea = min(match.frame.width, root.width) * min(match.frame.height, root.height)
                let share = maxArea > 0 ? (match.visibleFrame?.area ?? 0) / maxArea : 0
                let reason = match.reasons.first { $0.kind == .rule }
                XCTAssertEqual(reason != nil, (share * 100).rounded(.down) < 90, "\(path): \(match.id)")
                if let reason {
                    XCTAssertEqual(reason.share ?? -1, share, accuracy: 1e-9)
                    XCTAssertFalse(match.tappable)
                    XCTAssertTrue(match.lines.contains("    - \(Int((share * 100).rounded(.down)))% displayed; Espresso's click needs 90%"), "\(match.lines)")
                    refused += 1
                }
            }
            XCTAssertTrue(try everyView(screen, rule: nil).allSatisfy { !$0.reasons.contains { $0.kind == .rule } }, "Appium's rule adds nothing: \(path)")
        }
        XCTAssertGreaterThan(refused, 0, "some real view is displayed less than 90%")
    }

    /// Detox wants 75%: every view Espresso would click passes it, and some it refuses remain.
    func testDetoxRuleWantsThreeQuarters() throws {
        let screen = try LoadedScreen(fixture: "detox/detox-e2e-android-rn73-1080x2220.xml")
        let espresso = try everyView(screen, rule: .espresso)
        let detox = try everyView(screen, rule: .detox)
        for (e, d) in zip(espresso, detox) {
            let eRefused = e.reasons.contains { $0.kind == .rule }, dRefused = d.reasons.contains { $0.kind == .rule }
            XCTAssertTrue(!dRefused || eRefused, "a view under 75% is under 90%: \(d.id)")
            if let share = d.reasons.first(where: { $0.kind == .rule })?.share { XCTAssertLessThan(share, 0.75) }
        }
    }

    /// XCUITest's `isHittable`: the centre of the whole frame inside what shows and not taken by a
    /// view in front; the view named is one whose frame holds the centre.
    func testCentreRulesNameWhatTakesTheCentre() throws {
        var covered = 0, outside = 0
        for path in try LoadedScreen.allDumps() where path.contains("/appium-ios/") {
            let screen = try LoadedScreen(path)
            let frames = Dictionary(uniqueKeysWithValues: try everyView(screen, rule: nil).map { ($0.id, $0.frame) })
            for rule in [TapRule.xcuitest, .flutter, .maestro] {
                for match in try everyView(screen, rule: rule) {
                    guard let reason = match.reasons.first(where: { $0.kind == .rule }) else { continue }
                    let centre = try XCTUnwrap(reason.point)
                    XCTAssertEqual(centre, Point(x: match.frame.midX, y: match.frame.midY))
                    if let by = reason.by {
                        let front = try XCTUnwrap(frames[by])
                        XCTAssertTrue(centre.x >= front.minX && centre.x < front.maxX && centre.y >= front.minY && centre.y < front.maxY, "\(path): \(by)")
                        XCTAssertFalse(by.hasPrefix(match.id + "."), "a descendant passes the tap on: \(by)")
                        covered += 1
                    } else {
                        let visible = match.visibleFrame
                        XCTAssertTrue(visible.map { !(centre.x >= $0.minX && centre.x < $0.maxX && centre.y >= $0.minY && centre.y < $0.maxY) } ?? true)
                        outside += 1
                    }
                    XCTAssertFalse(match.tappable)
                }
            }
        }
        XCTAssertGreaterThan(covered + outside, 0)
    }

    /// A matcher brings its framework's rule; `--rule` overrides it; Appium's locators keep Appium's.
    func testTheRuleFollowsTheLocator() throws {
        XCTAssertEqual(TapRule.of(TestMatcher.locator("onView(withText(\"OK\"))")!), .espresso)
        XCTAssertEqual(TapRule.of(TestMatcher.locator("composeTestRule.onNodeWithTag(\"a\")")!), .compose)
        XCTAssertEqual(TapRule.of(TestMatcher.locator("find.text('a')")!), .flutter)
        XCTAssertEqual(TapRule.of(TestMatcher.locator("element(by.id('a'))")!), .detox)
        XCTAssertEqual(TapRule.of(TestMatcher.locator("- tapOn: a")!), .maestro)
        XCTAssertEqual(TapRule.of(TestMatcher.locator("app.buttons[\"a\"]")!), .xcuitest)
        XCTAssertEqual(TapRule.of(Locator(using: .xpath, value: "//a")), .appium)
        XCTAssertEqual(TapRule.of(Locator(using: .xpath, value: "//a", rule: .espresso)), .espresso)
        let performed = try String(contentsOf: TestPaths.fixture("failures/kiwix-espresso-perform-exception-constraints.txt"), encoding: .utf8)
        let locator = try XCTUnwrap(FailureLocator.extract(from: performed))
        XCTAssertEqual(locator.using, .id)
        XCTAssertEqual(locator.value, "org.kiwix.kiwixmobile:id/zim_swiperefresh")
        XCTAssertEqual(locator.constraint, "at least 90 percent of the view's area is displayed to the user.")
        XCTAssertEqual(locator.rule, .espresso)
    }
}
