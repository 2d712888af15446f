import HierarchyModel
import XCTest

final class RectTests: XCTestCase {
    func testIntersectionKeepsWholeSidesExactly() {
        let label = Rect(x: 182, y: 453, width: 64.3333, height: 20.3333)
        let screen = Rect(x: 0, y: 0, width: 428, height: 926)
        XCTAssertEqual(label.intersection(screen), label)
        XCTAssertEqual(screen.intersection(label), label)
    }

    func testIntersectionOfPartlyOverlappingRectangles() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 0, width: 5, height: 5))
    }

    func testTouchingRectanglesShareNothing() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertNil(a.intersection(Rect(x: 10, y: 0, width: 10, height: 10)))
        XCTAssertFalse(a.overlaps(Rect(x: 10, y: 0, width: 10, height: 10)))
    }

    func testOverlapIgnoresFloatingPointNoise() {
        let a = Rect(x: 0, y: 0, width: 44.333333, height: 10)
        XCTAssertFalse(a.overlaps(Rect(x: 44.3324, y: 0, width: 44.333333, height: 10)))
        XCTAssertTrue(a.overlaps(Rect(x: 44.3320, y: 0, width: 44.333333, height: 10)))
    }

    func testEmptiness() {
        XCTAssertTrue(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 5, height: .nan).isEmpty)
        XCTAssertFalse(Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
    }
}

final class ColorTests: XCTestCase {
    func testHexParsingAndPrinting() {
        XCTAssertEqual(Color(hex: "#0A0b0C"), Color(red: 10, green: 11, blue: 12))
        XCTAssertEqual(Color(hex: "#FF000080"), Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(Color(hex: "#FF000080")?.hex, "#FF000080")
        XCTAssertEqual(Color(red: 1, green: 2, blue: 255).hex, "#0102FF")
        for bad in ["", "#", "FF0000", "#FF000", "#GG0000", "#FF0000800", "red"] { XCTAssertNil(Color(hex: bad), bad) }
    }
}

final class ViewTreeTests: XCTestCase {
    func testDefaultIDsAreIndexPaths() {
        var tree = ViewTree(root: ViewNode(frame: .zero))
        let a = tree.append(ViewNode(frame: .zero), to: 0)
        let b = tree.append(ViewNode(id: "named", frame: .zero), to: 0)
        let c = tree.append(ViewNode(frame: .zero), to: b)
        XCTAssertEqual([tree.root.id, tree[a].id, tree[b].id, tree[c].id], ["0", "0.0", "named", "0.1.0"])
        XCTAssertEqual(tree.jsonPath(of: c), "root.children[1].children[0]")
        XCTAssertEqual(tree.preorder(), [0, a, b, c])
        XCTAssertEqual(tree.levels(), [0, 1, 1, 2])
    }

    func testUpdateKeepsTheNodesPlace() {
        var tree = ViewTree(root: ViewNode(frame: .zero))
        let a = tree.append(ViewNode(frame: .zero), to: 0)
        tree.update(a) { $0.alpha = 0.5 }
        XCTAssertEqual(tree[a].alpha, 0.5)
        XCTAssertEqual(tree[a].parent, 0)
        XCTAssertEqual(tree.root.children, [a])
    }
}

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
}
