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

    func testEveryPropertyCountsInEqualityAndNoneWhenSetBack() {
        let plain = Layer(node: 1, id: "a", className: "View", frame: frame, fullFrame: frame)
        let changes: [(inout Layer) -> Void] = [
            { $0.node = 2 }, { $0.id = "b" }, { $0.className = "UILabel" }, { $0.name = "n" }, { $0.text = "t" },
            { $0.attributes["k"] = "v" }, { $0.tag = 3 }, { $0.depth = 4 }, { $0.frame.x = 1 }, { $0.fullFrame.y = 1 },
            { $0.transform.a = 2 }, { $0.outline = [] }, { $0.visibleBounds.width = 3 }, { $0.alpha = 0.5 },
            { $0.backgroundColor = Color(red: 1, green: 2, blue: 3) }, { $0.parentLayer = 0 },
            { $0.texture = TexturePlan(path: "p", source: PixelSize(width: 1, height: 1), crop: PixelRect(x: 0, y: 0, width: 1, height: 1), width: 1, height: 1) },
        ]
        for (i, change) in changes.enumerated() {
            var layer = plain
            change(&layer)
            XCTAssertNotEqual(layer, plain, "change \(i)")
        }
        var restored = plain
        restored.text = "t"
        restored.outline = []
        restored.text = nil
        restored.outline = nil
        XCTAssertEqual(Set([restored, plain]).count, 1)
    }
}
