import HierarchyLayout
import HierarchyModel
import XCTest

/// A web page's layers follow its views' `paint-order`; any other tree's stay in pre-order.
final class LayoutPaintOrderTests: XCTestCase {
    /// A page: `#viewport` > html > body > [header (painted last), main > text, under (painted
    /// before body)], each view at (0, 0) 100×100 unless said, with the paint order given.
    private func page(root: String = "#viewport", orders: [String: Int]? = nil) -> ViewTree {
        let orders = orders ?? ["html": 0, "under": 1, "body": 2, "main": 3, "text": 4, "header": 5]
        func view(_ id: String, _ cls: String, y: Double = 0) -> ViewNode {
            var node = ViewNode(id: id, className: cls, frame: Rect(x: 0, y: y, width: 100, height: 100))
            if let order = orders[id] { node.attributes["paint-order"] = String(order) }
            return node
        }
        var tree = ViewTree(root: view("viewport", root))
        let html = tree.append(view("html", "html"), to: 0)
        let body = tree.append(view("body", "body"), to: html)
        tree.append(view("header", "header"), to: body)
        let main = tree.append(view("main", "main"), to: body)
        tree.append(view("text", "#text", y: 10), to: main)
        tree.append(view("under", "div", y: 50), to: body)
        return tree
    }

    func testAWebPagesLayersAreInPaintOrderWithTheirParentsAndStatusesFollowing() throws {
        let tree = page()
        let layout = try Layout.compute(tree, options: LayoutOptions(depthMode: .overlap))
        XCTAssertEqual(layout.ids, ["viewport", "html", "under", "body", "main", "text", "header"])
        // The tree keeps document order; each node's status names its layer's new index.
        XCTAssertEqual(tree.nodes.map(\.id), ["viewport", "html", "body", "header", "main", "text", "under"])
        for (index, node) in tree.nodes.enumerated() {
            guard case .layer(let layer) = layout.status[index] else { return XCTFail("\(node.id) is no layer") }
            XCTAssertEqual(layout.layers[layer].id, node.id)
        }
        // The nearest ancestor layer, by its new index: under's is body, painted after it.
        let parents = layout.layers.map { $0.parentLayer.map { layout.layers[$0].id } ?? "-" }
        XCTAssertEqual(parents, ["-", "viewport", "body", "html", "body", "main", "body"])
        // Painted before its superview, under is not stacked on it: only on what it overlaps earlier.
        XCTAssertEqual(layout.depth("under"), 2)
        XCTAssertEqual(layout.depth("body"), 3)
        XCTAssertEqual(layout.depth("header"), 6, "in front of the text, painted before it")
    }

    func testAViewWithoutAPaintOrderTakesItsSuperviewsAndTiesKeepTreeOrder() throws {
        // Chromium's numbers: one per paint layer, shared by the views in it.
        let layout = try Layout.compute(page(orders: ["html": 0, "body": 0, "header": 2, "main": 0, "under": 1]))
        XCTAssertEqual(layout.ids, ["viewport", "html", "body", "main", "text", "under", "header"])
    }

    func testAnotherTreesLayersStayInPreOrder() throws {
        let layout = try Layout.compute(page(root: "UIWindow"))
        XCTAssertEqual(layout.ids, ["viewport", "html", "body", "header", "main", "text", "under"])
        let unnumbered = try Layout.compute(page(orders: [:]))
        XCTAssertEqual(unnumbered.ids, ["viewport", "html", "body", "header", "main", "text", "under"])
    }
}
