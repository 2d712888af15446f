import HierarchyLayout
import HierarchyModel
import XCTest

/// A layer keeps the properties most layers do without out of line; it must still behave as a
/// plain value: copies change independently, and equality and hashing go by content.
final class LayerStorageTests: XCTestCase {
    let frame = Rect(x: 0, y: 0, width: 10, height: 10)

    func testOutOfLinePropertiesReadBackAndCopiesAreIndependent() {
        let plan = TexturePlan(path: "a.png", source: PixelSize(width: 2, height: 2), crop: PixelRect(x: 0, y: 0, width: 2, height: 2), width: 2, height: 2)
        var a = Layer(node: 1, id: "a", className: "View", name: "n", text: "t", attributes: ["clickable": "true"], frame: frame, fullFrame: frame)
        a.texture = plan
        a.outline = frame.corners
        let b = a
        a.name = nil
        a.texture = nil
        a.attributes["clickable"] = "false"
        XCTAssertEqual([a.name, b.name], [nil, "n"])
        XCTAssertEqual(b.text, "t")
        XCTAssertEqual([a.attributes["clickable"], b.attributes["clickable"]], ["false", "true"])
        XCTAssertNil(a.texture)
        XCTAssertEqual(b.texture, plan)
        XCTAssertEqual(b.polygon, frame.corners)
    }

    func testALayerWhosePropertiesGoBackToTheDefaultsEqualsAPlainOne() {
        let plain = Layer(node: 1, id: "a", className: "View", frame: frame, fullFrame: frame)
        var changed = plain
        changed.text = "t"
        XCTAssertNotEqual(changed, plain)
        changed.text = nil
        XCTAssertEqual(changed, plain)
        XCTAssertEqual(changed.hashValue, plain.hashValue)
        XCTAssertTrue("\(plain)".contains("outline: nil"))
    }
}
