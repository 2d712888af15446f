import Foundation
import HierarchyFind
import HierarchyTestSupport
import XCTest

/// The locator taken out of the test frameworks' own failure texts: the real ones recorded in
/// `Tests/Fixtures/failures` (copied from the frameworks' tests and documentation under their
/// licences) and one-line messages in the forms public bug reports show (Tests/Fixtures/SOURCES.md,
/// "Failure messages": none of those carries a licence that allows copying).
final class FailureLocatorFrameworkTests: XCTestCase {
    private func extract(_ text: String) -> Locator? { FailureLocator.extract(from: text) }

    private func check(_ cases: [(String, Locator.Strategy, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (text, using, value) in cases {
            let locator = extract(text)
            XCTAssertEqual(locator?.using, using, text, file: file, line: line)
            XCTAssertEqual(locator?.value, value, text, file: file, line: line)
        }
    }

    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.fixture("failures/" + name), encoding: .utf8)
    }

    func testComposeErrorMessagesOfItsOwnTests() throws {
        let cases: [(String, Locator.Strategy, String)] = [
            ("androidx-compose-assertexists-tag.txt", .id, "MyButton3"),
            ("androidx-compose-gesture-tag-and-click.txt", .id, "MyButton3"),
            // `contains 'x'` without `as substring` is one of the texts equal to it, in this case.
            ("androidx-compose-gesture-two-nodes.txt", .textMatching, "(?-i)Toggle"),
            ("androidx-compose-assertexists-unmerged-hint.txt", .textMatching, "(?-i)Banana"),
            ("androidx-compose-no-longer-in-tree.txt", .textMatching, "(?-i)Hello"),
        ]
        for (name, using, value) in cases {
            let locator = try XCTUnwrap(extract(try fixture(name)), name)
            XCTAssertEqual(locator.using, using, name)
            XCTAssertEqual(locator.value, value, name)
        }
    }

    func testComposeFormsOfBugReports() {
        check([
            ("java.lang.AssertionError: Failed to inject touch input.\nReason: Expected exactly '1' node but could not find any node that satisfies: (Text + InputText + EditableText contains '15' (ignoreCase: false))",
             .textMatching, "(?-i)15"),
            ("Reason: Expected exactly '1' node but could not find any node that satisfies: (Text + InputText + EditableText contains 'it's (1)' (ignoreCase: true) as substring)",
             .textMatching, ".*it's \\(1\\).*"),
            ("Reason: Expected exactly '1' node but could not find any node that satisfies: (ContentDescription = 'Navigate up' (ignoreCase: false))", .accessibilityID, "Navigate up"),
            ("Reason: Expected exactly '1' node but could not find any node that satisfies: (ContentDescription contains 'up' (ignoreCase: false))", .textMatching, "(?-i).*up.*"),
        ])
    }

    func testDetoxDocumentationTexts() throws {
        // The code frame's failing line holds the matcher as the test wrote it: read with Detox's meaning.
        let ios = try XCTUnwrap(extract(try fixture("detox-docs-no-elements-found-ios.txt")))
        XCTAssertEqual(ios.using, .predicate)
        XCTAssertEqual(ios.value, "testID == \"welcome\" OR identifier == \"welcome\"")
        XCTAssertEqual(ios.rule, .detox)
        XCTAssertEqual(ios.quoted, "> 11 |     await expect(element(by.id('welcome'))).toBeVisible();")
        // Without the code frame, the framework's description of it.
        let described = try XCTUnwrap(extract(try fixture("detox-docs-no-elements-found-ios.txt").replacing(/(?m)^ *> 11 .*$/, with: "")))
        XCTAssertEqual(described.using, .id)
        XCTAssertEqual(described.value, "welcome")
        XCTAssertEqual(described.quoted, "Test Failed: No elements found for “MATCHER(id == “welcome”)”")
        let earlGrey = try XCTUnwrap(extract(try fixture("detox-docs-cannot-find-ui-element-earlgrey.txt")))
        XCTAssertEqual(earlGrey.using, .id)
        XCTAssertEqual(earlGrey.value, "Welcome")
    }

    func testDetoxForms() {
        check([
            ("DetoxRuntimeError: Test Failed: No elements found for “MATCHER(identifier == “messageText”)”", .id, "messageText"),
            ("Test Failed: No elements found for “MATCHER(text == “Sign “in””)”", .text, "Sign “in”"),
            ("Test Failed: No elements found for “MATCHER(label == “Back” AND type == “RCTView”) AT INDEX(1)”", .accessibilityID, "Back"),
            ("Test Failed: No views in hierarchy found matching: (view.getTag() is \"hello_button\" and view has effective visibility <VISIBLE>)", .id, "hello_button"),
        ])
    }

