import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// XCUITest's `debugDescription`: in a failure log, lldb's escaped one-line `p`, a code comment with
/// an elision, Xcode 9's form with traits; and what no file shows.
final class XCUITestImporterTests: XCTestCase {
    private func read(_ name: String, options: ImportOptions = .init()) throws -> ImportResult {
        try Samples.read(name, in: "xcuitest", as: .xcuitest, options: options)
    }


    /// The 390×844 screen the three iOS 17 samples print: 13 elements, absolute frames made relative.
    private func checkSettingsScreen(_ tree: ViewTree, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(tree.count, 13, file: file, line: line)
        XCTAssertEqual(tree.root.className, "XCUIElementTypeApplication", file: file, line: line)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844), "the application's frame: its windows'", file: file, line: line)
        XCTAssertEqual(tree[1].className, "XCUIElementTypeWindow")
        XCTAssertEqual(tree[1].extras["qualifier"], .string("Main"))
        let back = try tree.named("back")
        XCTAssertEqual(tree.level(of: back), 4)
        XCTAssertEqual(tree[back].frame, Rect(x: 16, y: 3, width: 44, height: 38), "relative to the navigation bar at y 47", file: file, line: line)
        XCTAssertEqual(tree.rootFrame(of: back), Rect(x: 16, y: 50, width: 44, height: 38), file: file, line: line)
        XCTAssertEqual(tree[back].text, "Back")
        XCTAssertEqual(tree[back].attributes["identifier"], "back")
        XCTAssertEqual(tree[back].extras["address"], .string("0x600002c10380"))
        let field = try tree.named("name")
        XCTAssertEqual(tree[field].className, "XCUIElementTypeTextField")
        XCTAssertEqual(tree[field].attributes["value"], "Ada 'the' Lovelace 😀", "an unquoted value with quotes and emoji", file: file, line: line)
        XCTAssertEqual(tree[field].text, "Ada 'the' Lovelace 😀")
        XCTAssertEqual(tree[field].attributes["placeholderValue"], "Your name")
        let toggle = try tree.named("notifications")
        XCTAssertEqual(tree[toggle].attributes["selected"], "true")
        XCTAssertEqual(tree[toggle].attributes["value"], "1")
        XCTAssertEqual(tree[toggle].attributes["label"], "Notifications")
        let never = try tree.named("Don't sync, ever")
        XCTAssertEqual(tree[never].attributes["enabled"], "false", "Disabled", file: file, line: line)
        XCTAssertEqual(tree.rootFrame(of: never), Rect(x: 16, y: 240, width: 358, height: 44))
        XCTAssertNotNil(tree.index(named: "Ünïcødé, “quotes”, emoji 👩‍👩‍👧 and: colons"), "a label with a comma, a colon and emoji", file: file, line: line)
        let home = try tree.named("Home")
        XCTAssertEqual(tree[home].attributes["selected"], "true")
        XCTAssertEqual(tree[home].frame, Rect(x: 0, y: 1, width: 195, height: 48))
        XCTAssertEqual(tree[try tree.named("Profile")].attributes["enabled"], "true")
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testAFailureLogIsReadFromElementSubtreeToPathToElement() throws {
        let result = try read("written-failure-log-390x844.txt")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.warnings, [])
    }

    func testLLDBsEscapedOneLineFormReadsAsThePrintedOne() throws {
        let result = try read("written-lldb-p-390x844.txt")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.tree, try read("written-failure-log-390x844.txt").tree)
    }

    func testADumpInCodeCommentsWithAnElisionReadsTheSame() throws {
        let result = try read("written-code-comment-elided-390x844.swift")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.warnings, ["line 11: skipped '...' (elision)"])
    }

    func testXcode9sTraitsAndAnApplicationFrame() throws {
        let tree = try read("written-xcode9-traits-375x667.txt").tree
        XCTAssertEqual(tree.count, 10)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(tree.root.children.count, 2, "two windows")
        let wifi = try tree.named("Wi-Fi")
        XCTAssertEqual(tree.rootFrame(of: wifi), Rect(x: 15, y: 75, width: 100, height: 21))
        XCTAssertEqual(tree[wifi].frame, Rect(x: 15, y: 11, width: 100, height: 21), "relative to its cell at y 64")
        XCTAssertEqual(tree[wifi].extras["traits"], .number(8589934656))
        XCTAssertEqual(tree[tree.root.children[1]].children.count, 1)
    }

    /// A macOS app (titles, `Keyboard Focused`, an application without a frame, the query chain's
    /// `Output: {…}` after the subtree) and the address-less lines of early Xcode versions.
    func testAMacOSAppAndAddresslessLines() throws {
        let mac = try importText("""
            (lldb) po app
            Attributes: Application, 0x7a6da75c0, pid: 2933, title: 'Sessiometer', Disabled
            Element subtree:
             →Application, 0x7a6da75c0, pid: 2933, title: 'Sessiometer', Disabled
                Dialog, 0x7a6da7700, {{587.0, 36.0}, {380.0, 293.0}}, Keyboard Focused, Disabled
                  Group, 0x7a6da7840, {{587.0, 36.0}, {380.0, 293.0}}, Disabled
                    StaticText, 0x7a6da7980, {{600.0, 50.0}, {100.0, 17.0}}, value: Session length
                    CheckBox, 0x7a6da7c00, {{600.0, 80.0}, {22.0, 18.0}}, title: 'Don't ask', value: 0
            Path to element:
             →Application, 0x7a6da75c0, pid: 2933, title: 'Sessiometer', Disabled
            Query chain:
             →Find: Target Application 'com.example.Sessiometer'
              Output: {
                Application, 0x7a6da7d40, pid: 2933, title: 'Sessiometer', Disabled
              }
            """)
        XCTAssertEqual(mac.format, .xcuitest)
        XCTAssertEqual(mac.tree.count, 5, "the query chain's output is not the subtree")
        XCTAssertEqual(mac.tree.root.frame, Rect(x: 0, y: 0, width: 967, height: 329), "an application without a frame spans its windows")
        XCTAssertEqual(mac.tree[1].attributes["focused"], "true")
        XCTAssertEqual(mac.tree[1].attributes["enabled"], "false")
        XCTAssertEqual(mac.tree[4].attributes["title"], "Don't ask")
        XCTAssertEqual(mac.tree[4].attributes["value"], "0")
        XCTAssertEqual(mac.tree.rootFrame(of: 4), Rect(x: 600, y: 80, width: 22, height: 18))
        let old = try importText("""
            Attributes: Application, pid: 19089, label: 'Legacy'
            Element subtree:
             →Application, pid: 19089, {{0.0, 0.0}, {375.0, 667.0}}, label: 'Legacy'
                Window, {{0.0, 0.0}, {375.0, 667.0}}
                  Table, {{0.0, 64.0}, {375.0, 603.0}}
                    Cell, {{0.0, 64.0}, {375.0, 44.0}}
                      StaticText, {{15.0, 75.0}, {200.0, 21.0}}, label: 'Message “quoted” 😀'
            Path to element:
            """)
        XCTAssertEqual(old.tree.count, 5)
        XCTAssertEqual(old.tree.root.frame, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(old.tree[4].text, "Message “quoted” 😀")
        XCTAssertEqual(old.tree[4].frame, Rect(x: 15, y: 11, width: 200, height: 21), "relative to its cell")
        XCTAssertEqual(old.lines, [3, 4, 5, 6, 7])
    }

    func testTwoSubtreesReadTheFirstOrTheIndexedOneWithAWarning() throws {
        let one = "Element subtree:\n →Application, 0x1, pid: 1, label: 'A'\n    Window, 0x2, {{0.0, 0.0}, {100.0, 200.0}}\nPath to element:\n"
        let two = "Element subtree:\n →Application, 0x1, pid: 1, label: 'B'\n    Window, 0x2, {{0.0, 0.0}, {300.0, 400.0}}\n      Button, 0x3, {{1.0, 2.0}, {3.0, 4.0}}\n"
        let first = try importText("log\n" + one + "more log\n" + two)
        XCTAssertEqual(first.tree.root.name, "A")
        XCTAssertEqual(first.warnings, ["the file holds 2 hierarchies (XCUITest element subtree); read the first (--index N reads another)"])
        let second = try importText(one + two, options: ImportOptions(index: 2))
        XCTAssertEqual(second.tree.root.name, "B")
        XCTAssertEqual(second.tree.count, 3)
        XCTAssertThrowsError(try importText(one + two, options: ImportOptions(index: 3))) { error in
            XCTAssertEqual("\(error)", "dump.txt: index: expected 1...2 (the file holds 2 hierarchies, XCUITest element subtree), got 3")
        }
    }

    func testElementsAtTheSubtreesTopAndOffscreenFrames() throws {
        let text = "Element subtree:\n →Other, 0x1, {{10.0, 20.0}, {100.0, 100.0}}\n    Button, 0x2, {{inf, inf}, {0.0, 0.0}}, label: 'Gone'\n →Other, 0x3, {{0.0, 0.0}, {5.0, 5.0}}\n"
        let result = try importText(text)
        XCTAssertEqual(result.tree.count, 3)
        let gone = try result.tree.named("Gone")
        XCTAssertEqual(result.tree[gone].frame, .zero, "an element without a finite frame: empty, at its parent's origin")
        XCTAssertEqual(result.tree.root.frame, Rect(x: 10, y: 20, width: 100, height: 100))
        XCTAssertEqual(result.warnings, [
            "line 3: a frame that is not finite (an element off any screen) read as empty at its parent's origin",
            "line 4: a second element at the subtree's top; attached under the element on line 2",
        ])
    }

    func testBadFramesAreOneLineNamingTheLine() {
        XCTAssertEqual(importError("Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {1x, 2.0}}\n")?.description,
                       "dump.txt: line 3: frame '{{0.0, 0.0}, {1x, 2.0}}' does not parse: expected {{x, y}, {width, height}}")
        XCTAssertEqual(importError("Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {-1.0, 2.0}}\n")?.description,
                       "dump.txt: line 3: frame '{{0.0, 0.0}, {-1.0, 2.0}}': expected a width and height >= 0")
        XCTAssertEqual(importError("Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {1.0\n")?.description,
                       "dump.txt: line 3: frame '{{0.0, 0.0}, {1.0' is cut short: expected {{x, y}, {width, height}}")
        XCTAssertEqual(importError("Element subtree:\nPath to element:\n")?.description, "dump.txt: line 1: 'Element subtree:' is followed by no element")
    }
}

/// Lines a fuzzer writes: long, full of quotes, commas and indented continuations, read in linear time.
final class ForeignDumpLongLineTests: XCTestCase {
    func testALongLabelFullOfQuotesAndCommasReadsQuickly() throws {
        let label = String(repeating: "a', b, 'c: d, ", count: 8_000)
        let start = Date()
        let result = try importText("Element subtree:\n →Application, 0x1, pid: 1\n    Button, 0x2, {{1.0, 2.0}, {3.0, 4.0}}, label: '\(label)'\n")
        XCTAssertEqual(result.tree.count, 2)
        XCTAssertEqual(result.tree[1].attributes["label"], label)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    func testAnUnclosedEspressoRecordStopsContinuingAfterAFewLines() throws {
        let lines = String(repeating: "  fl=LAYOUT_IN_SCREEN, more=1\n", count: 20_000)
        let start = Date()
        let result = try importText("+>A{id=-1, width=10, height=10, x=0.0, y=0.0, layout-params={(0,0)\n" + lines)
        XCTAssertEqual(result.tree.count, 1)
        XCTAssertEqual(result.warnings, ["line 1: the record is cut short; read what it holds"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }
}
