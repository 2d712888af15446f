import Foundation
@testable import HierarchyExport
import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import XCTest

final class LayoutDocumentTests: XCTestCase {
    /// A clipped, named, translucent, textured layer beside plain ones.
    func layout() throws -> Layout {
        var tree = ViewTree(root: ViewNode(id: "w", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 80)))
        let clip = tree.append(ViewNode(id: "clip \"q\"", name: "Tïtle\n", frame: Rect(x: 10.5, y: 10, width: 50, height: 40), clipsToBounds: true, alpha: 0.25), to: 0)
        tree.append(ViewNode(id: "img", frame: Rect(x: -5, y: 5, width: 30.333333, height: 20), snapshot: "s/img.png"), to: clip)
        // Text and UI-test attributes, which both spellings carry.
        tree.append(ViewNode(id: "label", className: "android.widget.TextView", text: "Wi‑Fi \"home\"", frame: Rect(x: 0, y: 60, width: 40, height: 10),
                             attributes: ["resource-id": "id/title", "clickable": "true"]), to: 0)
        // A turned view: a polygon and a transform that is not the identity.
        tree.append(ViewNode(id: "turned", frame: Rect(x: 60, y: 20, width: 20, height: 10),
                             transform: Transform2D(a: 0.8660254037844387, b: 0.5, c: -0.5, d: 0.8660254037844387, tx: 0, ty: 0)), to: 0)
        return try Layout.compute(tree, snapshotSizes: ["s/img.png": PixelSize(width: 91, height: 60)])
    }

    func testTheDocumentSpellsEachLayerAsItsOrderedJSON() throws {
        let layout = try layout()
        XCTAssertTrue(layout.layers.contains { $0.isClipped && $0.texture != nil })
        XCTAssertTrue(layout.layers.contains { !$0.transform.isIdentity && !$0.polygon.isEmpty })
        XCTAssertTrue(layout.layers.contains { $0.text != nil && !$0.attributes.isEmpty })
        let text = LayoutDocument.encode(layout)
        let lines = layout.layers.map { "    " + LayoutDocument.layerJSON($0, texturePath: $0.texture?.path).text() }
        XCTAssertEqual(text, "{\n  \"version\": 1,\n  \"size\": {\"width\":100,\"height\":80},\n  \"maxDepth\": \(layout.maxDepth),\n  \"layers\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n")
        let renamed = LayoutDocument.encode(layout) { _ in "t/x.png" }
        XCTAssertTrue(renamed.contains(#""path":"t/x.png""#))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        XCTAssertTrue(text.contains(#""text":"Wi‑Fi \"home\"","attributes":{"resource-id":"id/title","clickable":"true"}"#))
    }

    func testThePiecesMakeUpTheDocument() throws {
        let layout = try layout()
        // A piece ends after the layer that fills it; the last one holds the rest.
        for (pieceSize, count) in [(1, layout.layers.count + 1), (1 << 20, 1)] {
            var pieces: [[UInt8]] = []
            LayoutDocument.write(layout, pieceSize: pieceSize) { pieces.append(Array($0)) }
            XCTAssertEqual(pieces.flatMap { $0 }, LayoutDocument.encodedBytes(layout))
            XCTAssertEqual(pieces.count, count)
        }
    }

    func testTextAndAttributesAreInTheDocumentAndTheText() throws {
        var tree = ViewTree(root: ViewNode(id: "w", frame: Rect(x: 0, y: 0, width: 100, height: 80)))
        tree.append(ViewNode(id: "b", className: "Button", name: "ok", text: "Fertig", frame: Rect(x: 0, y: 0, width: 50, height: 20),
                             attributes: ["enabled": "false", "resource-id": "id/done"]), to: 0)
        let layout = try Layout.compute(tree)
        XCTAssertEqual(LayoutDocument.layerJSON(layout.layers[1], texturePath: nil).text(),
                       ##"{"id":"b","class":"Button","name":"ok","text":"Fertig","attributes":{"resource-id":"id/done","enabled":"false"},"depth":1,"frame":{"x":0,"y":0,"width":50,"height":20},"fullFrame":{"x":0,"y":0,"width":50,"height":20},"clipped":false,"transform":[1,0,0,1,0,0],"polygon":[[0,0],[50,0],[50,20],[0,20]],"alpha":1,"texture":null}"##)
        XCTAssertTrue(LayoutText.render(layout, tree: tree).contains("<Button: b; name = 'ok'; text = 'Fertig'; depth = 1;"))
    }
}