    func testDetoxFixtureOfAndroidJest() throws {
        let text = try String(contentsOf: TestPaths.fixture("dumps/detox/written-jest-failure-android-rn73.txt"), encoding: .utf8)
        XCTAssertEqual(extract(text)?.using, .id)
        XCTAssertEqual(extract(text)?.value, "hello_button")
    }

    func testEspressoMatcherDescriptions() {
        check([
            // NoMatchingViewException.java:83 around WithResourceNameMatcher.describeTo (ViewMatchers.java:805).
            ("androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: view.getId()'s resource name should match is \"login\"", .id, "login"),
            ("No views in hierarchy found matching: view.getClass().getName() matches: is \"android.widget.Button\"", .className, "android.widget.Button"),
            ("androidx.test.espresso.AmbiguousViewMatcherException: 'view.getText() with or without transformation to match: is \"OK\"' matches 2 views in the hierarchy:", .text, "OK"),
            ("android.support.test.espresso.AmbiguousViewMatcherException: 'with text: is \"OK\"' matches multiple views in the hierarchy.", .text, "OK"),
            ("No views in hierarchy found matching: view.getId() is <com.example:id/login>", .id, "com.example:id/login"),
        ])
    }

    func testFlutterFinderDescriptions() {
        check([
            ("Expected: exactly one matching candidate\n  Actual: _TextWidgetFinder:<Found 0 widgets with text \"0\": []>\n   Which: means none were found but one was expected", .textMatching, "(?-i)0"),
            ("Actual: _KeyWidgetFinder:<Found 0 widgets with key [<'resetPassword'>]>", .id, "resetPassword"),
            ("The finder \"Found 0 widgets with key [<'page-viewer-export-all-images'>]: []\" could not find any matching widgets.", .id, "page-viewer-export-all-images"),
            ("Found 0 widgets with type \"LedgerScreen\": []", .className, "LedgerScreen"),
            ("Actual: ?:<zero widgets with text \"Sign in\" (ignoring offstage widgets)>", .textMatching, "(?-i)Sign in"),
            ("Actual: _TextContainingWidgetFinder:<Found 0 widgets with text containing daily: []>", .textMatching, "(?-i).*daily.*"),
            ("Actual: _TextWidgetFinder:<Found 0 widgets with text \"Say \"hi\"\": []>", .textMatching, "(?-i)Say \"hi\""),
        ])
    }

    /// A global key in a finder's description, as `LabeledGlobalKey.toString` prints it (the form
    /// real reports show: `GetNavigator-[LabeledGlobalKey<NavigatorState>#13608]`, nivisi/
    /// GetNavigatorIssue's issue text), becomes the finder that matches it as a dump prints it.
    func testFlutterGlobalKeyFinderDescriptions() throws {
        let cases: [(String, String)] = [
            ("Actual: _KeyWidgetFinder:<Found 0 widgets with key [LabeledGlobalKey<FormState>#29477 login]: []>", "find.byKey(GlobalKey<FormState>(debugLabel: 'login'))"),
            ("The finder \"Found 0 widgets with key [GlobalKey#1a2b3 ink renderer]: []\" could not find any matching widgets.", "find.byKey(GlobalKey(debugLabel: 'ink renderer'))"),
            ("Actual: _KeyWidgetFinder:<Found 0 widgets with key [LabeledGlobalKey<NavigatorState>#13608]: []>", "find.byKey(GlobalKey<NavigatorState>())"),
        ]
        for (text, matcher) in cases {
            let locator = try XCTUnwrap(FailureLocator.extract(from: text), text)
            XCTAssertEqual(locator.using, .matcher, text)
            XCTAssertEqual(locator.value, matcher, text)
            XCTAssertEqual(locator.rule, .flutter, text)
        }
    }

    func testMaestroElementNotFound() {
        check([
            ("10:40:58.893  [ERROR] CommandFailed: Element not found: Text matching regex: 学习|Study", .textMatching, "学习|Study"),
            ("Element not found: Id matching regex: login_button", .idMatching, "login_button"),
            ("[Failed] clear_all_filters (2m 45s) (Element not found: Text matching regex: Show results)", .textMatching, "Show results"),
            ("Element not found: Text matching regex: .*Next.*, Below: Text matching regex: Email", .textMatching, ".*Next.*"),
        ])
    }

