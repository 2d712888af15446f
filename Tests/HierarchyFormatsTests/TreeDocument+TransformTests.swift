import Foundation
import HierarchyFormats
import HierarchyModel
import XCTest

/// `transform` and `anchorPoint` in tree.json: read, written, read back, and refused when malformed.
final class TreeDocumentTransformTests: XCTestCase {
    private func decode(_ text: String) throws -> ViewTree {
        try TreeDocument.decode(Data(text.utf8), file: "tree.json")
    }

    /// The error decoding `text` gives, one line; nil (and a failure) when it decodes.
    private func failure(_ text: String, line: UInt = #line) -> String? {
        do {
            _ = try decode(text)
            XCTFail("decoded without error", line: line)
        } catch {
            XCTAssertFalse("\(error)".contains("\n"), line: line)
            return "\(error)"
        }
        return nil
    }

    /// A document whose root has one child with the given extra keys.
    private func doc(child: String) -> String {
        ##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "children": [{"frame": {"x": 0, "y": 0, "width": 10, "height": 10}\##(child)}]}}"##
    }

    func testTransformAndAnchorPointAreRead() throws {
        let tree = try decode(doc(child: ##", "transform": [0, 1, -1, 0, 2.5, -3], "anchorPoint": {"x": 0, "y": 1}"##))
        XCTAssertEqual(tree[1].transform, Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 2.5, ty: -3))
        XCTAssertEqual(tree[1].anchorPoint, Point(x: 0, y: 1))
        XCTAssertTrue(tree[1].extras.isEmpty, "no longer kept as unknown keys")
    }

    func testDefaultsAreIdentityAndTheCentre() throws {
        let tree = try decode(doc(child: ""))
        XCTAssertEqual(tree[1].transform, .identity)
        XCTAssertEqual(tree[1].anchorPoint, Point(x: 0.5, y: 0.5))
        XCTAssertFalse(TreeDocument.encode(tree).contains("transform"), "defaults are left out")
        XCTAssertFalse(TreeDocument.encode(tree).contains("anchorPoint"))
    }

    func testRoundTripsThroughTheWriter() throws {
        var tree = ViewTree(root: ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let turned = Transform2D.rotation(degrees: 17).concatenating(after: .scale(0.3333333333333333, -1))
        tree.append(ViewNode(id: "a", frame: Rect(x: 10, y: 20, width: 30, height: 40), transform: turned,
                             anchorPoint: Point(x: 0.125, y: 1)), to: 0)
        tree.append(ViewNode(id: "b", frame: Rect(x: 1, y: 2, width: 3, height: 4), anchorPoint: Point(x: 0, y: 0)), to: 0)
        let text = TreeDocument.encode(tree)
        let again = try TreeDocument.decode(Data(text.utf8), file: "again.json")
        XCTAssertEqual(again, tree)
        XCTAssertEqual(again[1].transform, turned, "every bit of every number")
        XCTAssertEqual(TreeDocument.encode(again), text)
    }

    func testMalformedTransformsNameThePath() {
        XCTAssertEqual(failure(doc(child: ##", "transform": [1, 0, 0, 1, 0]"##)),
                       "tree.json: root.children[0].transform: expected [a, b, c, d, tx, ty] (6 numbers), got 5 items")
        XCTAssertEqual(failure(doc(child: ##", "transform": "rotate(3deg)""##)),
                       "tree.json: root.children[0].transform: expected [a, b, c, d, tx, ty] (6 numbers), got a string")
        XCTAssertEqual(failure(doc(child: ##", "transform": [1, 0, 0, "1", 0, 0]"##)),
                       "tree.json: root.children[0].transform[3]: expected a finite number, got a string")
        XCTAssertEqual(failure(doc(child: ##", "transform": [1, 0, 0, 1, 1e999, 0]"##))?.hasPrefix("tree.json: "), true)
        XCTAssertEqual(failure(doc(child: ##", "anchorPoint": {"x": 0.5}"##)),
                       "tree.json: root.children[0].anchorPoint.y: missing (a number is required)")
        XCTAssertEqual(failure(doc(child: ##", "anchorPoint": [0.5, 0.5]"##)),
                       "tree.json: root.children[0].anchorPoint: expected an object, got an array")
    }
}
