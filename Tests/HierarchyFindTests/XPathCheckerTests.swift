@testable import HierarchyFind
import XCTest

/// XPath is checked before libxml2 runs it: XPath 1.0 with its 27 core functions passes with the
/// type it gives; what libxml2 would compile and then fail to run is refused with its column.
final class XPathCheckerTests: XCTestCase {
    func testXPath1WithEveryCoreFunctionAndAxisPasses() throws {
        let cases: [(String, XPathChecker.ValueType)] = [
            ("//XCUIElementTypeCell[@name='General']", .nodeSet), ("/*", .nodeSet), ("/", .nodeSet), (".", .nodeSet), ("..", .nodeSet),
            ("(//*)[last()]", .nodeSet), ("//*[position() = 2]", .nodeSet), ("count(//*)", .number), ("id('a')", .nodeSet),
            ("//*[local-name() = 'a' or namespace-uri() = '' or name(.) = 'b']", .nodeSet),
            ("string(//a)", .string), ("concat('a', 'b', @c)", .string), ("//*[starts-with(@name, 'G') and contains(@label, 'x')]", .nodeSet),
            ("substring-before('a-b', '-')", .string), ("substring-after('a-b', '-')", .string), ("substring('abc', 2, 1)", .string),
            ("string-length()", .number), ("normalize-space(' a ')", .string), ("translate(@a, 'AB', 'ab')", .string),
            ("boolean(//a)", .boolean), ("not(true()) or false()", .boolean), ("//*[lang('en')]", .nodeSet), ("number('1')", .number),
            ("sum(//@x)", .number), ("floor(1.5) + ceiling(.5) - round(2) * 3 div 4 mod 5", .number), ("-1", .number), ("- -//a", .number),
            ("//a | //b | (//c)[1]", .nodeSet), ("//a/ancestor::*/ancestor-or-self::b/attribute::c/..", .nodeSet),
            ("child::a/descendant::b/descendant-or-self::node()/following::c/following-sibling::d", .nodeSet),
            ("parent::a/preceding::b/preceding-sibling::c/self::d", .nodeSet), ("//text() | //comment() | //processing-instruction('x')", .nodeSet),
            ("//*[@*]", .nodeSet), ("//*[1][2]/*[3]", .nodeSet), ("(//a)[1]//b", .nodeSet), ("1 < 2 and 2 <= 3 and 3 > 2 and 3 >= 3 and 1 != 2", .boolean),
            ("//div", .nodeSet), ("//and", .nodeSet), ("a-b.c_d", .nodeSet), (".5 + 1.", .number), ("//*[@text=\"it's\"]", .nodeSet),
        ]
        for (expression, type) in cases {
            XCTAssertEqual(try XPathChecker.check(expression), type, expression)
        }
    }

    func testWhatLibxml2CannotRunIsRefusedWithItsColumn() {
        let cases: [(String, Int, String)] = [
            ("//*[matches(@name, 'a')]", 5, "matches() is not a function of XPath 1.0, which Appium's drivers evaluate (use contains() or starts-with())"),
            ("//*[lower-case(@name) = 'a']", 5, "lower-case() is not a function of XPath 1.0"),
            ("//*[fn:contains(@a, 'b')]", 5, "fn:contains() is not a function of XPath 1.0"),
            ("$x", 1, "variables ($x) are not set by Appium's drivers"),
            ("//*[@a = $p:x]", 10, "variables ($p:x)"),
            ("//*/namespace::*", 5, "the namespace axis is not read"),
            ("//*/sideways::a", 5, "'sideways' is not an XPath axis"),
            ("//android:node", 3, "the namespace prefix 'android:' is not declared"),
            ("//a:*", 3, "the namespace prefix 'a:' is not declared"),
            ("count(1)", 7, "count() takes a node set, and this is a number"),
            ("sum('a')", 5, "sum() takes a node set, and this is a string"),
            ("name(1 = 1)", 6, "name() takes a node set, and this is a boolean"),
            ("//*[last(1)]", 5, "last() takes 0 arguments, not 1"),
            ("substring('a')", 1, "substring() takes 2 to 3 arguments, not 1"),
            ("concat('a')", 1, "concat() takes 2 or more arguments, not 1"),
            ("translate('a', 'b')", 1, "translate() takes 3 arguments, not 2"),
            ("not()", 1, "not() takes 1 argument, not 0"),
            ("1 | //a", 1, "'|' joins node sets, and this is a number"),
            ("//a | 'b'", 7, "'|' joins node sets, and this is a string"),
            ("'a'/b", 1, "a path goes on from a node set, and this is a string"),
            ("(1)[1]", 1, "a predicate filters a node set, and this is a number"),
            ("//*[", 5, "expected an expression, found the end"),
            ("//*[@name='a'", 14, "expected ']', found the end"),
            ("//*[@name='a]", 11, "the string that starts here is never closed"),
            ("//", 3, "expected a step"),
            ("//a b", 5, "expected an operator (and, or, =, |, /…), found 'b'"),
            ("//a[1e3]", 6, "expected an operator"),
            ("//a[@b ! 'c']", 8, "unexpected character '!'"),
            ("//a[text(1)]", 10, "expected ')': text() takes nothing"),
            ("//a\u{7}", 4, "unexpected character 'U+7'"),
            ("", 1, "expected an expression, found the end"),
        ]
        for (expression, column, message) in cases {
            XCTAssertThrowsError(try XPathChecker.check(expression), expression) { error in
                let error = error as? LocatorError
                XCTAssertEqual(error?.column, column, expression)
                XCTAssertTrue(error?.message.hasPrefix(message) == true, "\(expression): \(error?.message ?? "")")
            }
        }
    }

