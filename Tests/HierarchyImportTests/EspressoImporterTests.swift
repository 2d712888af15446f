import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Espresso's view hierarchy: alone, in old Guava's form, escaped in a JUnit XML report, in a
/// logcat with two failures (the second `[truncated]`); and what no file shows.
final class EspressoImporterTests: XCTestCase {
    private let density = 2.75

    private func read(_ name: String, index: Int? = nil) throws -> ImportResult {
        let result = try Samples.read("espresso/\(name)", options: ImportOptions(density: density, index: index))
        XCTAssertEqual(result.format, .espresso)
        return result
    }


    private func px(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x / density, y: y / density, width: width / density, height: height / density)
    }

    /// The 1080×2400 pixel screen of every sample: 17 views, positions relative to the parent.
    private func checkSettingsScreen(_ tree: ViewTree, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(tree.count, 17, file: file, line: line)
        XCTAssertEqual(tree.screenScale, density)
        XCTAssertEqual(tree.root.className, "DecorView")
        XCTAssertEqual(tree.root.frame, px(0, 0, 1080, 2400), file: file, line: line)
        XCTAssertEqual(tree.root.children.count, 3)
        let stub = tree[tree[tree.root.children[0]].children[0]]
        XCTAssertEqual(stub.className, "ViewStub")
        XCTAssertTrue(stub.isHidden, "visibility=GONE")
        XCTAssertEqual(stub.attributes["resource-id"], "action_mode_bar_stub")
        let toggle = try tree.named("row_switch")
        XCTAssertEqual(tree.level(of: toggle), 6)
        XCTAssertClose(tree[toggle].frame, px(900, 60, 136, 80), "relative to its row", file: file, line: line)
        XCTAssertClose(tree.rootFrame(of: toggle), px(900, 277, 136, 80), file: file, line: line)
        XCTAssertEqual(tree[toggle].attributes["checked"], "true")
        XCTAssertEqual(tree[toggle].attributes["enabled"], "true")
        XCTAssertEqual(tree[toggle].extras["dump-id"], .number(2131231181), "Espresso's numeric id, not the document's")
        let title = try tree.named("Wi-Fi, Bluetooth {and} more")
        XCTAssertEqual(tree[title].text, "Wi-Fi, Bluetooth {and} more", "a text with a comma and braces", file: file, line: line)
        XCTAssertClose(tree.rootFrame(of: title), px(44, 257, 600, 62))
        let divider = tree[tree.nodes.firstIndex { $0.className == "(anonymous)" } ?? 0]
        XCTAssertEqual(divider.className, "(anonymous)", "+------>{…}: an anonymous class", file: file, line: line)
        XCTAssertEqual(divider.frame, px(0, 400, 1080, 2))
        let fab = try tree.named("Add account")
        XCTAssertEqual(tree[fab].attributes["content-desc"], "Add account")
        XCTAssertClose(tree.rootFrame(of: fab), px(882, 2056, 154, 154))
        XCTAssertEqual(tree[try tree.named("list")].attributes["focused"], "true")
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testANoMatchingViewExceptionMessage() throws {
        let result = try read("written-nomatching-1080x2400.txt")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.warnings, [])
        guard case .string(let params)? = result.tree.root.extras["layout-params"] else { return XCTFail("no layout-params") }
        XCTAssertTrue(params.hasPrefix("{(0,0)(fillxfill) ty=BASE_APPLICATION"), params)
        XCTAssertTrue(params.contains("\n  pfl=FORCE_DRAW_STATUS_BAR_BACKGROUND}"), "layout-params over three lines")
        XCTAssertEqual(result.tree[1].extras["child-count"], .number(2))
    }

    func testOldGuavaJoinsRecordsWithoutBars() throws {
        let result = try read("written-old-guava-1080x2400.txt")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.tree, try read("written-nomatching-1080x2400.txt").tree.withoutExtra("layout-params", of: 0, from: result.tree))
    }

    func testAJUnitReportsFailureEscapedOnceInItsMessageAndOnceInItsBody() throws {
        let result = try read("written-junit-report-1080x2400.xml")
        try checkSettingsScreen(result.tree)
        XCTAssertEqual(result.warnings, [], "the message attribute's copy is the same hierarchy, counted once")
        XCTAssertEqual(result.tree[1].extras["layout-params"], .string("android.widget.FrameLayout$LayoutParams@3ed1545"), "&#64; decoded")
    }

    func testALogcatOfTwoFailuresTheSecondTruncated() throws {
        let first = try read("written-logcat-two-failures.txt")
        try checkSettingsScreen(first.tree)
        XCTAssertEqual(first.warnings, ["the file holds 2 hierarchies (Espresso view hierarchy); read the first (--index N reads another)"])
        let second = try read("written-logcat-two-failures.txt", index: 2)
        XCTAssertEqual(second.tree.count, 13, "the views before Espresso's limit")
        XCTAssertClose(second.tree.rootFrame(of: try second.tree.named("row_switch")), px(900, 277, 136, 80))
        XCTAssertEqual(second.warnings, [
            "the file holds 2 hierarchies (Espresso view hierarchy); read number 2",
            "line 74: the hierarchy is cut short ([truncated]): the complete one is in 'view-hierarchy-2.txt'",
            "line 74: the record is cut short; read what it holds",
        ])
    }

    func testWithoutADensityOnePixelIsOnePoint() throws {
        let tree = try Samples.read("espresso/written-nomatching-1080x2400.txt").tree
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 1080, height: 2400))
        XCTAssertEqual(tree.screenScale, 1)
    }

    func testDepthJumpsAndBadNumbersNameTheLine() throws {
        let jump = try importText("View Hierarchy:\n+>A{id=-1, width=10, height=10, x=0.0, y=0.0}\n|\n+--->B{id=-1, width=1, height=1, x=2.0, y=3.0}\n")
        XCTAssertEqual(jump.tree.count, 2)
        XCTAssertEqual(jump.warnings, ["line 4: depth 3 follows depth 0; attached under the view above"])
        XCTAssertEqual(importError("+>A{id=-1, width=10, height=ten, x=0.0, y=0.0}\n")?.description, "dump.txt: line 1: height=ten: expected a finite number")
        XCTAssertEqual(importError("x\n+>A{id=-1, width=-4, height=1, x=0.0, y=0.0}\n")?.description, "dump.txt: line 2: width=-4: expected a number >= 0")
        XCTAssertEqual(importError("+>A{id=-1, width=1, height=1, x=NaN, y=0.0}\n", format: .espresso)?.description, "dump.txt: line 1: x=NaN: expected a finite number")
        XCTAssertEqual(importError("no hierarchy here\n", format: .espresso)?.description, "dump.txt: no Espresso view hierarchy found")
    }
}

