import HierarchyDiff
import HierarchyLayout
import HierarchyModel
import XCTest

/// The picture's scene: AFTER's layers marked, and ghosts where removed, moved and resized views were.
final class DiffSceneTests: XCTestCase {
    func testMarksAndGhosts() throws {
        let before = DiffScreens.screen(seed: 9)
        var after = before.removing(before.at("row2"))
        after.update(after.at("edit")) { $0.frame.x -= 30 }
        after = after.inserting(DiffScreens.node("badge", "UIView", 300, 10, 20, 20, background: Color(red: 255, green: 0, blue: 0)), under: after.at("header"), at: 3)
        let (lb, la) = (try Layout.compute(before), try Layout.compute(after))
        let diff = TreeDiff.compute(before, after, beforeLayout: lb, afterLayout: la)
        let scene = DiffScene(diff, before: lb, after: la)
        XCTAssertEqual(scene.marks.count, scene.layout.layers.count)
        // AFTER's own layers come first, unchanged.
        XCTAssertEqual(Array(scene.layout.layers.prefix(la.layers.count)), la.layers)
        func marks(_ mark: DiffScene.Mark) -> [String] { zip(scene.layout.layers, scene.marks).filter { $0.1 == mark }.map(\.0.id) }
        XCTAssertEqual(marks(.added), ["badge"])
        XCTAssertEqual(marks(.changed), ["edit"])
        // The removed row's layers as ghosts, at their BEFORE frames and depths, with nothing to draw but their outline.
        let removed = lb.layers.filter { $0.id.hasPrefix("row2") }
        XCTAssertEqual(marks(.removed), removed.map { "before:" + $0.id })
        for (ghost, original) in zip(scene.layout.layers.filter { $0.id.hasPrefix("before:row2") }, removed) {
            XCTAssertEqual([ghost.frame, ghost.fullFrame], [original.frame, original.fullFrame])
            XCTAssertEqual(ghost.depth, original.depth)
            XCTAssertNil(ghost.texture)
            XCTAssertNil(ghost.backgroundColor)
        }
        XCTAssertEqual(marks(.formerPlace), ["before:edit"])
        XCTAssertEqual(marks(.unchanged).count, la.layers.count - 2)
    }
}