    /// Nesting is counted to `LocatorLimits.depth` (100) and refused past it, where it is reached,
    /// before the recursive descent could overflow the stack.
    func testNestingPastTheLimitIsRefusedWhereItIsReached() throws {
        XCTAssertEqual(try XPathChecker.check(String(repeating: "(", count: 99) + "//a" + String(repeating: ")", count: 99)), .nodeSet)
        for deep in [100, 20_000] {
            XCTAssertThrowsError(try XPathChecker.check(String(repeating: "(", count: deep) + "//a" + String(repeating: ")", count: deep))) { error in
                XCTAssertEqual((error as? LocatorError)?.column, 101)
                XCTAssertTrue((error as? LocatorError)?.message.hasPrefix("nested more than 100 levels deep") == true)
            }
        }
        // Long without nesting is not deep: a path of 20,000 steps and 20,000 minus signs pass.
        XCTAssertEqual(try XPathChecker.check(Array(repeating: "a", count: 20_000).joined(separator: "/")), .nodeSet)
        XCTAssertEqual(try XPathChecker.check(String(repeating: "-", count: 20_000) + "1"), .number)
    }

    /// What the checker passes, libxml2 runs over a real page source without an error of its own.
    func testLibxml2RunsWhatTheCheckerPasses() throws {
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        for expression in ["//*[lang('en')]", "id('a')", "//*[namespace-uri() = '' and local-name() != 'x']", "(//*)[last()]/..", "//text()/.."] {
            XCTAssertNoThrow(try screen.xml.evaluate(xpath: expression), expression)
        }
        XCTAssertEqual(try screen.xml.evaluate(xpath: "/*/*").count, screen.xml.elements[0].children.count)
        XCTAssertThrowsError(try screen.xml.evaluate(xpath: "//@name")) { XCTAssertEqual(($0 as? LocatorError)?.message, "it selects attributes, not elements") }
        XCTAssertThrowsError(try screen.xml.evaluate(xpath: "count(//*)")) { XCTAssertEqual(($0 as? LocatorError)?.message, "it evaluates to a number, not elements") }
    }

    /// An XPath whose work grows with a power of the screen stops at libxml2's operation limit
    /// (50,000,000 steps) with one line, instead of running for hours: 60 elements to the fifth.
    func testAnXPathThatWouldRunForHoursIsStopped() throws {
        let screen = try LoadedScreen(fixture: "uiautomator/shirates-appium-uia2-clock-alarm.xml")
        let nested = (0..<4).reduce("//*") { inner, _ in "//*[count(\(inner)) > 0]" }
        XCTAssertThrowsError(try screen.xml.evaluate(xpath: nested)) { error in
            XCTAssertEqual((error as? LocatorError)?.description, "--xpath: libxml2: it takes more than 50,000,000 steps over this screen, the most this runs")
        }
    }
}