    func testSeleniumForms() {
        check([
            ("Session ID: 9e942e74\n*** Element info: {Using=xpath, value=//div[@id='divR1I2']//descendant::a[@title='Add Item']}\n    at integration.tests.EditIT.test(EditIT.java:138)",
             .xpath, "//div[@id='divR1I2']//descendant::a[@title='Add Item']"),
            ("*** Element info: {Using=id, value=com.app:id/login}", .id, "com.app:id/login"),
            ("Driver info: org.openqa.selenium.chrome.ChromeDriver\nCommand: [fe3a21ae, findElement {using=xpath, value=//button[@onclick=\"cart.add('43');\"]}]\nCapabilities {acceptInsecureCerts: false}",
             .xpath, "//button[@onclick=\"cart.add('43');\"]"),
            ("Command: [xxx, findElement {using=xpath, value=//td[span='A3']/following-sibling::td[contains(@class, 't-c')]/span/a[@onclick=\"do_pop('r','A3'); return false;\"]}]",
             .xpath, "//td[span='A3']/following-sibling::td[contains(@class, 't-c')]/span/a[@onclick=\"do_pop('r','A3'); return false;\"]"),
            ("org.openqa.selenium.NoSuchElementException: Unable to find element with locator By.xpath: //span[text()='Ranjith Kumar']\nFor documentation on this error", .xpath, "//span[text()='Ranjith Kumar']"),
            // ChromeDriver prints the selector without escaping its quotes.
            ("selenium.common.exceptions.NoSuchElementException: Message: no such element: Unable to locate element: {\"method\":\"xpath\",\"selector\":\"//div[@id=\"main\"]/header/div[1]/span\"}\n  (Session info: chrome=105.0)",
             .xpath, "//div[@id=\"main\"]/header/div[1]/span"),
            ("Unable to locate element: {\"method\":\"xpath\",\"selector\":\"//a[@class='btn' and text()='提 交']\"}", .xpath, "//a[@class='btn' and text()='提 交']"),
        ])
    }

    func testWebdriverIOSelectors() {
        check([
            ("[emulator-5554 Android 10 #0-0] Error: element (\"~Home\") still not displayed after 20000ms", .accessibilityID, "Home"),
            ("element (\"android=new UiSelector().textContains(\"NEXT\")\") still not displayed after 45000ms", .uiautomator, "new UiSelector().textContains(\"NEXT\")"),
            ("element (\"//android.widget.Button[@text=\"OK\"]\") still not existing after 5000ms", .xpath, "//android.widget.Button[@text=\"OK\"]"),
        ])
        // A CSS selector is a web page's, which no dump here answers.
        XCTAssertNil(extract("Error: element (\"#login-email\") still not displayed after 5000ms"))
    }

    func testMessagesInsideReportsLogsQuotesAndJSON() {
        check([
            // A JUnit report's attribute.
            ("<failure message=\"Test Failed: No elements found for “MATCHER(id == “post_list”)”\" type=\"Error\"/>", .id, "post_list"),
            // A Markdown quote.
            ("> `Failed to assert the following: (Focused = 'true')`\n> `Reason: Expected exactly '1' node but could not find any node that satisfies: (TestTag = 'seal')`", .id, "seal"),
            // A Jest JSON report: the message escaped, its line breaks `\n`.
            ("{\"failureMessages\":[\"Error: Test Failed: No elements found for \\u201cMATCHER(id == \\u201cpost_list\\u201d)\\u201d\\n    at Object.<anonymous>\"]}", .id, "post_list"),
            // Cucumber's JSON report around Selenium 3's element info, escaped twice.
            ("\"error_message\": \"Session ID: 050a\\\\n*** Element info: {Using=xpath, value=//android.widget.EditText[@text=\\u0027SkyMiles® Number\\u0027]}\\\\n        at sun.reflect\"",
             .xpath, "//android.widget.EditText[@text='SkyMiles® Number']"),
        ])
    }

    func testTextsWithoutALocatorStayWithout() {
        XCTAssertNil(extract("Failed to assert the following: (OnClick is defined)\nReason: Expected exactly '1' node but found '2' nodes that satisfy: (Role = 'Button')"))
        XCTAssertNil(extract("Expected: exactly one matching candidate\n  Actual: _WidgetPredicateFinder:<Found 0 widgets with widget matching predicate: []>"))
    }
}