private extension ViewTree {
    /// The tree with the root's `key` extra taken from `other` (old Espresso writes layout-params on one line).
    func withoutExtra(_ key: String, of index: Int, from other: ViewTree) -> ViewTree {
        var copy = self
        copy.update(index) { $0.extras[key] = other[index].extras[key] }
        return copy
    }
}

/// What the fuzzer found: a hierarchy whose first record is deeper than a later one.
final class EspressoFirstRecordTests: XCTestCase {
    func testALaterRecordAsShallowAsTheFirstGoesUnderIt() throws {
        let result = try importText("+-->A{id=-1, width=10, height=10, x=0.0, y=0.0}\n|\n+->B{id=-1, width=1, height=1, x=2.0, y=3.0}\n|\n+-->C{id=-1, width=1, height=1, x=0.0, y=0.0}\n")
        XCTAssertEqual(result.tree.count, 3)
        XCTAssertEqual(result.tree.root.className, "A")
        XCTAssertEqual(result.tree[1].className, "B")
        XCTAssertEqual(result.tree[2].parent, 1)
        XCTAssertEqual(result.warnings, ["line 3: depth 1 is not below the first view's (2); attached under it"])
    }
}

/// What current Android and Android's log do to the hierarchy: a window's layout-params printed over
/// lines that are not indented (API 30+), and a record longer than a log entry cut into entries.
final class EspressoLineBreakTests: XCTestCase {
    private static let flags = "has-focus=false, has-focusable=true, has-window-focus=true, is-clickable=false, is-enabled=true, is-focused=false, is-focusable=false, is-layout-requested=false, is-selected=false"
    private static let records = [
        "+>DecorView{id=-1, visibility=VISIBLE, width=1080, height=2340, \(flags), layout-params={(0,0)(fillxfill) ty=BASE_APPLICATION wanim=0x10302fe",
        "fl=LAYOUT_IN_SCREEN LAYOUT_INSET_DECOR SPLIT_TOUCH HARDWARE_ACCELERATED DRAWS_SYSTEM_BAR_BACKGROUNDS",
        "pfl=NO_MOVE_ANIMATION FORCE_DRAW_STATUS_BAR_BACKGROUND FIT_INSETS_CONTROLLED",
        "bhv=DEFAULT",
        "fitSides=}, tag=null, root-is-layout-requested=false, has-input-connection=false, x=0.0, y=0.0, child-count=2}",
        "|",
        "+->LinearLayout{id=-1, visibility=VISIBLE, width=1080, height=2296, \(flags), layout-params=android.widget.FrameLayout$LayoutParams@YYYYYY, tag=null, x=0.0, y=0.0, child-count=1}",
        "|",
        "+-->MaterialTextView{id=2131231015, res-name=name, visibility=VISIBLE, width=369, height=74, \(flags), x=11.0, y=11.0, text=CSE118 Fall 22, input-type=0}",
        "|",
        "+->View{id=16908336, res-name=navigationBarBackground, visibility=VISIBLE, width=1080, height=44, \(flags), x=0.0, y=2296.0}",
    ]

