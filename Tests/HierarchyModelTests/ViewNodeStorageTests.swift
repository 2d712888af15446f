import HierarchyModel
import XCTest

/// Properties most views leave at their defaults are kept out of line; a view must still behave as
/// a plain value: copies change independently, and equality and hashing go by content.
final class ViewNodeStorageTests: XCTestCase {
    func testOutOfLinePropertiesReadBackAndCopiesAreIndependent() {
        var a = ViewNode(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNil(a.name)
        XCTAssertEqual(a.transform, .identity)
        XCTAssertEqual(a.anchorPoint, .centre)
        a.name = "n"
        a.text = "t"
        a.attributes["clickable"] = "true"
        a.extras["future"] = .number(1)
        a.transform = .translation(1, 2)
        a.anchorPoint = Point(x: 0, y: 1)
        let b = a
        a.name = "changed"
        a.attributes["clickable"] = "false"
        XCTAssertEqual([a.name, b.name], ["changed", "n"])
        XCTAssertEqual([a.attributes["clickable"], b.attributes["clickable"]], ["false", "true"])
        XCTAssertEqual(b.text, "t")
        XCTAssertEqual(b.extras, ["future": .number(1)])
        XCTAssertEqual(b.transform, .translation(1, 2))
        XCTAssertEqual(b.anchorPoint, Point(x: 0, y: 1))
    }

    func testAViewWhosePropertiesGoBackToTheDefaultsEqualsAPlainOne() {
        let plain = ViewNode(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var changed = plain
        changed.name = "n"
        XCTAssertNotEqual(changed, plain)
        changed.name = nil
        XCTAssertEqual(changed, plain)
        XCTAssertEqual(changed.hashValue, plain.hashValue)
        XCTAssertEqual("\(changed)", "\(plain)")
    }

    func testANegativeZeroInTheTransformIsKept() {
        let node = ViewNode(frame: .zero, transform: Transform2D(a: 1, b: -0.0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(node.transform.b.sign, .minus)
    }

    func testTheDescriptionListsEveryProperty() {
        let node = ViewNode(id: "a", name: "n", frame: .zero)
        let text = "\(node)"
        for label in ["id: \"a\"", "name: Optional(\"n\")", "text: nil", "transform:", "anchorPoint:", "attributes:", "extras: [:]", "parent: nil", "position: 0"] {
            XCTAssertTrue(text.contains(label), "\(label) in \(text)")
        }
    }
}

/// The box itself: none while the properties are defaults, shared until changed, gone when set back.
final class OutOfLineTests: XCTestCase {
    struct Fields: OutOfLineFields {
        var note: String?
        var isDefault: Bool { note == nil }
    }

    func testABoxIsMadeSharedCopiedOnWriteAndDropped() {
        XCTAssertNil(OutOfLine.box(Fields()))
        var a = OutOfLine.box(Fields(note: "x"))
        XCTAssertEqual(a?.fields.note, "x")
        let b = a
        OutOfLine.change(&a) { $0.note = "y" }
        XCTAssertFalse(a === b, "a shared box is copied before it changes")
        XCTAssertEqual([a?.fields.note, b?.fields.note], ["y", "x"])
        var d = OutOfLine.box(Fields(note: "z"))
        let before = d
        OutOfLine.change(&d) { $0.note = nil }
        XCTAssertNil(d)
        XCTAssertEqual(OutOfLine.fields(of: d), Fields())
        XCTAssertEqual(before?.fields.note, "z")
    }
}
