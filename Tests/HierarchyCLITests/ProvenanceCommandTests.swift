import Foundation
import HierarchyTestSupport
import XCTest

/// Where each view came from, through the commands: `import` writes each view's lines
/// (`"source"`) and reading the document back keeps them; `find --format json` and `layout
/// --format json` give them per view; an audit finding and a diff change name the line. A
/// capture's views (the bundled sample) say nothing.
final class ProvenanceCommandTests: XCTestCase {
    let ios = TestPaths.fixture("dumps/appium-ios/shirates-ios-settings-top.xml").path
    let android = TestPaths.fixture("dumps/uiautomator/written-raw-dump-settings-1080x2400.xml").path

    private func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// The file's lines, numbered from 1 (index 0 is line 1).
    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
    }

    private func span(_ value: Any?) throws -> (line: Int, endLine: Int) {
        let source = try XCTUnwrap(value as? [String: Int], "a source object")
        return (try XCTUnwrap(source["line"]), try XCTUnwrap(source["endLine"]))
    }

    func testImportWritesEachViewsLinesAndReadingItBackKeepsThem() throws {
        let ws = try Workspace()
        let written = try Hierarchy.run(["import", ios, "-o", ws.path("tree.json")])
        XCTAssertEqual(written.status, 0, written.stderr)
        let document = try object(try String(contentsOfFile: ws.path("tree.json"), encoding: .utf8))
        let root = try XCTUnwrap(document["root"] as? [String: Any])
        let (line, endLine) = try span(root["source"])
        XCTAssertTrue(try lines(ios)[line - 1].contains("<XCUIElementTypeApplication"), "the application element's start tag")
        XCTAssertTrue(try lines(ios)[endLine - 1].contains("</XCUIElementTypeApplication>"), "to its end tag")
        // Read back: the layout of the document names the same lines as the layout of the dump.
        let direct = try object(try Hierarchy.run(["layout", ios, "--format", "json"]).stdout)
        let viaDocument = try object(try Hierarchy.run(["layout", ws.path("tree.json"), "--format", "json"]).stdout)
        let sources = { (layout: [String: Any]) in ((layout["layers"] as? [[String: Any]]) ?? []).map { $0["source"] as? [String: Int] } }
        XCTAssertEqual(sources(direct), sources(viaDocument))
        XCTAssertFalse(sources(direct).contains { $0 == nil }, "every layer of a dump names its lines")
    }

    func testLayoutJSONGivesEachLayersLinesAndACaptureNone() throws {
        let layout = try object(try Hierarchy.run(["layout", android, "--format", "json"]).stdout)
        let text = try lines(android)
        for layer in try XCTUnwrap(layout["layers"] as? [[String: Any]]) {
            let (line, endLine) = try span(layer["source"])
            XCTAssertLessThanOrEqual(line, endLine)
            let className = try XCTUnwrap(layer["class"] as? String)
            if className != "hierarchy" { XCTAssertTrue(text[line - 1].contains("class=\"\(className)\""), "\(className) on line \(line)") }
        }
        let capture = try object(try Hierarchy.run(["layout", TestPaths.sample("settings").path, "--format", "json"]).stdout)
        XCTAssertFalse(try XCTUnwrap(capture["layers"] as? [[String: Any]]).contains { $0["source"] != nil }, "a capture says nothing")
    }

    func testFindJSONGivesEachMatchsLines() throws {
        let result = try Hierarchy.run(["find", ios, "--xpath", "//XCUIElementTypeCell[@name='Developer']", "--format", "json"])
        let matches = try XCTUnwrap(try object(result.stdout)["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.count, 1)
        let (line, endLine) = try span(matches[0]["source"])
        let text = try lines(ios)
        XCTAssertTrue(text[line - 1].contains("<XCUIElementTypeCell") && text[line - 1].contains("name=\"Developer\""), text[line - 1])
        XCTAssertTrue(text[endLine - 1].contains("</XCUIElementTypeCell>"), text[endLine - 1])
    }

    func testAnAuditFindingNamesItsLine() throws {
        let json = try object(try Hierarchy.run(["audit", ios, "--rules", "touch-target-size", "--format", "json"]).stdout)
        let finding = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        let (line, endLine) = try span(finding["source"])
        let className = try XCTUnwrap(finding["class"] as? String)
        XCTAssertTrue(try lines(ios)[line - 1].contains("<" + className), "the finding's view starts on line \(line)")
        let text = try Hierarchy.run(["audit", ios, "--rules", "touch-target-size"]).stdout
        let message = try XCTUnwrap(finding["message"] as? String)
        XCTAssertTrue(text.contains(message + (endLine > line ? " (lines \(line)–\(endLine))\n" : " (line \(line))\n")), text)
        // A capture's finding names no line.
        let sample = try object(try Hierarchy.run(["audit", TestPaths.sample("settings").path, "--format", "json"]).stdout)
        XCTAssertFalse(try XCTUnwrap(sample["findings"] as? [[String: Any]]).contains { $0["source"] != nil })
    }

    func testADiffChangeNamesItsLines() throws {
        let edited = TestPaths.fixture("diff/settings-top-row-removed.xml").path
        let json = try object(try Hierarchy.run(["diff", ios, edited, "--format", "json", "--depth-mode", "nesting"]).stdout)
        let removed = try XCTUnwrap((json["removed"] as? [[String: Any]])?.first)
        let (line, endLine) = try span(removed["source"])
        let before = try lines(ios)
        XCTAssertTrue(before[line - 1].contains("<XCUIElementTypeCell"), before[line - 1])
        XCTAssertTrue(before[endLine - 1].contains("</XCUIElementTypeCell>"), before[endLine - 1])
        let changed = try XCTUnwrap((json["changed"] as? [[String: Any]])?.first)
        let after = try lines(edited)
        XCTAssertTrue(after[try span(changed["afterSource"]).line - 1].contains("<XCUIElementTypeCell"))
        XCTAssertTrue(before[try span(changed["beforeSource"]).line - 1].contains("<XCUIElementTypeCell"))
        let text = try Hierarchy.run(["diff", ios, edited, "--depth-mode", "nesting"]).stdout
        XCTAssertTrue(text.contains("(6 views)  lines \(line)–\(endLine)\n"), text)
    }

    /// A dump read only in part (a note where rows were cut, on lines 15–16 of the written
    /// XCUITest failure log): the document `import` writes says in `notes` which lines were not
    /// read, as the warning on standard error does, and so do `layout --format json` and `find
    /// --format json`; a dump read whole writes no notes.
    func testTheDocumentsNotesSayWhichLinesWereNotRead() throws {
        let ws = try Workspace()
        var lines = try lines(TestPaths.fixture("dumps/xcuitest/written-failure-log-390x844.txt").path)
        lines.insert(contentsOf: ["        ... the other cells are the same", "        (12 more rows)"], at: 14)
        let cut = try ws.write("cut.txt", lines.joined(separator: "\n"))
        let warning = "lines 15–16 not read: \"... the other cells are the same\""
        let imported = try Hierarchy.run(["import", cut, "-o", ws.path("tree.json")])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains(warning), imported.stderr)
        let document = try object(try String(contentsOfFile: ws.path("tree.json"), encoding: .utf8))
        XCTAssertTrue(try XCTUnwrap(document["notes"] as? [String]).contains(warning), "\(document["notes"] ?? "no notes")")
        // The document with notes reads back, its views as the dump's.
        let layout = try object(try Hierarchy.run(["layout", cut, "--format", "json"]).stdout)
        let again = try object(try Hierarchy.run(["layout", ws.path("tree.json"), "--format", "json"]).stdout)
        XCTAssertEqual((again["layers"] as? [Any])?.count, (layout["layers"] as? [Any])?.count)
        XCTAssertTrue(try XCTUnwrap(layout["notes"] as? [String]).contains(warning), "\(layout["notes"] ?? "no notes")")
        XCTAssertNil(again["notes"], "the document read back has nothing unread")
        let found = try object(try Hierarchy.run(["find", cut, "--xpath", "//XCUIElementTypeButton[@label='Profile']", "--format", "json"]).stdout)
        XCTAssertEqual((found["matches"] as? [Any])?.count, 1, "the button after the note is found")
        XCTAssertTrue(try XCTUnwrap(found["notes"] as? [String]).contains(warning), "\(found["notes"] ?? "no notes")")
        // A dump read whole: no notes anywhere.
        XCTAssertEqual(try Hierarchy.run(["import", ios, "-o", ws.path("whole.json")]).status, 0)
        XCTAssertNil(try object(try String(contentsOfFile: ws.path("whole.json"), encoding: .utf8))["notes"])
        XCTAssertNil(try object(try Hierarchy.run(["layout", ios, "--format", "json"]).stdout)["notes"])
    }
}
