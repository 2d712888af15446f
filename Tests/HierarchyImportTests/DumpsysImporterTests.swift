import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// `adb shell dumpsys activity top`'s `View Hierarchy:` block: Android 14's form (DecorView@…[…],
/// nine view flags, `aid=`), Lollipop's (a PhoneWindow$DecorView with a frame, eight flags), two
/// blocks, a block pasted alone, and what breaks the grammar.
final class DumpsysImporterTests: XCTestCase {
    private let density = 2.625

    private func read(_ name: String, index: Int? = nil) throws -> ImportResult {
        let result = try Samples.read("dumpsys/\(name)", options: ImportOptions(density: density, index: index))
        XCTAssertEqual(result.format, .dumpsys)
        return result
    }

    private func px(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x / density, y: y / density, width: width / density, height: height / density)
    }


    func testTheAndroid14BlockIsReadWithParentRelativeFramesAndItsFlags() throws {
        let result = try read("written-activity-top-1080x2400.txt")
        let tree = result.tree
        XCTAssertEqual(tree.count, 36)
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(tree.root.className, "com.android.internal.policy.DecorView")
        XCTAssertEqual(tree.root.name, "SettingsHomepageActivity", "the window's title names the root")
        XCTAssertEqual(tree.root.frame, px(0, 0, 1080, 2400), "the root has no frame: it spans its subviews")
        XCTAssertEqual(tree.screenScale, density)
        let stub = try tree.named("android:id/action_mode_bar_stub")
        XCTAssertTrue(tree[stub].isHidden, "G: gone")
        XCTAssertEqual(tree[stub].extras["visibility"], .string("gone"))
        let search = try tree.named("app:id/search_bar")
        XCTAssertEqual(tree[search].frame, px(44, 44, 992, 156), "relative to its parent")
        XCTAssertClose(tree.rootFrame(of: search), px(44, 162, 992, 156))
        XCTAssertEqual(tree[search].attributes["clickable"], "true")
        XCTAssertEqual(tree[search].attributes["focusable"], "true")
        XCTAssertEqual(tree[search].attributes["long-clickable"], "false")
        XCTAssertEqual(tree[search].extras["autofill-id"], .string("1073741825"))
        XCTAssertEqual(tree[search].extras["resource-number"], .string("#7f0a0588"))
        // The switch: seven levels down, at 22,70 in its widget frame at 914,0 of the fourth row at
        // 0,660 of the list at 0,0 of the scroll view at 0,362.
        let toggle = try tree.named("app:id/switchWidget")
        XCTAssertClose(tree.rootFrame(of: toggle), px(936, 1092, 122, 80))
        XCTAssertEqual(tree.level(of: toggle), 8)
        let rows = tree.nodes.indices.filter { tree[$0].parent.map { tree[$0].name == "app:id/recycler_view" } ?? false }
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(tree[rows[1]].attributes["selected"], "true", "private flags ..S.....")
        XCTAssertEqual(tree[rows[3]].attributes["focused"], "true", "private flags .F......")
        XCTAssertEqual(tree[rows[3]].attributes["long-clickable"], "true", "view flags VFED..CL.")
        XCTAssertTrue(tree[rows[4]].isHidden, "G.E...C..: gone, its last frame kept")
        let invisible = tree.nodes.indices.filter { tree[$0].extras["visibility"] == .string("invisible") }
        XCTAssertEqual(invisible.count, 1, "I.ED.....")
        XCTAssertTrue(tree[invisible[0]].isHidden)
        XCTAssertEqual(tree[rows[0]].attributes["enabled"], "true")
        let navigation = try tree.named("android:id/navigationBarBackground")
        XCTAssertEqual(tree[navigation].frame, px(0, 2337, 1080, 63))
        XCTAssertEqual(result.lines.count, tree.count)
        XCTAssertEqual(result.lines.first, 28, "the root's line in the file")
    }

    func testLollipopsEightFlagsAndPhoneWindowDecorView() throws {
        let tree = try read("written-activity-top-lollipop-720x1280.txt").tree
        XCTAssertEqual(tree.count, 16)
        XCTAssertEqual(tree.root.className, "com.android.internal.policy.impl.PhoneWindow$DecorView")
        XCTAssertEqual(tree.root.frame, px(0, 0, 720, 1280))
        let list = try tree.named("android:id/list")
        XCTAssertClose(tree.rootFrame(of: list), px(0, 162, 720, 1022))
        XCTAssertEqual(tree[list].attributes["focused"], "true")
        XCTAssertNil(tree[list].extras["context-clickable"], "eight flags: no context-clickable before Android 6")
        XCTAssertEqual(tree[list].extras["view-flags"], .string("VFED.VC."))
        let stub = tree.nodes.indices.first { tree[$0].extras["resource-number"] == .string("#1020374") }
        XCTAssertNotNil(stub, "an id the resources did not name: the number alone")
        XCTAssertNil(stub.flatMap { tree[$0].name })
    }

    func testSeveralBlocksAreChosenByIndexAndABlockAloneIsRead() throws {
        let two = """
            TASK 1 id=1
              ACTIVITY a/.A 1 pid=1
                View Hierarchy:
                  DecorView@1[A]
                    android.widget.FrameLayout{2 V.E...... ........ 0,0-1080,1200}
            TASK 2 id=2
              ACTIVITY b/.B 2 pid=2
                View Hierarchy:
                  DecorView@3[B]
                    android.widget.FrameLayout{4 V.E...... ........ 0,0-1080,1180}
                      android.widget.Button{5 VFED..C.. ........ 10,20-110,120 #7f010001 app:id/ok}
            """
        let first = try importText(two)
        XCTAssertEqual(first.format, .dumpsys)
        XCTAssertEqual(first.tree.count, 2)
        XCTAssertEqual(first.warnings, ["the file holds 2 hierarchies (dumpsys View Hierarchy blocks); read the first (--index N reads another)"])
        let second = try importText(two, options: ImportOptions(index: 2))
        XCTAssertEqual(second.tree.root.name, "B")
        XCTAssertEqual(second.tree.count, 3)
        XCTAssertEqual(second.tree.rootFrame(of: 2), Rect(x: 10, y: 20, width: 100, height: 100))
        let alone = try importText("""
              android.widget.FrameLayout{2 V.E...... ........ 0,0-500,400}
                android.widget.TextView{5 V.ED..... ........ -700,0-0,100}
            """)
        XCTAssertEqual(alone.format, .dumpsys, "no header: the first view line starts the block")
        XCTAssertEqual(alone.tree[1].frame, Rect(x: -700, y: 0, width: 700, height: 100), "negative frames: a page left of the screen")
    }

    func testLinesInsideTheBlockThatAreNoViewsAreSkippedAndSaid() throws {
        let result = try importText("""
            View Hierarchy:
              DecorView@1[A]
                android.widget.FrameLayout{2 V.E...... ........ 0,0-100,100}
                  ...
                  android.widget.TextView{5 V.ED..... ........ 0,0-10,10}
              Looper (main, tid 1) {9}
            """)
        XCTAssertEqual(result.tree.count, 3)
        XCTAssertEqual(result.warnings, ["line 4: not a view line inside the View Hierarchy block; skipped"])
    }

    func testAViewLineThatBreaksTheGrammarIsAnErrorNamingItsLine() {
        let cases: [(String, String)] = [
            ("android.widget.TextView{5 V.ED..... ........ 0,0-10}", "frame '0,0-10': expected left,top-right,bottom in whole pixels"),
            ("android.widget.TextView{5 V.ED..... ........ 10,0-0,10}", "frame '10,0-0,10': right and bottom must not be less than left and top"),
            ("android.widget.TextView{5 V.ED..... ........ 0,0-10,99999999999}", "frame '0,0-10,99999999999': expected left,top-right,bottom in whole pixels"),
            ("android.widget.TextView{5 V.ED.....", "the view's '{' is not closed"),
            ("android.widget.TextView{5 V.ED..... ........}", "expected the frame left,top-right,bottom after '........'"),
        ]
        for (line, message) in cases {
            let error = importError("View Hierarchy:\n  DecorView@1[A]\n    \(line)\n", format: .dumpsys)
            XCTAssertEqual(error?.description, "dump.txt: line 3: \(message)", line)
        }
        XCTAssertEqual(importError("View Hierarchy:\n  nothing here\n", format: .dumpsys)?.description, "dump.txt: no dumpsys View Hierarchy blocks found")
    }

    /// Android 10 and later dump the top activity of every task: the stopped launcher's block
    /// (its DecorView `I`nvisible) first, the resumed app's last. The file is as PowerShell saves
    /// `adb shell dumpsys activity top > file` (UTF-16 with a byte-order mark, CRLF), as the real
    /// ones found are (Tests/Fixtures/SOURCES.md).
    func testTheResumedActivitysBlockIsReadFromAWholeDumpAsWindowsSavesIt() throws {
        let name = "written-activity-top-android13-utf16-1080x2160.txt"
        XCTAssertEqual(Array(try Samples.bytes("dumpsys/" + name).prefix(4)), [0xFF, 0xFE, 0x54, 0x00], "UTF-16LE with a byte-order mark")
        let result = try read(name)
        XCTAssertEqual(result.warnings, [
            "the file holds 2 hierarchies (dumpsys View Hierarchy blocks); read number 2, the resumed activity com.example.logbook/.MainActivity (--index N reads another)",
            "line 41: the dump of com.example.logbook/.SettingsActivity failed (Failure while dumping the activity: java.io.IOException: Timeout): its views are not in the file",
        ])
        let tree = result.tree
        XCTAssertEqual(tree.count, 15)
        XCTAssertEqual(tree.root.name, "MainActivity")
        XCTAssertEqual(tree.root.frame, px(0, 0, 1080, 2160), "the Android 10+ root prints its own frame before [Title]")
        XCTAssertFalse(tree.root.isHidden)
        XCTAssertEqual(tree.root.extras["autofill-id"], .string("3"))
        let add = try tree.named("app:id/add")
        XCTAssertClose(tree.rootFrame(of: add), px(880, 1824, 158, 158), "63 + 1761: the content's offset below the status bar")
        XCTAssertEqual(result.lines.first, 66, "CRLF lines counted once each")
        // --index 1: the launcher, stopped, its window hidden; a subclass's text after the '}' kept.
        let launcher = try read(name, index: 1)
        XCTAssertEqual(launcher.tree.root.name, "NexusLauncherActivity")
        XCTAssertTrue(launcher.tree.root.isHidden, "I.E......: the stopped launcher's window is invisible")
        let cell = try XCTUnwrap(launcher.tree.nodes.firstIndex { $0.className == "com.android.launcher3.CellLayout" })
        XCTAssertEqual(launcher.tree[cell].extras["to-string-suffix"], .string("{id:1 rank:0 }"))
        XCTAssertEqual(launcher.tree[cell].frame, px(-1, -1, 1082, 1794), "the frame before the suffix, not through it")
    }

    /// A failure with no `ACTIVITY` line of its task before it names no activity; a `TASK` line
    /// forgets the last one; a fragment's `mResumed=true` does not make its activity resumed.
    func testFailuresAndResumedStatesAreReadPerTask() throws {
        let result = try importText("""
            TASK 1 id=1
              ACTIVITY a/.A 1 pid=1
                Local Activity 2 State:
                  mResumed=false mStopped=true
                  Active Fragments:
                    F{3}
                      mCreated=true mResumed=true mStopped=false
                View Hierarchy:
                  DecorView@4[A]
                    android.widget.FrameLayout{5 V.E...... ........ 0,0-100,100}
            TASK 2 id=2
                Failure while dumping the activity: java.io.IOException: Timeout
            TASK 3 id=3
              ACTIVITY c/.C 6 pid=3
                View Hierarchy:
                  DecorView@7[C]
                    android.widget.FrameLayout{8 V.E...... ........ 0,0-100,100}
            """)
        XCTAssertEqual(result.warnings, [
            "the file holds 2 hierarchies (dumpsys View Hierarchy blocks); read the first (--index N reads another)",
            "line 12: the dump failed (Failure while dumping the activity: java.io.IOException: Timeout): its views are not in the file",
        ], "A's first mResumed= is false: no block is the resumed one, so the first is read")
        XCTAssertEqual(result.tree.root.name, "A")
    }

    /// The fallback of `hierarchy capture adb`: the Clock's Timer, behind it the launcher.
    func testTheCaptureFallbacksDumpReadsTheClock() throws {
        let result = try Samples.read("dumpsys/written-activity-top-deskclock-1080x2340.txt", options: ImportOptions(density: 2.75))
        XCTAssertEqual(result.tree.root.name, "DeskClock")
        XCTAssertEqual(result.tree.root.frame, Rect(x: 0, y: 0, width: 1080 / 2.75, height: 2340 / 2.75))
        let fab = try XCTUnwrap(result.tree.index(named: "app:id/fab"))
        XCTAssertClose(result.tree.rootFrame(of: fab), Rect(x: 463 / 2.75, y: 2010 / 2.75, width: 154 / 2.75, height: 154 / 2.75))
    }

    /// A real file (MIT, prev_col): `dumpsys activity top | head -10` saved by PowerShell, cut off
    /// before any view, with PowerShell's French error record after it. Not a hierarchy: one line.
    func testARealDumpCutBeforeItsViewsIsOneLineNamingTheFile() throws {
        let name = "dumpsys/prevcol-top-activity-head-powershell-utf16.txt"
        let bytes = try Samples.bytes(name)
        XCTAssertNil(DumpImporter.detect(bytes))
        do {
            _ = try DumpImporter.read(bytes, fileName: name, format: .dumpsys, options: ImportOptions())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "\(name): no dumpsys View Hierarchy blocks found")
        }
    }

    /// A real block's excerpt (Apache-2.0, zillow/auto-mobile's test of its own dumpsys parser):
    /// Zillow's search toolbar on Android 14 (the main Looper's `tid 2`), the block alone under its
    /// header with no TASK or ACTIVITY line, an invisible root whose window title is empty (`[]`),
    /// indented as the test's template literal and ended by its closing line of spaces.
    func testARealExcerptWithAnUntitledInvisibleRootIsRead() throws {
        let result = try read("automobile-activity-top-zillow-excerpt-1080x2400.txt")
        let tree = result.tree
        XCTAssertEqual(tree.count, 7, "the seven view lines; the Looper and its message count are no views")
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(tree.root.className, "com.android.internal.policy.DecorView")
        XCTAssertNil(tree.root.name, "an empty title names nothing")
        XCTAssertTrue(tree.root.isHidden, "I.E......: invisible")
        XCTAssertEqual(tree.root.frame, px(0, 0, 1080, 2400))
        let toolbar = try tree.named("app:id/search_toolbar")
        XCTAssertEqual(tree[toolbar].className, "com.zillow.android.ui.base.ZillowToolbar")
        XCTAssertClose(tree.rootFrame(of: toolbar), px(0, 0, 1080, 173))
        XCTAssertEqual(tree[toolbar].extras["autofill-id"], .string("1073742017"))
        XCTAssertEqual(tree[toolbar].attributes["focusable"], "true", "VFE......")
        let title = try tree.named("app:id/toolbar_title")
        XCTAssertClose(tree.rootFrame(of: title), px(0, 51, 0, 71), "at 0,0 of the title row at 0,51 of the toolbar")
        XCTAssertEqual(tree.level(of: title), 4)
        let beta = try tree.named("app:id/beta_tag")
        XCTAssertTrue(tree[beta].isHidden, "G.E......: gone")
        XCTAssertEqual(tree.level(of: try tree.named("app:id/beta_tag_text")), 5)
        XCTAssertEqual(result.lines.first, 3, "the root's line: after the literal's first empty line and the header")
    }

    /// Every View Hierarchy fixture is recognised as one (the head cut before its views aside).
    func testEveryDumpsysFixtureIsDetected() throws {
        for path in try Samples.paths(in: "dumpsys") where !path.contains("prevcol-") {
            XCTAssertEqual(DumpImporter.detect(try Samples.bytes(path)), .dumpsys, path)
        }
    }

    func testEspressosViewHierarchyHeaderIsNotTakenForDumpsys() throws {
        let espresso = try Samples.read("espresso/written-junit-report-1080x2400.xml")
        XCTAssertEqual(espresso.format, .espresso)
    }
}
