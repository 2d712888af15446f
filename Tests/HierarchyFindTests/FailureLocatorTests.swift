import Foundation
import HierarchyFind
import HierarchyTestSupport
import XCTest

/// The locator taken out of failure messages: the Espresso and XCUITest fixtures' real forms,
/// and the forms Selenium, Appium and Espresso print as public projects show them (see
/// Tests/Fixtures/SOURCES.md, "Failure messages").
final class FailureLocatorTests: XCTestCase {
    private func extract(_ text: String) -> Locator? { FailureLocator.extract(from: text) }

    func testEspressoFixturesGiveTheTextTheTestLookedFor() throws {
        for name in ["written-nomatching-1080x2400.txt", "written-old-guava-1080x2400.txt", "written-junit-report-1080x2400.xml", "written-logcat-two-failures.txt"] {
            let text = try String(contentsOf: TestPaths.fixture("dumps/espresso/" + name), encoding: .utf8)
            let locator = try XCTUnwrap(extract(text), name)
            XCTAssertEqual(locator.using, .text, name)
            XCTAssertEqual(locator.value, "Network & internet", name)
            XCTAssertTrue(locator.quoted?.contains("NoMatchingViewException") ?? false, name)
        }
    }

    func testEspressoFixtureRunsItsLocatorOnItsOwnHierarchy() throws {
        // The screen the failure printed has no such text (which is why the test failed); the
        // rows it has are found the same way.
        let path = TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path
        let screen = try LoadedScreen(path)
        let locator = try XCTUnwrap(extract(try String(contentsOfFile: path, encoding: .utf8)))
        let result = try screen.find(locator)
        XCTAssertEqual(result.matches, [])
        XCTAssertFalse(result.canTap)
        XCTAssertEqual(try screen.find(Locator(using: locator.using, value: "Display")).matches.map(\.text), ["Display"])
    }

    func testXCUITestActivityGivesTypeAndIdentifier() throws {
        let text = try String(contentsOf: TestPaths.fixture("dumps/xcuitest/written-failure-log-390x844.txt"), encoding: .utf8)
        let locator = try XCTUnwrap(extract(text))
        XCTAssertEqual(locator.using, .predicate)
        XCTAssertEqual(locator.value, "type == \"XCUIElementTypeButton\" AND \"Network\" IN identifiers")
        XCTAssertEqual(locator.quoted, "t =     3.21s Checking existence of `\"Network\" Button`")
    }

    func testSeleniumAndAppiumForms() {
        let cases: [(String, Locator.Strategy, String)] = [
            ("org.openqa.selenium.NoSuchElementException: Cannot locate an element using By.xpath: //android.widget.Button[@text='Sign in']\nFor documentation on this error",
             .xpath, "//android.widget.Button[@text='Sign in']"),
            // Cucumber's JSON report: the message escaped inside a string.
            ("\"error_message\": \"Caused by: org.openqa.selenium.NoSuchElementException: Cannot locate an element using By.xpath: //p[text()\\u003d\\u0027Sign in\\u0027]\\nFor documentation",
             .xpath, "//p[text()='Sign in']"),
            ("NoSuchElementException: no such element: Unable to locate element: {\"method\":\"xpath\",\"selector\":\"//*[@content-desc=\\\"Login\\\"]\"}",
             .xpath, "//*[@content-desc=\"Login\"]"),
            ("[HTTP] --> POST /wd/hub/session/4a1f/element {\"using\":\"accessibility id\",\"value\":\"Login\"}", .accessibilityID, "Login"),
            ("[W3C] Calling AppiumDriver.findElement() with args: using \"-android uiautomator\" value \"new UiSelector().text(\\\"OK\\\")\"", .uiautomator, "new UiSelector().text(\"OK\")"),
            ("By.AndroidUIAutomator: new UiSelector().resourceId(\"com.app:id/login\")", .uiautomator, "new UiSelector().resourceId(\"com.app:id/login\")"),
            ("By.id: com.app:id/login", .id, "com.app:id/login"),
            ("By.accessibilityId: Sign in", .accessibilityID, "Sign in"),
            ("By.iOSClassChain: **/XCUIElementTypeButton[`label == \"OK\"`]", .classChain, "**/XCUIElementTypeButton[`label == \"OK\"`]"),
            ("By.iOSNsPredicateString: label == \"OK\"", .predicate, "label == \"OK\""),
        ]
        for (text, using, value) in cases {
            XCTAssertEqual(extract(text)?.using, using, text)
            XCTAssertEqual(extract(text)?.value, value, text)
        }
    }

    func testEspressoForms() {
        let cases: [(String, Locator.Strategy, String)] = [
            ("androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: with id: com.example.app:id/loginButton", .id, "com.example.app:id/loginButton"),
            ("No views in hierarchy found matching: with id is <com.example:id/secondItem>", .id, "com.example:id/secondItem"),
            ("No views in hierarchy found matching: with text: is \"Sign in\"", .text, "Sign in"),
            ("No views in hierarchy found matching: with content description: is \"Navigate up\"", .accessibilityID, "Navigate up"),
            ("No views in hierarchy found matching: (with id: com.app:id/ok and with text: is \"OK\")", .id, "com.app:id/ok"),
        ]
        for (text, using, value) in cases {
            XCTAssertEqual(extract(text)?.using, using, text)
            XCTAssertEqual(extract(text)?.value, value, text)
        }
    }

    func testXCUITestForms() {
        XCTAssertEqual(extract("No matches found for Elements matching predicate '\"Sign in\" IN identifiers' from input {(\n Button)}")?.value, "\"Sign in\" IN identifiers")
        XCTAssertEqual(extract("Failed to get matching snapshot: No matches found for Descendants matching type Button and identifier == \"login\"")?.value, "identifier == \"login\"")
    }

    func testTextWithoutALocatorGivesNone() {
        XCTAssertNil(extract("An element could not be located on the page using the given search parameters."))
        XCTAssertNil(extract(""))
    }
}
