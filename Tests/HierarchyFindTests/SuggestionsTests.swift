import HierarchyFind
import XCTest

/// When nothing matches: at most five views, best first, and what differs.
final class SuggestionsTests: XCTestCase {
    let android = "uiautomator/written-raw-dump-settings-1080x2400.xml"

    func testSameTextInAnotherCaseComesFirst() throws {
        let result = try LoadedScreen(fixture: android).find(.xpath, "//*[@text='network & Internet']")
        XCTAssertTrue(result.matches.isEmpty)
        XCTAssertNil(result.first)
        XCTAssertEqual(result.suggestions.first?.text, "Network & internet")
        XCTAssertEqual(result.suggestions.first?.because, "the same text in another case: 'Network & internet'")
        XCTAssertLessThanOrEqual(result.suggestions.count, 5)
    }

    func testTypo() throws {
        let result = try LoadedScreen(fixture: android).find(.uiautomator, "new UiSelector().text(\"Notifcations\")")
        XCTAssertEqual(result.suggestions.first?.text, "Notifications")
        XCTAssertEqual(result.suggestions.first?.because, "text 'Notifications' differs by 1 character (a typo?)")
    }

    func testIDUnderAnotherPackage() throws {
        let result = try LoadedScreen(fixture: android).find(.id, "com.example:id/homepage_title")
        XCTAssertEqual(result.suggestions.first?.because, "the id under another package: 'com.android.settings:id/homepage_title'")
    }

    func testTextOnTheChildOfTheClickableView() throws {
        // The row takes the taps; its title holds the text the button locator wanted.
        let screen = try LoadedScreen(fixture: android)
        let result = try screen.find(.xpath, "//android.widget.LinearLayout[@clickable='true'][@text='Apps']")
        let row = try XCTUnwrap(result.suggestions.first { $0.because.hasPrefix("takes the taps") })
        XCTAssertEqual(row.className, "android.widget.LinearLayout")
        let title = try XCTUnwrap(screen.find(.text, "Apps").matches.first)
        XCTAssertEqual(row.because, "takes the taps; the text 'Apps' is on its child \(title.id)")
    }

    func testSameClassAnotherLabel() throws {
        let result = try LoadedScreen(fixture: android).find(.xpath, "//android.widget.Switch[@text='Wi-Fi']")
        XCTAssertTrue(result.suggestions.contains { $0.className == "android.widget.Switch" && $0.because == "the same class, without a label" })
    }
}
