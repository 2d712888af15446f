import HierarchyFind
import XCTest

/// Each locator strategy with Appium's meaning, on real and faithfully written dumps.
final class LocatorEngineTests: XCTestCase {
    let android = "uiautomator/written-raw-dump-settings-1080x2400.xml"
    let ios = "appium-ios/shirates-ios-settings-top.xml"

    private func texts(_ result: FindResult) -> [String] { result.matches.map { $0.text ?? "-" } }

    func testIDMatchesResourceIDWholeOrAfterTheIDMarker() throws {
        let screen = try LoadedScreen(fixture: android)
        let titles = try screen.find(.id, "title")
        XCTAssertEqual(texts(titles), ["Network & internet", "Connected devices", "Apps", "Notifications", "Battery", "Dark theme", "Storage", "Sound & vibration"])
        XCTAssertEqual(titles.first, titles.matches.first?.id)
        XCTAssertEqual(try screen.find(.id, "com.android.settings:id/search_bar").matches.map(\.className), ["android.widget.LinearLayout"])
        XCTAssertTrue(try screen.find(.id, "com.other:id/search_bar").matches.isEmpty)
    }

    func testIDOnIOSIsTheName() throws {
        let screen = try LoadedScreen(fixture: ios)
        XCTAssertEqual(try screen.find(.id, "PASSWORDS").matches.map(\.className), ["XCUIElementTypeStaticText"])
        XCTAssertEqual(try screen.find(.accessibilityID, "General").matches.map(\.className), ["XCUIElementTypeCell", "XCUIElementTypeStaticText"])
    }

    func testAccessibilityIDIsTheContentDescriptionOnAndroid() throws {
        let screen = try LoadedScreen(fixture: android)
        let result = try screen.find(.accessibilityID, "Battery icon")
        XCTAssertEqual(result.matches.map(\.className), ["android.widget.ImageView"])
        // Not clickable itself, but its row is: a tap on it reaches the row.
        XCTAssertEqual(result.matches.first?.tappable, true)
        XCTAssertEqual(result.matches.first?.reasons, [])
    }

    func testClassNameIsTheClassOnAndroidAndTheTypeOnIOS() throws {
        XCTAssertEqual(try LoadedScreen(fixture: android).find(.className, "android.widget.Switch").matches.count, 1)
        XCTAssertEqual(try LoadedScreen(fixture: ios).find(.className, "XCUIElementTypeCell").matches.count, 15)
    }

    func testTextIsExactThenInAnyCase() throws {
        let screen = try LoadedScreen(fixture: android)
        XCTAssertEqual(texts(try screen.find(.text, "Network & internet")), ["Network & internet"])
        XCTAssertEqual(texts(try screen.find(.text, "NETWORK & INTERNET")), ["Network & internet"])
        XCTAssertTrue(try screen.find(.text, "Network").matches.isEmpty)
    }

    func testXPathRunsOverElementsNamedByClassAsUiAutomator2ServesThem() throws {
        let screen = try LoadedScreen(fixture: android)
        XCTAssertEqual(texts(try screen.find(.xpath, "//android.widget.TextView[@text='Apps']")), ["Apps"])
        XCTAssertTrue(try screen.find(.xpath, "//node[@text='Apps']").matches.isEmpty)
        XCTAssertEqual(texts(try screen.find(.xpath, "//*[@resource-id='android:id/title'][last()]")).count, 8)
        XCTAssertEqual(texts(try screen.find(.xpath, "(//*[@resource-id='android:id/title'])[last()]")), ["Sound & vibration"])
    }

    func testXPathOnAnAppiumPageSourceAsItIs() throws {
        let screen = try LoadedScreen(fixture: ios)
        let cells = try screen.find(.xpath, "//XCUIElementTypeCell[@name='Privacy']/XCUIElementTypeStaticText")
        XCTAssertEqual(texts(cells), ["Privacy"])
        // The wrapper stands for no view: selecting it finds nothing.
        XCTAssertTrue(try screen.find(.xpath, "/AppiumAUT").matches.isEmpty)
    }

