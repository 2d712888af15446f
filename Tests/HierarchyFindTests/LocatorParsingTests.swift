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
            (.uiautomator, "", 1, "a UiSelector without a method selects nothing in particular"),
            (.uiautomator, "new UiSelector()", 1, "a UiSelector without a method selects nothing in particular"),
            (.predicate, "label MATCHES \"((\"", 15, "MATCHES: '((' is not a regular expression"),
            (.classChain, "**/XCUIElementTypeCell[`label MATCHES '(('`]", 39, "MATCHES: '((' is not a regular expression"),
            (.classChain, "**/XCUIElementTypeCell[0]", 24, "expected a position"),
            (.classChain, "**/XCUIElementTypeCell[`name ==`]", 32, "expected a key path"),
            (.classChain, "**/XCUIElementTypeCell[`name == 'a'", 24, "never closed"),
            (.xpath, "//XCUIElementTypeCell[@name='a'", 32, "expected ']', found the end"),
            (.xpath, "//*[@name='a]", 11, "never closed"),
            (.xpath, "//*[", 5, "expected an expression, found the end"),
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

    /// The parsers descend recursively: nesting is counted to 100 levels and refused past them,
    /// where it is reached, before the stack could overflow (20,000 parentheses did).
    func testNestingPastTheLimitIsRefusedWhereItIsReached() throws {
        let nested: [(Locator.Strategy, (Int) -> String, Int)] = [
            (.predicate, { String(repeating: "(", count: $0) + "label == 'a'" + String(repeating: ")", count: $0) }, 101),
            (.predicate, { String(repeating: "NOT ", count: $0) + "label == 'a'" }, 400),
            (.predicate, { "label IN " + String(repeating: "{", count: $0) + String(repeating: "}", count: $0) }, 110),
            (.classChain, { "**/XCUIElementTypeCell[`" + String(repeating: "(", count: $0) + "label == 'a'" + String(repeating: ")", count: $0) + "`]" }, 125),
        ]
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        for (using, text, column) in nested {
            XCTAssertNoThrow(try screen.find(using, text(98)), text(2))
            for deep in [200, 20_000] {
                let e = try error(using, text(deep))
                XCTAssertEqual(e.column, column, text(2))
                XCTAssertTrue(e.message.hasPrefix("nested more than 100 levels deep"), e.message)
            }
        }
    }

    /// A long chain of ORs is not deep: 10,000 of them parse and run (they are joined as a balanced tree).
    func testTenThousandORsRun() throws {
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        let predicate = (0..<10_000).map { "label == 'x\($0)'" }.joined(separator: " OR ") + " OR label == 'General'"
        XCTAssertEqual(try screen.find(.predicate, predicate).matches.map(\.id), try screen.find(.predicate, "label == 'General'").matches.map(\.id))
    }

    /// A class chain of more than 1,000 steps, and a UiSelector of more than 100 chained selectors, are refused.
    func testLongChainsAreRefusedPastTheirLimits() throws {
        let steps = { (count: Int) in Array(repeating: "**/*", count: count).joined(separator: "/") }
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        XCTAssertEqual(try screen.find(.classChain, steps(1_000)).matches.count, 0, "the screen is not 1,000 deep")
        let chain = try error(.classChain, steps(6_000))
        XCTAssertEqual(chain.column, 5_001)
        XCTAssertEqual(chain.message, "more than 1000 steps, the most this reads")
        let android = try LoadedScreen(fixture: "uiautomator/shirates-appium-uia2-clock-alarm.xml")
        let selectors = { (count: Int) in "new UiSelector().text(\"a\")" + String(repeating: ".childSelector(new UiSelector().text(\"a\"))", count: count - 1) }
        XCTAssertEqual(try android.find(.uiautomator, selectors(100)).matches.count, 0)
        do {
            _ = try android.find(.uiautomator, selectors(101))
            XCTFail("101 selectors read")
        } catch let e as LocatorError {
            XCTAssertTrue(e.message.hasPrefix("more than 100 selectors chained"), e.message)
        }
    }
}
