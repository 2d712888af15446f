import Foundation
import HierarchyTestSupport
import XCTest

/// A capture whose ids, classes, names and texts hold what a terminal acts on — OSC 52 (which
/// writes the clipboard), BEL, a C1 CSI, DEL, a carriage return, bidi overrides, isolates and
/// marks — and what ends or moves a line (LF, VT, FF, NEL, U+2028, U+2029) followed by a GitHub
/// Actions workflow command (`::error file=app.py,line=1::…`), goes through every text output of
/// every command (standard output, standard error, text files): none is printed raw, no line
/// starts with the forged command, each shows escaped. The documents (JSON, SARIF, JUnit) keep the
/// text exact and valid.
final class TerminalSafeOutputTests: XCTestCase {
    /// What a terminal acts on, without line breaks (a recursiveDescription line holds it whole).
    static let terminal = "Wi\u{1B}]52;c;aGFja2Vk\u{07}Fi\u{9B}31m\u{202E}evil\u{202C}\u{7F}\r\u{2066}x\u{2069}"
    /// The hostile text, as it is.
    static let hostile = "Wi\u{1B}]52;c;aGFja2Vk\u{07}Fi\u{9B}31m\u{202E}evil\u{202C}\u{7F}\r\u{2066}x\u{2069}"
        + "\n::error file=app.py,line=1::forged\u{0B}::warning::vt\u{0C}::notice::ff\u{85}::error::nel"
        + "\u{2028}::error::ls\u{2029}::error::ps\u{200E}\u{200F}\u{61C}"
    /// What a reader sees of it.
    static let shown = #"Wi\u{1B}]52;c;aGFja2Vk\u{7}Fi\u{9B}31m\u{202E}evil\u{202C}\u{7F}\u{D}\u{2066}x\u{2069}"#
        + #"\u{A}::error file=app.py,line=1::forged\u{B}::warning::vt\u{C}::notice::ff\u{85}::error::nel"#
        + #"\u{2028}::error::ls\u{2029}::error::ps\u{200E}\u{200F}\u{61C}"#

