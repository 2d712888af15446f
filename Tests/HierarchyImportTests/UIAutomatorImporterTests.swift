import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Android uiautomator dumps: the corpus samples (Appium UiAutomator2's variant), then raw `<node>` dumps.
final class UIAutomatorImporterTests: XCTestCase {
    private func read(_ name: String, options: ImportOptions = .init()) throws -> ViewTree {
        let result = try Samples.read("uiautomator/\(name)", options: options)
        XCTAssertEqual(result.format, .uiautomator)
        XCTAssertEqual(result.warnings, [])
        return result.tree
    }


    /// A raw `uiautomator dump` of the given nodes, one line as adb writes it.
    private func rawDump(_ nodes: String, rotation: Int = 0) -> String {
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"\(rotation)\">\(nodes)</hierarchy>"
    }

    private func node(_ bounds: String, _ extra: String = "", text: String = "", desc: String = "", children: String = "") -> String {
        "<node index=\"0\" text=\"\(text)\" resource-id=\"\" class=\"android.view.View\" package=\"app\" content-desc=\"\(desc)\" bounds=\"\(bounds)\" \(extra)>\(children)</node>"
    }

    func testEverySampleImportsOneViewANodeUnderASyntheticRoot() throws { try Self.checkEverySample(in: .fixtures) }


    static func checkEverySample(in corpus: Corpus) throws {
        // Nodes counted in each file, plus the synthetic root that <hierarchy> becomes, and the
        // screen: the Appium variant's hierarchy width and height, a raw dump's union of windows.
        let nodes = ["shirates-appium-uia2-clock-alarm.xml": (63, 2088.0), "shirates-appium-uia2-playstore-games.xml": (94, 2088),
                     "written-raw-dump-settings-1080x2400.xml": (71, 2400), "written-raw-dump-deskclock-timer-1080x2340.xml": (73, 2340),
                     "written-appium-uia2-apidemos-navbar-1080x2400.xml": (11, 2209)]
        let paths = try Samples.paths(in: "uiautomator", corpus: corpus)
        XCTAssertTrue(Set(paths.map { String($0.split(separator: "/").last!) }).isSubset(of: nodes.keys), "a new sample needs its own test")
        for path in paths {
            let tree = try Samples.read(path, in: corpus).tree
            let (count, height) = try XCTUnwrap(nodes[String(path.split(separator: "/").last!)])
            XCTAssertEqual(tree.count, count, path)
            XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 1080, height: height), path)
            XCTAssertEqual(tree.root.extras["rotation"], .number(0))
            XCTAssertEqual(tree.screenScale, 1)
            XCTAssertFalse(try Layout.compute(tree).layers.isEmpty, path)
        }
    }

    /// The fake adb's dump (the screen of its recorded screencap): three windows, the app's
    /// selected tab, the keypad, the floating button by its description.
    func testTheClockTimerDump() throws {
        let result = try Samples.read("uiautomator/written-raw-dump-deskclock-timer-1080x2340.xml")
        XCTAssertEqual(result.warnings, ["line 1: skipped 'UI hierchary dumped to: /dev/tty' (text after the XML)"])
        let tree = result.tree
        XCTAssertEqual(tree.root.children.map { tree[$0].extras["package"] }, [.string("com.google.android.deskclock"), .string("com.android.systemui"), .string("com.android.systemui")])
        let timer = try XCTUnwrap(tree.nodes.firstIndex { $0.attributes["content-desc"] == "Timer" })
        XCTAssertEqual(tree[timer].attributes["selected"], "true")
        XCTAssertEqual(tree.rootFrame(of: timer), Rect(x: 484, y: 66, width: 242, height: 198))
        let start = try tree.named("Start")
        XCTAssertEqual(tree.rootFrame(of: start), Rect(x: 463, y: 2010, width: 154, height: 154))
        let digits = tree.nodes.filter { $0.attributes["resource-id"]?.hasPrefix("com.google.android.deskclock:id/timer_setup_digit_") == true }
        XCTAssertEqual(digits.compactMap(\.text).sorted(), (0...9).map(String.init))
    }

    func testClockAlarm() throws {
        let tree = try read("shirates-appium-uia2-clock-alarm.xml")
        XCTAssertEqual(tree[1].className, "android.widget.FrameLayout")
        // The add button [408,1560][672,1824] inside its container [0,1516][1080,1868].
        let add = try tree.named("Add alarm")
        XCTAssertEqual(tree.level(of: add), 10)
        XCTAssertEqual(tree[add].frame, Rect(x: 408, y: 44, width: 264, height: 264))
        XCTAssertEqual(tree.rootFrame(of: add), Rect(x: 408, y: 1560, width: 264, height: 264))
        XCTAssertEqual(tree[add].attributes["resource-id"], "com.google.android.deskclock:id/fab")
        XCTAssertEqual(tree[add].attributes["clickable"], "true")
        XCTAssertEqual(tree[add].attributes["checked"], "false")
        XCTAssertNil(tree[add].attributes["hint"], "empty attributes are not kept")
        XCTAssertEqual(tree[add].text, "Add alarm", "no text: the content description")
        XCTAssertEqual(tree[add].extras["package"], .string("com.google.android.deskclock"))
        XCTAssertNil(tree[add].extras["clickable"], "a tested attribute is not also an extra")
        // No content description: the text names it; [895,2000][1049,2055] in [895,2000][1049,2088].
        let bedtime = try XCTUnwrap(tree.nodes.indices.first { tree[$0].name == "Bedtime" && tree[$0].className == "android.widget.TextView" })
        XCTAssertEqual(tree.level(of: bedtime), 12)
        XCTAssertEqual(tree[bedtime].frame, Rect(x: 0, y: 0, width: 154, height: 55))
        XCTAssertEqual(tree.rootFrame(of: bedtime), Rect(x: 895, y: 2000, width: 154, height: 55))
        XCTAssertEqual(tree[bedtime].text, "Bedtime")
    }

    func testPlayStoreGames() throws {
        let tree = try read("shirates-appium-uia2-playstore-games.xml")
        // [110,609][400,689] inside the banner [66,396][1010,761].
        let check = try tree.named("Check it out")
        XCTAssertEqual(tree.level(of: check), 20)
        XCTAssertEqual(tree[check].frame, Rect(x: 44, y: 213, width: 290, height: 80))
        let movies = try tree.named("Movies & TV")
        XCTAssertEqual(tree.level(of: movies), 15)
        XCTAssertEqual(tree.rootFrame(of: movies), Rect(x: 829, y: 2019, width: 231, height: 49))
        // No content description or text: the resource id names it.
        XCTAssertEqual(tree[1].name, nil)
        XCTAssertEqual(tree[4].name, "com.android.vending:id/0_resource_name_obfuscated")
    }

    func testDensityTurnsPixelsIntoPoints() throws {
        let tree = try read("shirates-appium-uia2-clock-alarm.xml", options: ImportOptions(density: 3))
        XCTAssertEqual(tree.screenScale, 3)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 360, height: 696))
        // 1560 / 3 = 520, 264 / 3 = 88; inside the container at 1516 / 3.
        let add = try tree.named("Add alarm")
        XCTAssertEqual(tree.rootFrame(of: add), Rect(x: 136, y: 520, width: 88, height: 88))
        XCTAssertEqual(tree[add].bounds, Rect(x: 0, y: 0, width: 88, height: 88))
    }

    func testRawDumpWindowsBecomeTopLevelNodesAndTheScreenTheirUnion() throws {
        let xml = rawDump(node("[0,0][1080,2400]", "drawing-order=\"0\"", children: node("[10,20][30,40]", "drawing-order=\"1\"", text: "Hi"))
            + node("[0,0][1080,63]", "drawing-order=\"0\"", desc: "Status") + node("[0,2300][1080,2424]", "drawing-order=\"0\""), rotation: 1)
        let tree = try importText(xml).tree
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 1080, height: 2424))
        XCTAssertEqual(tree.root.className, "hierarchy")
        XCTAssertEqual(tree.root.extras["rotation"], .number(1))
        XCTAssertEqual(tree[0].children.count, 3)
        XCTAssertEqual(tree[0].children.map { tree[$0].frame.minY }, [0, 0, 2300], "equal drawing orders keep document order")
        XCTAssertEqual(tree[2].name, "Hi")
        XCTAssertEqual(tree[2].className, "android.view.View")
        XCTAssertEqual(tree[2].extras["drawing-order"], .number(1))
    }

    func testDrawingOrderSortsSiblingsStably() throws {
        let children = node("[0,0][1,1]", "drawing-order=\"3\"", text: "a") + node("[0,0][1,1]", "drawing-order=\"1\"", text: "b")
            + node("[0,0][1,1]", text: "c") + node("[0,0][1,1]", "drawing-order=\"1\"", text: "d")
            + node("[0,0][1,1]", "drawing-order=\"2\"", text: "e")
        let tree = try importText(rawDump(node("[0,0][10,10]", children: children))).tree
        // b and d tie at 1 and keep their order; c has none and keeps its place.
        XCTAssertEqual(tree[1].children.map { tree[$0].name }, ["b", "d", "c", "e", "a"])
    }

    func testAppiumVariantWithoutDrawingOrderKeepsDocumentOrder() throws {
        let tree = try read("shirates-appium-uia2-playstore-games.xml")
        let tabs = try XCTUnwrap(tree[try tree.named("Games")].parent.flatMap { tree[$0].parent })
        XCTAssertEqual(tree[tabs].children.map { tree[tree[$0].children[1]].name }, ["Games", "Apps", "Books", "Movies & TV"])
    }

    func testTheMessageAdbAppendsIsSkipped() throws {
        let result = try importText(rawDump(node("[0,0][1,1]")) + "UI hierchary dumped to: /dev/tty\n")
        XCTAssertEqual(result.tree.count, 2)
        XCTAssertEqual(result.warnings, ["line 1: skipped 'UI hierchary dumped to: /dev/tty' (text after the XML)"])
        XCTAssertNotNil(importError(rawDump(node("[0,0][1,1]")) + "\n<node/>"))
    }

    func testBrokenDumpsAreErrorsNamingTheLine() {
        let cases: [(String, String)] = [
            (rawDump(node("[0,0][10]")), "dump.txt: line 1: bounds '[0,0][10]' do not parse: expected [left,top][right,bottom]"),
            (rawDump(node("[0,0][1e999,10]")), "dump.txt: line 1: bounds '[0,0][1e999,10]' do not parse: expected [left,top][right,bottom]"),
            (rawDump(node("[10,0][4,10]")), "dump.txt: line 1: bounds '[10,0][4,10]': expected right >= left and bottom >= top"),
            ("<?xml version='1.0' ?>\n<hierarchy rotation=\"0\">\n<node bounds=\"[0,0][1,1]\">\n",
             "dump.txt: line 3: malformed XML: the document ends early or has content after its root element (XMLParser error 5)"),
            ("<hierarchy rotation=\"0\">\n  <node class=\"x\"/>\n</hierarchy>", "dump.txt: line 2: <node> has no 'bounds' attribute"),
            ("<hierarchy rotation=\"0\"></hierarchy>", "dump.txt: line 1: <hierarchy> holds no node: no views found"),
        ]
        for (xml, message) in cases {
            XCTAssertEqual(importError(xml)?.description, message)
        }
        XCTAssertThrowsError(try importText(rawDump(node("[0,0][1,1]")), options: ImportOptions(density: 0))) { error in
            XCTAssertEqual((error as? InputError)?.description, "density: expected a number > 0, got 0")
        }
    }
}
