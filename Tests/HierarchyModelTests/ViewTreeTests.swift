import HierarchyModel
import XCTest

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
