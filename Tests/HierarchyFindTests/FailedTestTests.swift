import Foundation
import HierarchyFind
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The failed tests of a JUnit report (`hierarchy report --junit-in`): which failed, the locator
/// each failure names, the screens each saved, and bad reports said in one line with their line.
final class FailedTestTests: XCTestCase {
    static let report = TestPaths.fixture("junit/written-surefire-clock.xml")

    func testTheFailedTestsOfASurefireReportAndTheirLocators() throws {
        let tests = try FailedTest.read(junit: Array(Data(contentsOf: Self.report)), file: "clock.xml")
        XCTAssertEqual(tests.map(\.name), ["testSetsAnAlarm", "testOpensTheAlarmTab", "testCountsAlarms"], "the passing test is not one")
        XCTAssertEqual(tests.map(\.title), ["AlarmTest.testSetsAnAlarm", "AlarmTest.testOpensTheAlarmTab", "AlarmTest.testCountsAlarms"])
        XCTAssertEqual(tests.map(\.line), [6, 16, 21], "each test's <testcase> line")
        XCTAssertEqual(tests[0].locator?.using, .xpath)
        XCTAssertEqual(tests[0].locator?.value, "//*[@text='8:30 AM']")
        XCTAssertEqual(tests[1].locator?.using, .xpath)
        XCTAssertEqual(tests[1].locator?.value, "//*[@text='Alarm']", "taken out of the wait's message")
        XCTAssertNil(tests[2].locator, "an assertion names no locator")
        XCTAssertTrue(tests[0].failure.contains("Driver info: io.appium.java_client.android.AndroidDriver"), "the CDATA text is kept")
        XCTAssertFalse(tests[0].failure.contains("saved the screen"), "system-out is not the failure")
    }

    /// lxml, an independent reader, finds the same failed test cases.
    func testLxmlFindsTheSameFailedTests() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no /usr/bin/python3") }
        let script = """
            import sys, lxml.etree as e
            root = e.parse(sys.argv[1]).getroot()
            print("\\n".join(c.get("name") for c in root.iter("testcase") if c.find("failure") is not None or c.find("error") is not None))
            """
        let (status, output) = try ExternalProcess.run("/usr/bin/python3", ["-c", script, Self.report.path])
        XCTAssertEqual(status, 0, output)
        let tests = try FailedTest.read(junit: Array(Data(contentsOf: Self.report)), file: "clock.xml")
        XCTAssertEqual(output.split(separator: "\n").map(String.init), tests.map(\.name))
    }

    func testAScreenIsSavedByTheTestItIsNamedAfter() {
        let test = FailedTest(classname: "com.example.clock.AlarmTest", name: "testSetsAnAlarm", failure: "", line: 1)
        for name in ["testSetsAnAlarm", "screens/testSetsAnAlarm", "AlarmTest/testSetsAnAlarm", "run/AlarmTest_testSetsAnAlarm",
                     "AlarmTest.testSetsAnAlarm", "AlarmTest-testSetsAnAlarm", "AlarmTest#testSetsAnAlarm"] {
            XCTAssertTrue(test.saved(name), name)
        }
        for name in ["testSetsAnAlarm2", "xtestSetsAnAlarm", "OtherTest/testSetsAnAlarmLater", "AlarmTest", "testSetsAnAlarm/after"] {
            XCTAssertFalse(test.saved(name), name)
        }
        XCTAssertFalse(FailedTest(classname: "A", name: "", failure: "", line: 1).saved("A/"), "a test without a name saves nothing")
    }

    func testAnErrorIsAFailureTooAndAJestReportReads() throws {
        let xml = """
            <testsuites name="jest tests"><testsuite name="login" tests="1">
            <testcase classname="Login signs in" name="Login signs in" time="3.1"><error message="Test failed">Error: Timed out while waiting for expectation: TOBEVISIBLE WITH MATCHER(id == &quot;signIn&quot;)</error></testcase>
            </testsuite></testsuites>
            """
        let tests = try FailedTest.read(junit: Array(xml.utf8), file: "jest.xml")
        XCTAssertEqual(tests.count, 1)
        XCTAssertTrue(tests[0].failure.hasPrefix("Test failed\nError: Timed out"), tests[0].failure)
        XCTAssertEqual(tests[0].line, 2)
    }

    func testWhatIsNotAJUnitReportIsOneLineWithItsLine() {
        let cases: [(String, String)] = [
            ("<testsuite><testcase name=\"a\">\n<failure>x</testcase>", "junit.xml: line 2: malformed XML"),
            ("<html><body/></html>", "junit.xml: line 1: not a JUnit report: its root is <html>"),
            ("\n\nnot xml", "junit.xml: line 3: not a JUnit report: it does not start with '<'"),
            ("<testsuite>\n\u{0}</testsuite>", "junit.xml: line 2: not a JUnit report: a NUL byte"),
            ("", "junit.xml: line 1: not a JUnit report"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try FailedTest.read(junit: Array(text.utf8), file: "junit.xml")) { error in
                let line = (error as? InputError)?.description ?? "\(error)"
                XCTAssertTrue(line.hasPrefix(expected), "\(text.debugDescription): \(line)")
                XCTAssertFalse(line.contains("\n"))
            }
        }
    }

    /// A JUnit report over 10 MB (a long run's output kept in system-out) is read, not called
    /// malformed: XMLParser given it whole stopped at 10 MB.
    func testAReportOverTenMegabytesIsRead() throws {
        let output = String(repeating: "log line of a long test run\n", count: 400_000)
        let report = """
            <testsuite name="Long">
              <testcase name="testFirst" classname="LongTest"><system-out>\(output)</system-out></testcase>
              <testcase name="testSecond" classname="LongTest"><failure message="By.xpath: //*[@text='OK']">no such element</failure></testcase>
            </testsuite>
            """
        XCTAssertGreaterThan(report.utf8.count, 10_000_000)
        let tests = try FailedTest.read(junit: Array(report.utf8), file: "junit.xml")
        XCTAssertEqual(tests.map(\.name), ["testSecond"])
        XCTAssertEqual(tests.first?.locator?.value, "//*[@text='OK']")
        XCTAssertEqual(tests.first?.line, 3 + 400_000, "the line counts the output's lines")
    }
}