    func testUiSelectorMethods() throws {
        let screen = try LoadedScreen(fixture: android)
        let cases: [(String, [String])] = [
            ("new UiSelector().text(\"Apps\")", ["Apps"]),
            ("new UiSelector().textContains(\"internet\")", ["Network & internet"]),
            ("new UiSelector().textStartsWith(\"Conn\")", ["Connected devices"]),
            ("new UiSelector().textMatches(\"[0-9]+% - .*\")", ["72% - Until 11:40 PM"]),
            ("new UiSelector().resourceId(\"android:id/title\").instance(2)", ["Apps"]),
            ("new UiSelector().resourceIdMatches(\".*:id/homepage_.*\")", ["Settings"]),
            ("new UiSelector().description(\"Battery icon\")", ["Battery icon"]),
            ("new UiSelector().descriptionContains(\"four bars\")", ["Phone four bars."]),
            ("new UiSelector().className(\"android.widget.Switch\").enabled(true)", ["-"]),
            ("new UiSelector().className(\"android.widget.TextView\").index(1).text(\"Mobile, Wi‑Fi, hotspot\")", ["Mobile, Wi‑Fi, hotspot"]),
            ("new UiSelector().clickable(true).childSelector(new UiSelector().text(\"Battery\"))", ["Battery"]),
            ("new UiSelector().text(\"Battery\").fromParent(new UiSelector().resourceId(\"android:id/summary\"))", ["72% - Until 11:40 PM"]),
            ("new UiSelector().checked(true).selected(true)", []),
            (".text(\"Apps\")", ["Apps"]),
            ("text(\"Apps\")", ["Apps"]),
        ]
        for (selector, expected) in cases {
            XCTAssertEqual(texts(try screen.find(.uiautomator, selector)), expected, selector)
        }
    }

    func testPredicateOperators() throws {
        let screen = try LoadedScreen(fixture: ios)
        let cases: [(String, Int)] = [
            ("type == 'XCUIElementTypeCell' AND name == 'Safari'", 1),
            ("label ==[c] 'SAFARI' AND type == 'XCUIElementTypeStaticText'", 1),
            ("name BEGINSWITH 'Pass'", 1),
            ("label ENDSWITH 'Center' AND type == \"XCUIElementTypeCell\"", 1),
            ("label CONTAINS[cd] 'SÌRI'", 2),
            ("label LIKE 'Sa*ri'", 2),
            ("label MATCHES 'P[a-z]+y' AND NOT (type == 'XCUIElementTypeStaticText')", 1),
            ("name IN {'News', 'Maps'} AND type == 'XCUIElementTypeCell'", 2),
            ("type == 'XCUIElementTypeButton' AND enabled == 0", 14),
            ("type == 'XCUIElementTypeCell' AND visible == false", 2),
            ("type == 'XCUIElementTypeCell' AND (rect.y > 800 OR rect.height < 45)", 3),
            ("type != 'XCUIElementTypeButton' AND name == 'chevron'", 0),
        ]
        for (predicate, count) in cases {
            XCTAssertEqual(try screen.find(.predicate, predicate).matches.count, count, predicate)
        }
    }

    func testClassChains() throws {
        let screen = try LoadedScreen(fixture: ios)
        XCTAssertEqual(texts(try screen.find(.classChain, "**/XCUIElementTypeCell[`name == 'Maps'`]/XCUIElementTypeStaticText")), ["Maps"])
        XCTAssertEqual(texts(try screen.find(.classChain, "**/XCUIElementTypeCell[2]")), ["General"])
        XCTAssertEqual(texts(try screen.find(.classChain, "**/XCUIElementTypeCell[-1]")), ["app.st"])
        XCTAssertEqual(try screen.find(.classChain, "**/XCUIElementTypeCell[`visible == 1`]/*").matches.count, 56)
        XCTAssertEqual(try screen.find(.classChain, "XCUIElementTypeWindow").matches.count, try screen.find(.xpath, "/AppiumAUT/XCUIElementTypeApplication/XCUIElementTypeWindow").matches.count)
    }
}
