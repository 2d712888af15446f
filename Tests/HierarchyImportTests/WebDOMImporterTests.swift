import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The web capture's document, as `capture webdriver`'s script answered in Debian's headless
/// Chromium on the project's own pages (Tests/Fixtures/web/*.page-dom.json, recorded), and broken
/// copies of it.
final class WebDOMImporterTests: XCTestCase {
    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixture("web/\(name).page-dom.json")))
    }

    private func read(_ name: String) throws -> ImportResult {
        let source = try bytes(name)
        XCTAssertEqual(DumpImporter.detect(source), .webDOM, name)
        return try DumpImporter.read(source, fileName: "\(name).page-dom.json")
    }

    private func view(_ tree: ViewTree, _ id: String) throws -> ViewNode {
        try XCTUnwrap(tree.nodes.first { $0.attributes["id"] == id }, id)
    }

    func testTheViewportIsTheRootAndEachNodeAViewNamingItsLine() throws {
        let result = try read("hiding")
        let tree = result.tree
        XCTAssertEqual(result.format, .webDOM)
        XCTAssertEqual(tree.root.className, "#viewport")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 800, height: 457))
        XCTAssertTrue(tree.root.clipsToBounds)
        XCTAssertEqual(tree.screenScale, 1)
        XCTAssertEqual(tree.root.attributes["title"], "Hiding")
        let lines = try bytes("hiding").split(separator: 0x0A)
        XCTAssertEqual(tree.count, lines.count - 1, "the header and the closing line hold no node; each other line one")
        // Node i is on line i + 2; the view names it, as other importers' views do.
        for index in 1..<tree.count {
            XCTAssertEqual(tree[index].source?.line, index + 1, tree[index].className)
            let line = String(decoding: lines[index], as: UTF8.self)
            XCTAssertTrue(line.contains("\"tag\":\"\(tree[index].className)\""), line)
        }
        XCTAssertEqual(result.warnings, [])
    }

    func testBoxesBecomeFramesInTheirParentsAndHidingIsSaid() throws {
        let tree = try read("hiding").tree
        let body = try XCTUnwrap(tree.nodes.first { $0.className == "body" })
        XCTAssertEqual(body.frame, Rect(x: 8, y: 8, width: 784, height: 259))
        let shown = try view(tree, "shown")
        XCTAssertEqual(shown.frame, Rect(x: 4, y: 0, width: 80, height: 24), "(12, 8) on screen, in the body at (8, 8)")
        XCTAssertEqual(shown.backgroundColor, Color(red: 60, green: 120, blue: 200))
        XCTAssertEqual(tree[shown.children[0]].text, "shown")
        let none = try view(tree, "none")
        XCTAssertTrue(none.isHidden)
        XCTAssertEqual(none.frame.width, 0, "no box: no size, at its parent's content origin")
        XCTAssertEqual(Point(x: none.frame.x, y: none.frame.y), Point(x: 0, y: 0))
        XCTAssertEqual(try view(tree, "transparent").alpha, 0)
        XCTAssertFalse(try view(tree, "transparent").isHidden, "opacity is the alpha")
        XCTAssertTrue(try view(tree, "folded").isHidden)
        XCTAssertEqual(try view(tree, "folded").attributes["hidden-by"], "inside a closed <details>")
        XCTAssertEqual(try view(tree, "summary").name, "More")
        XCTAssertEqual(try view(tree, "summary").attributes["role"], "button")
        XCTAssertTrue(try view(tree, "clipper").clipsToBounds)
        XCTAssertEqual(try view(tree, "off").attributes["enabled"], "false")
        let text = try XCTUnwrap(tree.nodes.first { $0.className == "#text" && $0.text == "visibility hidden" })
        XCTAssertEqual(text.attributes["lines"], "12 37 48.234 16; 12 55 42.047 16")
    }

    func testAScrollerKeepsItsOffsetAndATransformedBoxIsTurnedAboutItsCentre() throws {
        let tree = try read("boxes").tree
        let scroller = try view(tree, "scroller")
        XCTAssertEqual(scroller.bounds, Rect(x: 0, y: 30, width: 180, height: 90))
        XCTAssertTrue(scroller.clipsToBounds)
        // Its first child is on screen at y 300 - 30 + 4: in the scroller's content, 30 lower.
        let first = tree[scroller.children.first { tree[$0].className == "div" }!]
        XCTAssertEqual(first.frame.y, 4)
        let turned = try view(tree, "turned")
        XCTAssertEqual(turned.frame.width, 60)
        XCTAssertEqual(turned.frame.height, 30)
        XCTAssertEqual(turned.transform.a, 0.866025, accuracy: 1e-6)
        XCTAssertEqual(turned.transform.b, 0.5, accuracy: 1e-6)
        XCTAssertEqual(turned.transform.tx, 0)
        // Turned back into its superview, it covers the box the browser gave (28.519, 393.01, 66.962 × 55.981 from the viewport).
        let box = turned.transformedFrame
        XCTAssertEqual(box.width, 66.962, accuracy: 0.01)
        XCTAssertEqual(box.height, 55.981, accuracy: 0.01)
        XCTAssertEqual(try view(tree, "top").attributes["position"], "fixed")
        XCTAssertEqual(try view(tree, "top").attributes["z-index"], "10")
        XCTAssertEqual(try view(tree, "pixel").name, "A green square")
        XCTAssertEqual(tree.nodes.first { $0.attributes["data-testid"] == "first-card" }?.frame.width, 150)
    }

    func testWhatIsNotReadIsSaidWithItsLine() throws {
        let result = try read("frames")
        let lines = try bytes("frames").split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let other = try XCTUnwrap(lines.firstIndex { $0.contains("\"id\":\"other\"") }) + 1
        let closed = try XCTUnwrap(lines.firstIndex { $0.contains("\"id\":\"closed-host\"") }) + 1
        XCTAssertEqual(result.warnings, [
            "line \(other): not read, a cross-origin frame: its document is not readable by the page's script (capture its own origin)",
            "line \(closed): not read, a custom element without an open shadow root: a closed one, if any, is not readable by the page's script",
        ])
        let inner = try view(result.tree, "inner")
        XCTAssertEqual(inner.name, "Inside")
        XCTAssertEqual(try view(result.tree, "shadow-button").name, "In the shadow")
    }

    func testABrokenDocumentIsOneLineNamingThePath() throws {
        let good = String(decoding: try bytes("hiding"), as: UTF8.self)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "{\"parent\":0,\"tag\":\"head\"", with: "{\"parent\":5,\"tag\":\"head\""),
             "broken.json: nodes[1].parent: expected -1 or the index of an earlier node (< 1), got 5"),
            (good.replacingOccurrences(of: "\"box\":[8,8,784,259]", with: "\"box\":[8,8,-784,259]"),
             "broken.json: nodes[7].box: expected [x, y, width, height], finite, the size >= 0"),
            (good.replacingOccurrences(of: "{\"parent\":0,\"tag\":\"head\",", with: "{\"parent\":0,"),
             "broken.json: nodes[1]: no \"tag\": expected the node's tag name"),
            (good.replacingOccurrences(of: "\"devicePixelRatio\":1", with: "\"devicePixelRatio\":0"),
             "broken.json: devicePixelRatio: expected a number in (0, 100), got 0"),
        ]
        for (text, message) in cases {
            XCTAssertNotEqual(text, good, message)
            XCTAssertThrowsError(try DumpImporter.read(Array(text.utf8), fileName: "broken.json")) { error in
                XCTAssertEqual((error as? InputError)?.description, message)
            }
        }
    }

    /// The paint order follows the styles the browser computed: a page's own attributes named
    /// like them (`<div z-index="99" position="fixed">`) change nothing, where the computed ones do.
    func testAPagesAttributeNamedLikeAStyleDoesNotMoveAViewInPaintOrder() throws {
        func painted(_ first: String) throws -> [String] {
            let text = """
                {"hierarchy-web-dom":1,"url":"file:///page.html","title":"Page","viewport":[800,600],"devicePixelRatio":1,"notes":[],"nodes":[
                {"parent":-1,"tag":"html","box":[0,0,800,600],"stacking":true},
                {"parent":0,"tag":"body","box":[0,0,800,600]},
                {"parent":1,"tag":"div","box":[0,0,100,100],\(first)"attrs":{"id":"first","z-index":"99","position":"fixed","stacking-context":"true"}},
                {"parent":1,"tag":"div","box":[0,0,100,100],"position":"relative","attrs":{"id":"second"}}
                ]}
                """
            let tree = try DumpImporter.read(Array(text.utf8), fileName: "page.json").tree
            let ids = tree.nodes.indices.filter { tree[$0].attributes["id"] != nil }
            XCTAssertEqual(ids.map { tree[$0].attributes["z-index"] }, ["99", nil], "the page's attribute is kept as the page wrote it")
            return ids.sorted { Int(tree[$0].attributes["paint-order"]!)! < Int(tree[$1].attributes["paint-order"]!)! }.map { tree[$0].attributes["id"]! }
        }
        XCTAssertEqual(try painted(""), ["first", "second"], "a block before a positioned element")
        XCTAssertEqual(try painted("\"position\":\"fixed\",\"zIndex\":\"99\",\"stacking\":true,"), ["second", "first"], "computed, it is raised")
    }
}
