import Foundation
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Flutter's trees: the render tree and the semantics tree Flutter's own tests expect
/// (`keep_alive_test.dart`, `semantics_test.dart`), and a written counter screen's semantics tree
/// behind `flutter: ` and render tree in a logcat.
final class FlutterImporterTests: XCTestCase {
    private func read(_ name: String, density: Double = 1) throws -> ImportResult {
        try Samples.read("flutter/\(name)", options: ImportOptions(density: density))
    }

    private func text(_ name: String) throws -> String {
        String(decoding: try Samples.bytes("flutter/\(name)"), as: UTF8.self)
    }

    /// How many nodes a printed tree has: its root and one a connector.
    private func printedNodes(_ text: String) -> Int {
        1 + text.split(separator: "\n").filter { line in ["├─", "└─", "╎╌", "└╌", "├╌"].contains { line.contains($0) } }.count
    }

    func testAScrolledListWithChildrenKeptAlive() throws {
        let name = "flutter-keep-alive-render-tree-800x600.txt"
        let result = try read(name)
        XCTAssertEqual(result.format, .flutterRender)
        let tree = result.tree
        XCTAssertEqual(tree.count, printedNodes(try text(name)), "every render object imported")
        XCTAssertEqual(tree.screenScale, 3, "device pixel ratio: 3.0")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 800, height: 600), "configuration: Size(800.0, 600.0) at 3.0x")
        let boxes = tree.nodes.indices.filter { tree[$0].className == "RenderLimitedBox" }
        XCTAssertEqual(boxes.map { tree[$0].extras["slot"] }, ["child with index 4", "child with index 5", "child with index 6", "child with index 7",
                                                             "child with index 0 (kept alive but not laid out)", "child with index 3 (kept alive but not laid out)"].map { JSONValue.string($0) })
        // layoutOffset less the sliver's scrollOffset (2000.0), down the list.
        XCTAssertEqual(boxes.map { tree.screenFrame(of: $0).y }, [-400, 0, 400, 800, -2000, -800])
        XCTAssertTrue(boxes.allSatisfy { tree.screenFrame(of: $0).width == 800 && tree.screenFrame(of: $0).height == 400 })
        XCTAssertEqual(boxes.map { tree[$0].isHidden }, [false, false, false, false, true, true], "dashed connectors: kept alive, not painted")
        let sliver = try XCTUnwrap(tree.nodes.firstIndex { $0.className == "RenderSliverFixedExtentList" })
        XCTAssertEqual(tree.screenFrame(of: sliver), Rect(x: 0, y: 0, width: 800, height: 600), "paintOffset, crossAxisExtent × paintExtent")
        XCTAssertEqual(tree[sliver].extras["slot"], .string("center child"))
        XCTAssertEqual(tree[sliver].extras["state"], .string("relayoutBoundary=up1"))
        XCTAssertTrue(tree[try XCTUnwrap(tree.nodes.firstIndex { $0.className == "RenderViewport" })].clipsToBounds)
        XCTAssertEqual(tree[1].extras["diagnosis"], .string("insufficient data to draw conclusion (less than five repaints)"), "a wrapped value joined")
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testTheSemanticsTreeFlutterTestsExpect() throws {
        let name = "flutter-semantics-test-child-order-25x5.txt"
        let result = try read(name)
        XCTAssertEqual(result.format, .flutterSemantics)
        let tree = result.tree
        XCTAssertEqual(tree.count, printedNodes(try text(name)))
        // Each Rect.fromLTRB as printed: none has a transform, so each is on the screen as it is.
        let printed: [Rect] = [(0, 0, 25, 5), (15, 0, 20, 5), (10, 0, 15, 5), (0, 0, 10, 5), (5, 0, 10, 5), (0, 0, 5, 5)].map {
            Rect(x: $0.0, y: $0.1, width: $0.2 - $0.0, height: $0.3 - $0.1)
        }
        XCTAssertEqual(tree.nodes.indices.map { tree.screenFrame(of: $0) }, printed)
        XCTAssertEqual(tree.nodes.map(\.extras["semantics-id"]), ["7", "1", "2", "4", "5", "6"].map { JSONValue.string($0) })
        XCTAssertEqual(tree[1].extras["STALE"], .bool(true))
        XCTAssertEqual(tree[1].extras["owner"], .string("null"))
    }

    func testACounterScreensSemanticsBehindFlutterPrefixes() throws {
        let name = "written-ios-semantics-390x844.txt"
        let result = try read(name)
        XCTAssertEqual(result.format, .flutterSemantics)
        XCTAssertEqual(result.warnings, [])
        let tree = result.tree
        XCTAssertEqual(tree.count, printedNodes(try text(name)))
        XCTAssertEqual(tree.screenScale, 3, "scaled by 3.0x: the device pixel ratio")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844), "1170×2532 physical pixels")
        let title = try XCTUnwrap(tree.index(named: "Counter, café ☕"))
        XCTAssertEqual(tree.screenFrame(of: title), Rect(x: 127.5, y: 59, width: 135, height: 28))
        XCTAssertEqual(tree[title].className, "Text")
        XCTAssertEqual(tree[title].attributes["label"], "Counter, café ☕")
        let increment = try XCTUnwrap(tree.index(named: "Increment"))
        XCTAssertClose(tree.screenFrame(of: increment), Rect(x: 318, y: 754, width: 56, height: 56), "with transform [[…, 318.0]; […, 754.0]; …]")
        XCTAssertEqual(tree[increment].className, "Button", "isButton merged up from its child")
        XCTAssertEqual(tree[increment].attributes["label"], "Increment", "the tooltip")
        let toggle = try XCTUnwrap(tree.index(named: "Count by two"))
        XCTAssertEqual(tree[toggle].className, "CheckBox")
        XCTAssertEqual(tree[toggle].attributes["checked"], "true", "flags wrapped onto the next line")
        XCTAssertEqual(tree[toggle].attributes["enabled"], "true")
        XCTAssertEqual(tree[toggle].extras["actions"], .string("focus, tap"))
    }

    func testACounterScreensRenderTreeInALogcat() throws {
        let name = "written-logcat-render-tree-390x844.txt"
        let result = try read(name)
        XCTAssertEqual(result.format, .flutterRender)
        XCTAssertEqual(result.warnings, [])
        let tree = result.tree
        XCTAssertEqual(tree.count, printedNodes(try text(name)))
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844), "configuration: BoxConstraints(w=390.0, h=844.0) at 3.0x")
        XCTAssertEqual(tree.screenScale, 3)
        // Offsets added down the tree: the flex's 402.0, the padding's 41.5, the paragraph's 144.5, 20.0.
        let expected: [String: Rect] = [
            "Counter, café ☕": Rect(x: 16, y: 59, width: 358, height: 28),
            "You have pushed the button this many times:": Rect(x: 41.5, y: 402, width: 307, height: 20),
            "7": Rect(x: 186, y: 422, width: 18, height: 36),
            "Tap + to count": Rect(x: 0, y: 458, width: 390, height: 40),
        ]
        for (words, frame) in expected {
            let index = try XCTUnwrap(tree.index(named: words), words)
            XCTAssertEqual(tree[index].className, "RenderParagraph")
            XCTAssertEqual(tree[index].text, words, "the quoted text of its text box")
            XCTAssertEqual(tree.screenFrame(of: index), frame, words)
        }
        let faded = try XCTUnwrap(tree.nodes.firstIndex { $0.className == "RenderOpacity" })
        XCTAssertEqual(tree[faded].alpha, 0.5)
    }

    func testATransformNotPrintedIsSaid() throws {
        let text = """
        RenderView#1
         │ configuration: Size(100.0, 100.0) at 2.0x (in logical pixels)
         │
         └─child: RenderTransform#2
           │ parentData: <none>
           │ size: Size(100.0, 100.0)
           │ transform matrix: [0] 0.7,-0.7,0.0,0.0
           │   [1] 0.7,0.7,0.0,0.0
           │
           └─child: RenderParagraph#3
               parentData: <none> (can use size)
               size: Size(10.0, 10.0)
        """
        let result = try importText(text)
        XCTAssertEqual(result.format, .flutterRender)
        XCTAssertEqual(result.warnings, ["line 4: RenderTransform moves its children by a transform the dump does not print as positions: not applied"])
        XCTAssertEqual(result.tree.count, 3)
    }

    func testBadNumbersNameTheLine() {
        XCTAssertEqual(importError("SemanticsNode#0\n │ Rect.fromLTRB(0.0, 0.0, -1.0, 5.0)\n")?.description,
                       "dump.txt: line 2: 'Rect.fromLTRB(0.0, 0.0, -1.0, 5.0)': expected Rect.fromLTRB(left, top, right, bottom) with right >= left and bottom >= top")
        XCTAssertEqual(importError("SemanticsNode#0\n │ Rect.fromLTRB(0.0, 0.0, 1.0, 5.0) with transform\n │ [[1.0,0.0]; [0.0,1.0]]\n")?.description,
                       "dump.txt: line 2: transform '[[1.0,0.0]; [0.0,1.0]]': expected four rows of four finite numbers")
        XCTAssertEqual(importError("RenderView#1\n │ configuration: Size(1.0, 1.0) at 1.0x\n └─child: RenderBox#2\n     parentData: <none>\n     size: Size(nan, 1.0)\n", format: .flutterRender)?.description,
                       "dump.txt: line 5: size: Size(nan, 1.0): expected Size(width, height) with finite numbers >= 0")
    }
}
