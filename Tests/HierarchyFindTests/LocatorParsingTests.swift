import HierarchyFind
import XCTest

/// A locator that does not parse is refused with the column where reading stopped.
final class LocatorParsingTests: XCTestCase {
    private func error(_ using: Locator.Strategy, _ value: String) throws -> LocatorError {
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        do {
            _ = try screen.find(using, value)
        } catch let error as LocatorError {
            return error
        }
        XCTFail("\(value) parsed")
        throw XCTSkip("no error")
    }

    func testColumns() throws {
        let cases: [(Locator.Strategy, String, Int, String)] = [
            (.predicate, "label == ", 10, "expected a key path"),
            (.predicate, "label ~ 'x'", 7, "expected a comparison"),
            (.predicate, "label == 'x' AND", 17, "expected a key path"),
            (.predicate, "(label == 'x'", 14, "expected ')'"),
            (.predicate, "label == 'x", 10, "never closed"),
            (.predicate, "name BEGINSWITH[x] 'a'", 17, "expected c or d"),
            (.uiautomator, "new UiSelector().txt(\"a\")", 18, "'txt' is not a UiSelector method"),
            (.uiautomator, "new UiSelector().text(\"a\"", 26, "expected ')' closing text("),
            (.uiautomator, "new UiSelector().instance(-1)", 27, "instance takes an integer"),
            (.uiautomator, "new UiSelector().textMatches(\"(\")", 18, "not a regular expression"),
            (.classChain, "**/XCUIElementTypeCell[0]", 24, "expected a position"),
            (.classChain, "**/XCUIElementTypeCell[`name ==`]", 32, "expected a key path"),
            (.classChain, "**/XCUIElementTypeCell[`name == 'a'", 24, "never closed"),
            (.xpath, "//XCUIElementTypeCell[@name='a'", 32, "libxml2: "),
            (.xpath, "//*[@name='a]", 14, "libxml2: "),
            (.xpath, "//*[", 5, "libxml2: "),
        ]
        for (using, value, column, message) in cases {
            let e = try error(using, value)
            XCTAssertEqual(e.column, column, value)
            XCTAssertTrue(e.message.contains(message), "\(value): \(e.message)")
        }
    }

    func testAnXPathThatSelectsAttributesIsRefused() throws {
        XCTAssertTrue(try error(.xpath, "//XCUIElementTypeCell/@name").message.contains("attributes"))
    }

    func testTheMessageNamesTheOption() throws {
        XCTAssertEqual(try error(.predicate, "label == ").description, "--predicate: column 10: expected a key path, a string, a number or a list, found the end")
    }
}
