import Foundation
import HierarchyTestSupport
import XCTest

/// Locators that once crashed `hierarchy` or its report, run as a user would: the binary ends
/// with a status (2, a bad locator), never a signal, and says one line with the column; libxml2's
/// own messages never reach standard error.
final class HostileQueryTests: XCTestCase {
    private let ios = TestPaths.fixture("dumps/appium-ios/shirates-ios-settings-top.xml").path
    private let android = TestPaths.fixture("dumps/uiautomator/shirates-appium-uia2-clock-alarm.xml").path

    /// `result` exited (no signal) with status 2 and one line naming `option` and `column`.
    private func assertRefused(_ result: CommandResult, _ option: String, column: Int, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(result.signal, "\(label): killed by signal \(result.signal ?? 0)", file: file, line: line)
        XCTAssertEqual(result.status, 2, "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("error: --\(option): column \(column): "), "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", label, file: file, line: line)
    }

    /// libxml2 compiles these, then fails running them: FoundationXML's `nodes(forXPath:)` printed
    /// its error and a backtrace, and died with SIGSEGV.
    func testAnXPathLibxml2CannotRunIsOneLineNotACrash() throws {
        let cases: [(String, Int)] = [
            ("//*[matches(@name, 'Gen.*')]", 5), ("//*[lower-case(@name) = 'general']", 5), ("$x", 1), ("//*[@name = $x]", 13),
            ("//*/namespace::*", 5), ("//*[count(1) = 1]", 11), ("//p:Cell", 3), ("//*[last(1)]", 5), ("'a'/b", 1), ("(1)[1]", 1),
        ]
        for (expression, column) in cases {
            assertRefused(try Hierarchy.run(["find", ios, "--xpath", expression]), "xpath", column: column, expression)
        }
    }

    /// A failed test whose message holds such an XPath no longer takes the whole report down: its
    /// row says why its locator cannot run, and the report is written.
    func testAReportWhoseFailedTestHoldsSuchAnXPathIsWritten() throws {
        let ws = try Workspace()
        let screen = URL(fileURLWithPath: ws.path("run/AlarmTest/testSetsAnAlarm.xml"))
        try FileManager.default.createDirectory(at: screen.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: android), to: screen)
        let junit = try ws.write("junit.xml", """
            <testsuite name="com.example.clock.AlarmTest" tests="1" failures="1">
              <testcase name="testSetsAnAlarm" classname="com.example.clock.AlarmTest">
                <failure message="Cannot locate an element using By.xpath: //*[matches(@text, '8:30')]">no such element</failure>
              </testcase>
            </testsuite>
            """)
        let result = try Hierarchy.run(["report", ws.path("run"), "-o", ws.path("out/report.html"), "--junit-in", junit])
        XCTAssertNil(result.signal)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("XPath"), result.stderr)
        let report = try String(contentsOfFile: ws.path("out/report.json"), encoding: .utf8)
        XCTAssertTrue(report.contains("its locator cannot be run: --xpath: column 5: matches() is not a function of XPath 1.0"), report)
    }

    /// 20,000 levels of nesting overflowed the parsers' stacks (SIGSEGV); now the limit is said
    /// where it is reached. Given through --from-failure, as a test's log holds them: an argument
    /// this long is past what the system passes.
    func testLocatorsNestedWithoutEndAreOneLineNotACrash() throws {
        let ws = try Workspace()
        let deep = 20_000
        let cases: [(String, String, String, Int)] = [
            (ios, "By.iOSNsPredicateString: " + String(repeating: "(", count: deep) + "label == 'a'" + String(repeating: ")", count: deep), "predicate", 101),
            (ios, "By.iOSNsPredicateString: " + String(repeating: "NOT ", count: deep) + "label == 'a'", "predicate", 400),
            (ios, "By.iOSNsPredicateString: label IN " + String(repeating: "{", count: deep) + String(repeating: "}", count: deep), "predicate", 110),
            (ios, "By.xpath: " + String(repeating: "(", count: deep) + "//*" + String(repeating: ")", count: deep), "xpath", 101),
            (ios, "By.xpath: //*" + String(repeating: "[*", count: deep) + String(repeating: "]", count: deep), "xpath", 203),
            (ios, "By.iOSClassChain: **/XCUIElementTypeCell[`" + String(repeating: "(", count: deep) + "label == 'a'" + String(repeating: ")", count: deep) + "`]", "class-chain", 125),
            (android, "By.AndroidUIAutomator: " + String(repeating: "childSelector(", count: deep) + "text(\"a\")" + String(repeating: ")", count: deep), "uiautomator", 1401),
        ]
        for (index, (dump, failure, option, column)) in cases.enumerated() {
            let log = try ws.write("failure-\(index).txt", failure + "\n")
            assertRefused(try Hierarchy.run(["find", dump, "--from-failure", log]), option, column: column, "\(option) #\(index)")
        }
    }

    /// A view tree deeper than libxml2 reads (a recursiveDescription 300 views deep): its XML
    /// goes to 256 levels, with a note, where libxml2's "Excessive depth" error was printed and a
    /// truncated document searched.
    func testAViewTreeDeeperThanLibxml2ReadsIsSearchedToItsLimit() throws {
        let ws = try Workspace()
        let lines = ["<UIWindow: 0x1; frame = (0 0; 428 926); layer = <CALayer: 0x2>>"]
            + (1..<300).map { String(repeating: "   | ", count: $0) + "<UIView: 0x\(String($0 + 16, radix: 16)); frame = (0 0; 10 10); layer = <CALayer: 0x3>>" }
        let dump = try ws.write("deep.txt", lines.joined(separator: "\n") + "\n")
        let result = try Hierarchy.run(["find", dump, "--xpath", "//*"])
        XCTAssertNil(result.signal)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("note: 44 views nested deeper than 256 levels have no element in the XML (libxml2 reads no deeper)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("256 matches"), result.stdout)
    }
}
