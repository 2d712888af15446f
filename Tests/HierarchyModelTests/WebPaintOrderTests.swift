import HierarchyModel
import XCTest

/// `WebPaintOrder` on hand-made pages, one rule of CSS 2.1 Appendix E each: the views named by
/// their `data-testid`, listed in the order the browser paints them.
final class WebPaintOrderTests: XCTestCase {
    /// A page: a `#viewport` root, `<html>` (a stacking context, as the capture says), `<body>`.
    private struct Page {
        var tree = ViewTree(root: ViewNode(id: "viewport", className: "#viewport", frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        let body: Int

        init() {
            let html = tree.append(Self.view("html", "html", ["stacking-context": "true"]), to: 0)
            body = tree.append(Self.view("body", "body"), to: html)
        }

        static func view(_ tag: String, _ name: String, _ attributes: [String: String] = [:]) -> ViewNode {
            var node = ViewNode(className: tag, frame: Rect(x: 0, y: 0, width: 10, height: 10))
            node.attributes["data-testid"] = name
            for (key, value) in attributes.sorted(by: { $0.key < $1.key }) { node.attributes[key] = value }
            return node
        }

        @discardableResult
        mutating func add(_ name: String, under parent: Int? = nil, tag: String = "div", _ attributes: [String: String] = [:]) -> Int {
            tree.append(Self.view(tag, name, attributes), to: parent ?? body)
        }

        /// The named views in paint order.
        var painted: [String] {
            let positions = WebPaintOrder.positions(tree)
            XCTAssertEqual(positions.sorted(), Array(tree.nodes.indices), "a permutation")
            return tree.nodes.indices.sorted { positions[$0] < positions[$1] }.compactMap { tree[$0].attributes["data-testid"] }
        }
    }

    private static let fixed = ["position": "fixed", "stacking-context": "true"]

    func testAFixedHeaderFirstInTheDocumentIsPaintedAfterTheContentBelowIt() {
        var page = Page()
        page.add("header", Self.fixed)
        let main = page.add("main")
        page.add("text", under: main, tag: "#text")
        XCTAssertEqual(page.painted, ["html", "body", "main", "text", "header"])
    }

    func testANegativeZIndexIsPaintedBehindTheBodyButAboveTheRoot() {
        var page = Page()
        page.add("block")
        page.add("under", ["position": "relative", "z-index": "-1", "stacking-context": "true"])
        XCTAssertEqual(page.painted, ["html", "under", "body", "block"])
    }

    func testPositionedSiblingsArePaintedByZIndexThenInTreeOrder() {
        var page = Page()
        page.add("two", ["position": "absolute", "z-index": "2", "stacking-context": "true"])
        page.add("one", ["position": "absolute", "z-index": "1", "stacking-context": "true"])
        page.add("auto", ["position": "absolute"])
        page.add("zero", ["position": "absolute", "z-index": "0", "stacking-context": "true"])
        page.add("also-one", ["position": "absolute", "z-index": "1", "stacking-context": "true"])
        page.add("flow")
        XCTAssertEqual(page.painted, ["html", "body", "flow", "auto", "zero", "one", "also-one", "two"])
    }

    func testAStackingContextPaintsItsContentWholeAndAPositionedElementsDoNot() {
        var page = Page()
        // Opacity and a transform make contexts: what is inside stays inside, whatever its z-index.
        let faded = page.add("faded", ["stacking-context": "true"])
        page.add("inside-faded", under: faded, ["position": "absolute", "z-index": "5", "stacking-context": "true"])
        let turned = page.add("turned", ["stacking-context": "true", "transform": "matrix(1, 0, 0, 1, 0, 0)"])
        page.add("inside-turned", under: turned, ["position": "relative", "z-index": "-3", "stacking-context": "true"])
        // A positioned element with z-index auto makes none: its positioned descendants join the page's.
        let relative = page.add("relative", ["position": "relative"])
        page.add("raised", under: relative, ["position": "absolute", "z-index": "1", "stacking-context": "true"])
        page.add("lowered", under: relative, ["position": "absolute", "z-index": "-1", "stacking-context": "true"])
        page.add("flat", under: relative)
        page.add("later", ["position": "absolute"])
        XCTAssertEqual(page.painted, ["html", "lowered", "body", "faded", "inside-faded", "turned", "inside-turned", "relative", "flat", "later", "raised"])
    }

    func testBlocksThenFloatsThenInlineContent() {
        var page = Page()
        let paragraph = page.add("paragraph", tag: "p")
        page.add("words", under: paragraph, tag: "#text")
        let float = page.add("float", ["float": "left"])
        page.add("in-float", under: float)
        page.add("span", tag: "span", ["display": "inline"])
        let box = page.add("inline-block", tag: "span", ["display": "inline-block"])
        page.add("in-inline-block", under: box)
        page.add("after", tag: "#text")
        page.add("block")
        XCTAssertEqual(page.painted, ["html", "body", "paragraph", "block", "float", "in-float", "words", "span", "inline-block", "in-inline-block", "after"])
    }

    func testAFlexOrGridItemIsPaintedWholeAsAnInlineBlock() {
        var page = Page()
        let row = page.add("row", ["display": "flex"])
        let first = page.add("first", under: row)
        page.add("first-text", under: first, tag: "#text")
        page.add("second", under: row)
        let grid = page.add("grid", ["display": "grid"])
        page.add("cell", under: grid)
        page.add("block")
        XCTAssertEqual(page.painted, ["html", "body", "row", "grid", "block", "first", "first-text", "second", "cell"])
    }

    func testFlexAndGridItemsArePaintedByTheirOrderThenInTheDocument() {
        var page = Page()
        let row = page.add("row", ["display": "flex"])
        page.add("two", under: row, ["order": "2"])
        page.add("one", under: row, ["order": "1"])
        page.add("zero", under: row)
        page.add("also-one", under: row, ["order": "1"])
        // `order` counts only among a container's items: a block's children stay in the document's order.
        let block = page.add("block")
        page.add("late", under: block, ["order": "5"])
        page.add("early", under: block)
        let grid = page.add("grid", ["display": "inline-grid"])
        page.add("raised", under: grid, ["order": "1", "position": "relative"])
        page.add("flat", under: grid, ["position": "relative"])
        // The blocks first, then the inline-level content: the row's items (inline blocks) by
        // their order, the inline grid; then the positioned items by their order.
        XCTAssertEqual(page.painted, ["html", "body", "row", "block", "late", "early", "zero", "one", "also-one", "two", "grid", "flat", "raised"])
    }

    func testAFramesDocumentIsPaintedWithItsFrame() {
        var page = Page()
        let frame = page.add("frame", tag: "iframe", ["display": "inline"])
        let inner = page.tree.append(Page.view("html", "inner-html", ["stacking-context": "true"]), to: frame)
        page.add("inner-fixed", under: inner, Self.fixed)
        page.add("inner-block", under: inner)
        page.add("after", tag: "#text")
        page.add("positioned", ["position": "relative"])
        XCTAssertEqual(page.painted, ["html", "body", "frame", "inner-html", "inner-block", "inner-fixed", "after", "positioned"])
    }

    /// Within one of Chromium's paint layers, blocks before the inline content.
    func testWithinOneChromiumLayerBlocksPaintBeforeTheTextOfTheBlocksBefore() {
        var page = Page()
        let words = page.add("words")
        page.add("text", under: words, tag: "#text")
        page.add("over")
        let positions = WebPaintOrder.positions(page.tree, layers: page.tree.nodes.indices.map { $0 == 0 ? nil : 0 })
        let painted = page.tree.nodes.indices.sorted { positions[$0] < positions[$1] }.compactMap { page.tree[$0].attributes["data-testid"] }
        XCTAssertEqual(painted, ["html", "body", "words", "over", "text"])
    }

    /// `positions(_:layers:)`: Chromium's paint layer numbers made a paint order.
    func testALayersOwnerPaintsAtItsNumberAndItsFlowAfterItsContextsNegativeLayers() {
        // html and body share the root layer (0); a negative z-index box (1) inside main, with a
        // child in its layer; a fixed header (2) with its text.
        var tree = ViewTree(root: ViewNode(id: "viewport", className: "#viewport", frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        func add(_ id: String, _ parent: Int, _ attributes: [String: String] = [:]) -> Int {
            var node = ViewNode(id: id, className: "div", frame: Rect(x: 0, y: 0, width: 10, height: 10))
            for (key, value) in attributes { node.attributes[key] = value }
            return tree.append(node, to: parent)
        }
        let html = add("html", 0)
        let body = add("body", html)
        let header = add("header", body, ["stacking-context": "true"])
        _ = add("title", header)
        let main = add("main", body)
        let under = add("under", main, ["stacking-context": "true", "z-index": "-1"])
        _ = add("in-under", under)
        _ = add("card", main)
        let layers: [Int?] = [nil, 0, 0, 2, 2, 0, 1, 1, 0]
        let positions = WebPaintOrder.positions(tree, layers: layers)
        let painted = tree.nodes.indices.sorted { positions[$0] < positions[$1] }.map { tree[$0].id }
        XCTAssertEqual(painted, ["viewport", "html", "under", "in-under", "body", "main", "card", "header", "title"])
        // The same tree annotated: `paint-layer` read, `paint-order` written.
        var numbered = tree
        for (index, layer) in layers.enumerated() {
            if let layer { numbered.update(index) { $0.attributes["paint-layer"] = String(layer) } }
        }
        let annotated = WebPaintOrder.annotated(numbered)
        XCTAssertEqual(annotated.nodes.map { $0.attributes["paint-order"].flatMap { Int($0) } ?? -1 }, positions)
    }

    /// Views given by their parents are ordered as the same views in a tree, every view painted
    /// once: random pages of random traits, with and without Chromium's layers. (Before, a
    /// positioned view under a document root that is a text was never painted: its stacking
    /// context was the tree's root, whose lists the walk did not read.)
    func testViewsGivenByTheirParentsAreOrderedAsTheSameTree() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var tree = ViewTree(root: ViewNode(id: "viewport", className: "#viewport", frame: Rect(x: 0, y: 0, width: 800, height: 600)))
            var traits = [WebPaintOrder.Traits()]
            for index in 1..<Int.random(in: 2...60, using: &generator) {
                let box = [WebPaintOrder.Traits.Box.element, .element, .element, .text, .shadowRoot, .frame].randomElement(using: &generator)!
                tree.append(ViewNode(className: "div", frame: Rect(x: 0, y: 0, width: 1, height: 1)), to: Int.random(in: 0..<index, using: &generator))
                traits.append(WebPaintOrder.Traits(box: box, display: [.block, .inline, .atomicInline].randomElement(using: &generator)!, laysOutItems: Bool.random(using: &generator),
                                                   zIndex: [nil, -2, 0, 1, 3].randomElement(using: &generator)!, stackingContext: Bool.random(using: &generator),
                                                   positioned: Bool.random(using: &generator), floats: Int.random(in: 0..<5, using: &generator) == 0,
                                                   layer: round % 2 == 0 ? nil : [nil, 0, 2, 7].randomElement(using: &generator)!))
            }
            let parents = tree.nodes.map { $0.parent ?? -1 }
            let positions = WebPaintOrder.positions(parents: parents, traits: traits)
            XCTAssertEqual(positions, WebPaintOrder.positions(tree, traits: traits), "round \(round)")
            XCTAssertEqual(positions.sorted(), Array(parents.indices), "a permutation")
        }
    }
}
