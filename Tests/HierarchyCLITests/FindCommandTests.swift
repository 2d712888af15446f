import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// `hierarchy find` end to end: exit statuses, text and JSON, locators from options, the LOCATOR
/// argument and a failure message, bad input.
final class FindCommandTests: XCTestCase {
    let android = TestPaths.fixture("dumps/uiautomator/written-raw-dump-settings-1080x2400.xml").path
    let ios = TestPaths.fixture("dumps/appium-ios/shirates-ios-settings-top.xml").path

    func testAMatchThatCanBeTappedExitsZero() throws {
        let result = try Hierarchy.run(["find", android, "--id", "search_bar"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            locator: id search_bar
            1 match, 1 can be tapped; find_element returns 0.0.0.0.0.0.1
            ✓ 0.0.0.0.0.0.1 android.widget.LinearLayout [path 0.0.0.0.0.0.1]
                frame (42 440; 996 130), visible (42 440; 996 130)
                can be tapped

            """)
    }

    func testAMatchThatCannotBeTappedExitsOneAndSaysWhy() throws {
        let result = try Hierarchy.run(["find", ios, "--xpath", "//XCUIElementTypeCell[@name='Developer']"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("✗ 0.0.0.0.0.0.1.0.0.0.13 XCUIElementTypeCell 'Developer' [path 0.0.0.0.0.0.1.0.0.0.13]\n    frame (0 916; 390 45), visible nothing\n    cannot be seen or tapped\n    - clipped away by XCUIElementTypeTable 0.0.0.0.0.0.1.0.0.0\n"), result.stdout)
    }

    func testJSONHasTheIssuesShape() throws {
        let result = try Hierarchy.run(["find", ios, "predicate:type == 'XCUIElementTypeButton' AND name == 'chevron'", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json.keys.sorted(), ["first", "locator", "matches", "suggestions"])
        XCTAssertEqual(json["locator"] as? [String: String], ["using": "-ios predicate string", "value": "type == 'XCUIElementTypeButton' AND name == 'chevron'"])
        let matches = try XCTUnwrap(json["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.count, 14)
        XCTAssertEqual(json["first"] as? String, matches.first?["id"] as? String)
        let first = matches[0]
        XCTAssertEqual(first.keys.sorted(), ["class", "frame", "id", "path", "reasons", "source", "tappable", "text", "visible", "visibleFrame"])
        XCTAssertEqual(first["frame"] as? [String: Double], ["x": 358, "y": 263, "width": 12, "height": 15])
        let reasons = try XCTUnwrap(first["reasons"] as? [[String: Any]])
        XCTAssertEqual(reasons.map { $0["kind"] as? String }, ["disabled"])
        XCTAssertTrue(reasons[0]["share"] is NSNull)
    }

    func testNoMatchExitsOneWithSuggestions() throws {
        let result = try Hierarchy.run(["find", android, "--text", "Notifcations", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertTrue(json["first"] is NSNull)
        let suggestions = try XCTUnwrap(json["suggestions"] as? [[String: Any]])
        XCTAssertEqual(suggestions.first?["text"] as? String, "Notifications")
        XCTAssertEqual(suggestions.first?.keys.sorted(), ["because", "class", "frame", "id", "text"])
    }

    func testTheLocatorOfAFailureIsSaidBack() throws {
        let ws = try Workspace()
        let log = try ws.write("failure.txt", "io.appium.java_client.NoSuchElementException: Cannot locate an element using By.AndroidUIAutomator: new UiSelector().text(\"Apps\")\n")
        let result = try Hierarchy.run(["find", android, "--from-failure", log])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("locator: -android uiautomator new UiSelector().text(\"Apps\")\n  taken from: io.appium.java_client.NoSuchElementException: Cannot locate an element using By.AndroidUIAutomator: new UiSelector().text(\"Apps\")\n"), result.stdout)
    }

    func testAMatcherAsTheTestWroteItIsTheLocator() throws {
        let espresso = TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path
        let result = try Hierarchy.run(["find", espresso, "onView(withText(\"Display\"))"])
        XCTAssertTrue(result.stdout.hasPrefix("locator: text matching (?-i)Display\n  rule for a tap: Espresso's\n1 match"), result.stdout + result.stderr)
        let maestro = try Hierarchy.run(["find", espresso, "tapOn: \"disp.*\""])
        XCTAssertTrue(maestro.stdout.hasPrefix("locator: matcher tapOn: \"disp.*\"\n  rule for a tap: Maestro's\n1 match"), maestro.stdout)
        let combined = try Hierarchy.run(["find", espresso, "onView(allOf(withText(\"Display\"), not(isDescendantOfA(withText(\"Display\")))))", "--format", "json"])
        XCTAssertTrue(combined.stdout.contains("\"using\": \"matcher\""), combined.stdout + combined.stderr)
        XCTAssertTrue(combined.stdout.contains("\"rule\": \"espresso\""), combined.stdout)
    }

    /// `--rule` puts a framework's rule on any locator; Appium's locators keep Appium's.
    func testRuleOverridesWhoseRuleApplies() throws {
        let espresso = TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path
        let appium = try Hierarchy.run(["find", espresso, "xpath://*", "--format", "json"])
        XCTAssertFalse(appium.stdout.contains("\"rule\""), appium.stdout)
        let ruled = try Hierarchy.run(["find", espresso, "xpath://*", "--rule", "espresso"])
        XCTAssertTrue(ruled.stdout.contains("  rule for a tap: Espresso's\n"), ruled.stdout)
        let bad = try Hierarchy.run(["find", espresso, "xpath://*", "--rule", "cypress"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    /// A matcher that does not parse, and one the dump cannot answer, are one line, exit 2.
    func testBadAndUnanswerableMatchersExitTwo() throws {
        let espresso = TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path
        try assertOneLineExitTwo(["find", espresso, "onView(allOf(withId(R.id.a), withFoo(\"b\")))"], "--matcher: column 30: withFoo is not an Espresso matcher")
        let render = TestPaths.fixture("dumps/flutter/written-logcat-render-tree-390x844.txt").path
        try assertOneLineExitTwo(["find", render, "find.byKey(const ValueKey('increment'))"], "dumped without its `creator:` lines, so it names no widgets and no keys")
    }

    func testABadRegularExpressionIsOneLineExitTwo() throws {
        let espresso = TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path
        try assertOneLineExitTwo(["find", espresso, "text-matching:(Apps"], "--text-matching: not a regular expression")
    }

    /// The command exits 2 with one line on standard error that holds `message`.
    func assertOneLineExitTwo(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Hierarchy.run(arguments)
        XCTAssertEqual(result.status, 2, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr, file: file, line: line)
    }

    func testControlCharactersInTheInputAreEscaped() throws {
        let ws = try Workspace()
        let dump = try ws.write("dump.xml", """
            <hierarchy rotation="0"><node class="android.widget.Button" text="Pay&#x9B;31m&#10;now" clickable="true" bounds="[0,0][100,100]" /></hierarchy>
            """)
        let result = try Hierarchy.run(["find", dump, "--class-name", "android.widget.Button"])
        // C1's CSI (which XML allows) and a line feed: neither reaches the terminal raw.
        XCTAssertFalse(result.stdout.contains("\u{9B}"))
        XCTAssertTrue(result.stdout.contains("'Pay\\u{9B}31m\\u{A}now'"), result.stdout)
    }

    func testBadInputIsOneLineAndStatusTwo() throws {
        let ws = try Workspace()
        let locator = try Hierarchy.run(["find", ios, "--predicate", "label =="])
        XCTAssertEqual(locator.status, 2)
        XCTAssertEqual(locator.stderr, "error: --predicate: column 9: expected a key path, a string, a number or a list, found the end\n")
        XCTAssertEqual(locator.stdout, "")
        let xpath = try Hierarchy.run(["find", ios, "--xpath", "//*[@name='a'"])
        XCTAssertEqual(xpath.status, 2)
        XCTAssertEqual(xpath.stderr, "error: --xpath: column 14: expected ']', found the end\n")
        XCTAssertEqual(xpath.stderr.split(separator: "\n").count, 1, xpath.stderr)
        let missing = try Hierarchy.run(["find", ws.path("none.xml"), "--id", "x"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        let two = try Hierarchy.run(["find", ios, "--id", "a", "--text", "b"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("give one locator, got 2"), two.stderr)
        let none = try Hierarchy.run(["find", ios, "--from-failure", try ws.write("log.txt", "all tests passed\n")])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "error: \(ws.path("log.txt")): no locator found: expected a failure message such as By.xpath: …, with text: is \"…\" or matching predicate '…'\n")
    }

    func testPrintXMLShowsWhatTheLocatorRunsOver() throws {
        let result = try Hierarchy.run(["find", android, "--print-xml"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("<android.widget.TextView index=\"0\" text=\"Apps\" resource-id=\"android:id/title\""), result.stdout)
    }

    func testThePictureOutlinesTappableMatchesGreenAndBlockedOnesRed() throws {
        let ws = try Workspace()
        let sample = TestPaths.samples.appendingPathComponent("appium-settings/page-source.xml").path
        func colours(_ input: String, _ arguments: [String], _ name: String) throws -> (green: Int, red: Int) {
            let result = try Hierarchy.run(["find", input, "--size", "480x360", "-o", ws.path(name)] + arguments)
            XCTAssertEqual(result.stderr, "")
            let image = try PNG.decode(file: ws.path(name))
            var (green, red) = (0, 0)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let c = image[x, y]
                    if c.red == 0x34 && c.green == 0xC7 && c.blue == 0x59 { green += 1 }
                    if c.red == 0xFF && c.green == 0x3B && c.blue == 0x30 { red += 1 }
                }
            }
            return (green, red)
        }
        let tappable = try colours(sample, ["--accessibility-id", "Calendars"], "tappable.png")
        XCTAssertGreaterThan(tappable.green, 100)
        XCTAssertEqual(tappable.red, 0)
        // A disabled chevron: red.
        let blocked = try colours(ios, ["--xpath", "//XCUIElementTypeCell[@name='General']/XCUIElementTypeButton"], "blocked.png")
        XCTAssertGreaterThan(blocked.red, 20)
        XCTAssertEqual(blocked.green, 0)
    }

    func testThePictureIsRefusedForAnotherExtensionAndNeverReplacesAFile() throws {
        let ws = try Workspace()
        let wrong = try Hierarchy.run(["find", ios, "--id", "General", "-o", ws.path("answer.txt")])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("-o takes a .png (the answer drawn) or a .html (the viewer opened on the first match), got"), wrong.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("answer.txt")))
        for name in ["answer.png", "answer.html"] {
            let existing = try ws.write(name, "keep")
            let kept = try Hierarchy.run(["find", ios, "--id", "General", "-o", existing])
            XCTAssertEqual(kept.status, 2)
            XCTAssertTrue(kept.stderr.contains("already exists (use --force to replace it)"), kept.stderr)
            XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep")
        }
    }

    /// `-o PAGE.html`: the same answer on standard output and the same exit status, and the page
    /// carries it (FindPageTests opens such pages in Chromium).
    func testThePageCarriesTheAnswerAndTheLocators() throws {
        let ws = try Workspace()
        let plain = try Hierarchy.run(["find", ios, "--accessibility-id", "Developer"])
        let paged = try Hierarchy.run(["find", ios, "--accessibility-id", "Developer", "-o", ws.path("Answer.HTM")])
        XCTAssertEqual(paged.status, 1, paged.stderr)
        XCTAssertEqual(paged.stdout, plain.stdout)
        let page = try String(contentsOfFile: ws.path("Answer.HTM"), encoding: .utf8)
        XCTAssertTrue(page.contains("<title>find shirates-ios-settings-top.xml — hierarchy viewer</title>"), String(page.prefix(400)))
        let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="hierarchy-data">"#)).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
        let find = try XCTUnwrap(data["find"] as? [String: Any])
        XCTAssertEqual(find["first"] as? String, "0.0.0.0.0.0.1.0.0.0.13")
        XCTAssertEqual(find["search"] as? String, "accessibility-id:Developer")
        XCTAssertEqual(find["lines"] as? [String], Array(plain.stdout.split(separator: "\n").prefix(2).map(String.init)))
        let matches = try XCTUnwrap(find["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.first?["by"] as? [String], ["0.0.0.0.0.0.1.0.0.0"])
        let locators = try XCTUnwrap(data["locators"] as? [String: Any])
        XCTAssertEqual(locators["kind"] as? String, "appium")
        let xml = try Hierarchy.run(["find", ios, "--print-xml"]).stdout
        // One entry an element of the XML the locators run over: Appium's <AppiumAUT> wrapper
        // (no view, null), then each element's view.
        let views = try XCTUnwrap(locators["views"] as? [Any])
        XCTAssertTrue(xml.contains("<AppiumAUT>"))
        XCTAssertEqual(views.count, xml.components(separatedBy: "<XCUIElementType").count)
        XCTAssertTrue(views.first is NSNull)
        XCTAssertEqual(views.dropFirst().compactMap { $0 as? String }.count, views.count - 1)
    }
}