    /// The scalars no text output may hold raw, listed here independently of `TerminalText`:
    /// C0 but line feed and tab, DEL, C1 (NEL among them), the line and paragraph separators, bidi
    /// embeddings, overrides, isolates and marks.
    static func raw(_ text: String) -> [String] {
        text.unicodeScalars.filter { s in
            let v = s.value
            return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                || [0x200E, 0x200F, 0x061C].contains(v)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// The lines of `text` that a CI system would read as a workflow command (GitHub Actions reads
    /// one at the start of a line, leading blanks aside).
    static func forgedCommands(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }.filter { $0.hasPrefix("::") }.map(String.init)
    }

    /// A 100×200 screen: a window named with the hostile text, a small button (an audit finding)
    /// and a label whose id, class, name and text are hostile; no snapshots (their text is drawn).
    static func tree(buttonX: Int = 10) -> String {
        let h = JSONString.quote(hostile)
        let id = JSONString.quote("label" + hostile), cls = JSONString.quote("UILabel" + hostile)
        return """
            {"version": 1, "screenScale": 2, "root": {"id": "root", "class": "UIWindow", "name": \(h), "frame": {"x": 0, "y": 0, "width": 100, "height": 200}, "backgroundColor": "#FFFFFF", "children": [
              {"id": "button", "class": "UIButton", "name": \(h), "accessibilityLabel": \(h), "frame": {"x": \(buttonX), "y": 10, "width": 20, "height": 20}, "backgroundColor": "#3366FF"},
              {"id": \(id), "class": \(cls), "name": \(h), "text": \(h), "frame": {"x": 10, "y": 60, "width": 80, "height": 30}, "backgroundColor": "#EEEEEE"}
            ]}}
            """
    }

    /// Checks one output: nothing raw, and the hostile text shown escaped when `shows`.
    private func check(_ output: String, _ what: String, shows: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Self.raw(output), [], "\(what) prints raw: \(output.debugDescription)", file: file, line: line)
        XCTAssertEqual(Self.forgedCommands(output), [], "\(what) lets the input start a line: \(output)", file: file, line: line)
        if shows { XCTAssertTrue(output.contains(#"\u{1B}]52;c;aGFja2Vk\u{7}"#), "\(what) does not show the text escaped: \(output)", file: file, line: line) }
    }

    private func run(_ arguments: [String], _ what: String, status: Int32, in folder: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try Hierarchy.run(arguments, in: folder)
        XCTAssertEqual(result.status, status, "\(what): \(result.stderr)", file: file, line: line)
        return result
    }

    func testLayoutPickAndTheirTextFiles() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", Self.tree())
        check(try run(["layout", tree], "layout", status: 0).stdout, "layout")
        _ = try run(["layout", tree, "-o", ws.path("layout.txt")], "layout -o", status: 0)
        check(try String(contentsOfFile: ws.path("layout.txt"), encoding: .utf8), "layout -o layout.txt")
        // Straight on, the picture's middle is the window (named with the text).
        check(try run(["pick", tree, "--at", "100,200", "--yaw", "0", "--pitch", "0"], "pick", status: 0).stdout, "pick")
        // JSON keeps the text exact (and valid).
        let json = try run(["layout", tree, "--format", "json"], "layout --format json", status: 0).stdout
        let layers = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.last?["text"] as? String, Self.hostile)
        XCTAssertEqual(layers.last?["id"] as? String, "label" + Self.hostile)
    }

    func testDiffTextAndJSON() throws {
        let ws = try Workspace()
        let before = try ws.write("before/tree.json", Self.tree()), after = try ws.write("after/tree.json", Self.tree(buttonX: 40))
        let text = try run(["diff", before, after], "diff", status: 1)
        check(text.stdout, "diff")
        let json = try run(["diff", before, after, "--format", "json"], "diff --format json", status: 1)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), json.stdout)
    }

    func testAuditInEveryFormat() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", Self.tree())
        check(try run(["audit", tree], "audit", status: 1).stdout, "audit")
        for format in ["json", "sarif"] {
            let out = try run(["audit", tree, "--format", format], "audit --format \(format)", status: 1).stdout
            let document = try JSONSerialization.jsonObject(with: Data(out.utf8))
            XCTAssertTrue(String(describing: document).contains("Wi"), format)
            XCTAssertTrue(out.contains("\\u001b]52;c;aGFja2Vk\\u0007Fi"), "\(format) keeps the text, escaped as JSON: \(out)")
        }
        let junit = try run(["audit", tree, "--format", "junit"], "audit --format junit", status: 1).stdout
        try ws.write("junit.xml", junit)
        XCTAssertNil(try ws.xmlError("junit.xml"), "JUnit is well-formed XML: \(junit)")
    }

    /// `report`'s summary and its warning for a screen that cannot be read, named with the text.
    func testReportSummaryAndWarnings() throws {
        let ws = try Workspace()
        try ws.write("run/screen.json", Self.tree())
        try ws.write("run/bad\(Self.hostile).json", "{\"version\": 1, \"root\": 3}")
        let result = try run(["report", ws.path("run"), "-o", ws.path("report.html"), "--audit"], "report", status: 1)
        check(result.stderr, "report's summary and warnings")
        XCTAssertTrue(result.stderr.contains("1 error"), result.stderr)
        let data = try Data(contentsOf: ws.url.appendingPathComponent("report.json"))
        let rows = try XCTUnwrap((JSONSerialization.jsonObject(with: data) as? [String: Any])?["screens"] as? [[String: Any]])
        // (An error is one line: InputError joins the lines a carriage return would start.)
        let before = Self.hostile.components(separatedBy: "\r")[0]
        XCTAssertTrue(rows.contains { ($0["error"] as? String)?.contains(before) == true }, "report.json keeps the text exact: \(rows)")
    }

    /// A recursiveDescription dump: import's warning quotes the skipped line; tree.json keeps the text.
    func testImportWarningsAndItsDocument() throws {
        let ws = try Workspace()
        let dump = try ws.write("dump.txt", """
            <UIWindow: 0x7f8a1c; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x600001>>
               | <UILabel: 0x7f8a2d; frame = (20 100; 200 40); text = '\(Self.terminal)'; layer = <_UILabelLayer: 0x600002>>
               | \(Self.terminal) not a view
            """)
        let result = try run(["import", dump, "-o", ws.path("tree.json")], "import", status: 0)
        check(result.stderr, "import's warning")
        let document = try String(contentsOfFile: ws.path("tree.json"), encoding: .utf8)
        let root = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])?["root"] as? [String: Any])
        let label = try XCTUnwrap((root["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(label["text"] as? String, Self.terminal, "tree.json keeps the text exact")
        // layout of the dump itself: the warning on standard error, the tree on standard output.
        let layout = try run(["layout", dump], "layout of the dump", status: 0)
        check(layout.stderr, "layout's warning")
        check(layout.stdout, "layout of the dump")
    }

    /// The issue's own case: a uiautomator dump whose label is `hello&#10;::error file=app.py,…`
    /// (and the other line breaks as character references), through layout, audit, diff, find,
    /// pick and their files: every output keeps the label on its line, escaped.
    func testAUiautomatorLabelCannotForgeALineInAnyCommand() throws {
        let ws = try Workspace()
        func dump(_ x: Int) -> String {
            // (VT and FF are characters XML cannot carry, even as references: tree.json's test has them.)
            let label = "hello&#10;::error file=app.py,line=1::forged&#13;::warning::cr&#x85;::error::nel&#x2028;::error::ls&#x2029;::error::ps&#x200E;&#x61C;"
            return """
                <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
                <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][400,800]">\
                <node index="0" text="\(label)" resource-id="app:id/title&#10;::error::id" class="android.widget.Button&#10;::error::class" package="app" content-desc="\(label)" clickable="true" enabled="true" bounds="[\(x),10][\(x + 20),30]" />\
                </node></hierarchy>
                """
        }
        let before = try ws.write("before.xml", dump(10)), after = try ws.write("after.xml", dump(60))
        check(try run(["layout", before], "layout", status: 0).stdout, "layout", shows: false)
        _ = try run(["layout", before, "-o", ws.path("layout.txt")], "layout -o", status: 0)
        check(try String(contentsOfFile: ws.path("layout.txt"), encoding: .utf8), "layout -o layout.txt", shows: false)
        let audit = try run(["audit", before], "audit", status: 1)
        check(audit.stdout + audit.stderr, "audit", shows: false)
        let diff = try run(["diff", before, after], "diff", status: 1)
        check(diff.stdout + diff.stderr, "diff", shows: false)
        let find = try run(["find", before, "--class-name", "android.widget.Button\n::error::class"], "find", status: 0)
        check(find.stdout + find.stderr, "find", shows: false)
        // (diff names a view by its label's first line, cut at 30 characters: only layout and find show it whole.)
        for text in [try run(["layout", before], "layout", status: 0).stdout, find.stdout] {
            XCTAssertTrue(text.contains(#"hello\u{A}::error file=app.py,line=1::forged\u{D}::warning::cr\u{85}::error::nel\u{2028}::error::ls"#), text)
        }
        // JUnit keeps the class exact (its line feed as a character reference), and lxml reads it back.
        let junit = try run(["audit", before, "--format", "junit"], "audit --format junit", status: 1).stdout
        try ws.write("junit.xml", junit)
        let script = """
            import sys; from lxml import etree
            messages = [f.get("message") or "" for f in etree.parse(sys.argv[1]).iter("failure")]
            sys.exit(0 if any("android.widget.Button\\n::error::class" in m for m in messages) else "no exact class in " + repr(messages))
            """
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", script, ws.path("junit.xml")])
        XCTAssertEqual(status, 0, output)
    }

    /// Errors that quote a value: an option's value, a file's name, an id that is not there.
    func testErrorsQuotingAValue() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", Self.tree())
        check(try run(["layout", tree, "--format", Self.hostile], "a bad --format", status: 64).stderr, "the parser's error")
        check(try run(["render", tree, "--highlight", Self.hostile, "-o", ws.path("a.png")], "a missing --highlight id", status: 1).stderr, "render's error")
        check(try run(["layout", ws.path(Self.hostile + ".json")], "a missing file", status: 1).stderr, "a missing file's error")
        let bad = try ws.write("bad\(Self.hostile).json", "{\"version\": 1, \"root\": {\"id\": 3}}")
        check(try run(["layout", bad], "a bad file", status: 1).stderr, "a bad file's error")
        check(try run(["diff", bad, tree], "diff of a bad file", status: 2).stderr, "diff's error")
        check(try run(["audit", bad], "audit of a bad file", status: 2).stderr, "audit's error")
    }

    /// `render --expect`: the views that changed, named in the summary.
    func testRenderExpectNamesTheChangedViews() throws {
        let ws = try Workspace()
        let before = try ws.write("before/tree.json", Self.tree()), after = try ws.write("after/tree.json", Self.tree(buttonX: 40))
        _ = try run(["render", before, "--expect", ws.path("golden.png"), "--record"], "render --record", status: 0)
        let result = try run(["render", after, "--expect", ws.path("golden.png")], "render --expect", status: 1)
        check(result.stdout + result.stderr, "render --expect", shows: false)
    }
}

/// A Swift string as a JSON string literal (control characters as \u escapes).
enum JSONString {
    static func quote(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst().dropLast().description
    }
}
