import HierarchyModel
import XCTest

final class ViewTreeEqualityTests: XCTestCase {
    func testTreesAreEqualWhateverTheNodeNumbering() {
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        var a = ViewTree(root: ViewNode(id: "r", frame: frame))
        let a1 = a.append(ViewNode(id: "x", frame: frame), to: 0)
        a.append(ViewNode(id: "y", frame: frame), to: 0)
        a.append(ViewNode(id: "x1", frame: frame), to: a1)
        var b = ViewTree(root: ViewNode(id: "r", frame: frame))
        let b1 = b.append(ViewNode(id: "x", frame: frame), to: 0)
        b.append(ViewNode(id: "x1", frame: frame), to: b1)
        b.append(ViewNode(id: "y", frame: frame), to: 0)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        b.update(3) { $0.alpha = 0.5 }
        XCTAssertNotEqual(a, b)
    }

    func testMovingAViewToAnotherParentMakesADifferentTree() {
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        var a = ViewTree(root: ViewNode(id: "r", frame: frame))
        let ax = a.append(ViewNode(id: "x", frame: frame), to: 0)
        a.append(ViewNode(id: "y", frame: frame), to: ax)
        var b = ViewTree(root: ViewNode(id: "r", frame: frame))
        b.append(ViewNode(id: "x", frame: frame), to: 0)
        b.append(ViewNode(id: "y", frame: frame), to: 0)
        XCTAssertNotEqual(a, b)
    }

    /// Attributes made from pairs at once equal those set one by one: canonical order, the last value of a key kept.
    func testAttributesFromPairsEqualThoseSetInTurn() {
        let pairs = [("tag", "a"), ("zeta", "1"), ("label", "L"), ("alpha", "2"), ("zeta", "3"), ("resource-id", "r"), ("label", "M"), ("", "e")]
        for count in 0...pairs.count {
            var set = ViewAttributes()
            for (key, value) in pairs.prefix(count) { set[key] = value }
            XCTAssertEqual(ViewAttributes(Array(pairs.prefix(count))), set, "\(count)")
            XCTAssertEqual(ViewAttributes(Array(pairs.prefix(count))).entries, set.entries, "\(count)")
        }
    }

    /// The same on random lists, short (sorted by insertion) and long (by the general sort): keys
    /// well-known, others with a well-known key's length and first letter (which the rank's quick
    /// test lets through to the table), repeated, empty and not ASCII.
    func testRandomAttributeListsFromPairsEqualThoseSetInTurn() {
        let keys = ViewAttributes.wellKnown + ["lapel", "valve", "hunt", "clickably", "checkers", "tag", "paint-order", "", "é", "zeta", "a", "visibly"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let count = Int.random(in: 0...40, using: &generator)
            let pairs = (0..<count).map { _ in (keys.randomElement(using: &generator)!, String(Int.random(in: 0...9, using: &generator))) }
            var set = ViewAttributes()
            for (key, value) in pairs { set[key] = value }
            XCTAssertEqual(ViewAttributes(pairs).entries, set.entries, "round \(round): \(pairs)")
            XCTAssertEqual(ViewAttributes(unsorted: pairs.map { ViewAttributes.Entry(key: $0.0, value: $0.1) }).entries, set.entries, "round \(round): \(pairs)")
        }
    }
}