    func testAWindowsLayoutParamsOverLinesThatAreNotIndented() throws {
        let text = (["androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: with text: is \"Assignment 2\"", "", "View Hierarchy:"]
            + Self.records + ["at androidx.test.espresso.NoMatchingViewException$Builder.build(NoMatchingViewException.java:5)"]).joined(separator: "\n")
        let result = try importText(text, options: ImportOptions(density: 1))
        XCTAssertEqual(result.format, .espresso)
        XCTAssertEqual(result.warnings, [], "one hierarchy, every record whole")
        XCTAssertEqual(result.tree.nodes.map(\.className), ["DecorView", "LinearLayout", "MaterialTextView", "View"])
        XCTAssertEqual(result.tree.rootFrame(of: 3), Rect(x: 0, y: 2296, width: 1080, height: 44))
        guard case .string(let params)? = result.tree.root.extras["layout-params"] else { return XCTFail("no layout-params") }
        XCTAssertTrue(params.hasSuffix("\nbhv=DEFAULT\nfitSides=}"), params)
        XCTAssertEqual(result.lines, [4, 10, 12, 14])
    }

    func testARecordCutIntoLogEntriesIsJoinedAgain() throws {
        let long = String(repeating: "Lorem ipsum dolor sit amet ", count: 200)  // 5,400 characters
        let text = "+->TextView{id=7, visibility=VISIBLE, width=300, height=900, x=5.0, y=6.0, text=\(long), input-type=0}"
        var lines = ["View Hierarchy:", Self.records[0] + " " + Self.records[1...4].joined(separator: " "), "|", text, "|", Self.records[10]]
        // Log.printlns cuts a line into pieces of 4068 - 2 - tag - 32 UTF-16 units.
        let size = 4068 - 2 - "TestRunner".count - 32
        var logged: [String] = []
        for line in lines {
            var rest = Substring(line)
            repeat {
                logged.append("10-02 14:14:03.329 20435 20457 E TestRunner: " + rest.prefix(size))
                rest = rest.dropFirst(size)
            } while !rest.isEmpty
        }
        XCTAssertEqual(logged.count, lines.count + 1, "the long record took two entries")
        let result = try importText(logged.joined(separator: "\n"), options: ImportOptions(density: 1))
        XCTAssertEqual(result.tree.count, 3)
        XCTAssertEqual(result.tree[1].text, long)
        XCTAssertEqual(result.tree[1].extras["input-type"], .number(0), "the keys after the cut are read")
        XCTAssertEqual(result.tree[2].className, "View")
        // An entry of another thread between the pieces is not joined; a short line is not either.
        lines = logged
        lines.insert("10-02 14:14:03.330 20435 20999 E TestRunner: unrelated", at: 4)
        let interleaved = try importText(lines.joined(separator: "\n"), options: ImportOptions(density: 1))
        XCTAssertNotEqual(interleaved.tree.count > 1 ? interleaved.tree[1].text : nil, long)
    }
}
