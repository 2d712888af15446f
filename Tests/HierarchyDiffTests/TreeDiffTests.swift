@testable import HierarchyDiff
import HierarchyLayout
import HierarchyModel
import XCTest

/// Generated pairs of screens, each with one kind of change made on purpose: exactly that change
/// is found, with ids and without (index paths, paired by structure).
final class TreeDiffTests: XCTestCase {
    let seeds: [UInt64] = [1, 2, 3, 4, 5]

    /// The diff of `before` and `after`, as given (ids) or with index paths for ids (structure).
    func diff(_ before: ViewTree, _ after: ViewTree, ids: Bool, layouts: Bool = false,
              content: @escaping (Int, Int) -> Bool = { _, _ in false }) throws -> (TreeDiff, ViewTree, ViewTree) {
        let (b, a) = ids ? (before, after) : (before.withPathIDs(), after.withPathIDs())
        let (lb, la) = layouts ? (try Layout.compute(b), try Layout.compute(a)) : (nil, nil)
        let result = TreeDiff.compute(b, a, beforeLayout: lb, afterLayout: la, contentDiffers: content)
        XCTAssertEqual(result.matching.usedIDs, ids)
        return (result, b, a)
    }

    /// "id: words" for each changed view, by AFTER's id.
    func summary(_ diff: TreeDiff) -> [String] {
        diff.changed.map { "\($0.afterID): " + $0.changes.map(\.rawValue).joined(separator: " ") }
    }

    func testIdenticalCapturesHaveNoChanges() throws {
        for seed in seeds {
            for ids in [true, false] {
                let tree = DiffScreens.screen(seed: seed)
                let (result, _, a) = try diff(tree, tree, ids: ids, layouts: true)
                XCTAssertTrue(result.isEmpty)
                XCTAssertEqual(result.unchanged, a.count)
            }
        }
    }

    func testEachPropertyChangeIsFoundAloneWithAndWithoutIDs() throws {
        let cases: [(Change, String, (inout ViewNode) -> Void)] = [
            (.moved, "edit", { $0.frame.x -= 20 }),
            (.resized, "title", { $0.frame.width += 30 }),
            (.scrolled, "list", { $0.bounds.y = 30 }),
            (.alpha, "row1", { $0.alpha = 0.5 }),
            (.hidden, "row2-icon", { $0.isHidden = true }),
            (.class, "back", { $0.className = "UIBarButton" }),
            (.name, "edit", { $0.name = "Done" }),
            (.text, "row0-label", { $0.text = "Changed" }),
            (.background, "row3-separator", { $0.backgroundColor = Color(red: 255, green: 0, blue: 0) }),
            (.clips, "header", { $0.clipsToBounds = true }),
            (.transform, "tab1-icon", { $0.transform = Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0) }),
            (.transform, "tab2-icon", { $0.anchorPoint = Point(x: 0, y: 0) }),
            (.attributes, "row4", { $0.attributes["selected"] = "true" }),
        ]
        for seed in seeds {
            for (change, id, edit) in cases {
                let before = DiffScreens.screen(seed: seed)
                var after = before
                after.update(after.at(id), edit)
                for ids in [true, false] {
                    let (result, _, a) = try diff(before, after, ids: ids)
                    let expectedID = a[before.at(id)].id
                    XCTAssertEqual(summary(result), ["\(expectedID): \(change.rawValue)"], "seed \(seed), ids \(ids)")
                    XCTAssertEqual(result.added, [])
                    XCTAssertEqual(result.removed, [])
                    XCTAssertEqual(result.unchanged, a.count - 1)
                }
            }
        }
    }

    func testContentComesFromTheCallersPixels() throws {
        let tree = DiffScreens.screen(seed: 7)
        for ids in [true, false] {
            var asked = 0
            let icon = tree.at("row1-icon")
            let (result, _, a) = try diff(tree, tree, ids: ids) { b, a in
                asked += 1
                return b == icon && a == icon
            }
            XCTAssertEqual(summary(result), ["\(a[icon].id): content"])
            // Only views with snapshots are compared: the icons.
            XCTAssertEqual(asked, tree.nodes.filter { $0.snapshot != nil }.count)
        }
    }

    func testDepthChangesWithTheLayout() throws {
        let before = DiffScreens.screen(seed: 3)
        var after = before
        // The title moves under the back button (its next sibling, in front of it), so the
        // overlap rule lifts the button a level: the title moved, the button changed depth.
        after.update(after.at("title")) { $0.frame.x = 20 }
        for ids in [true, false] {
            let (result, _, a) = try diff(before, after, ids: ids, layouts: true)
            XCTAssertEqual(summary(result), ["\(a[before.at("title")].id): moved", "\(a[before.at("back")].id): depth"])
        }
    }

    func testARemovedRowIsOneRemoval() throws {
        for seed in seeds {
            let before = DiffScreens.screen(seed: seed)
            let after = before.removing(before.at("row2"))
            for ids in [true, false] {
                let (result, b, a) = try diff(before, after, ids: ids)
                XCTAssertEqual(result.removed.map(\.id), [b[before.at("row2")].id], "seed \(seed), ids \(ids)")
                XCTAssertEqual(result.removed.map(\.count), [4])
                XCTAssertEqual(result.removed.map(\.className), ["UITableViewCell"])
                XCTAssertEqual(result.added, [])
                XCTAssertEqual(summary(result), [])
                XCTAssertEqual(result.unchanged, a.count)
            }
        }
    }

    func testAnInsertedRowIsOneAddition() throws {
        for seed in seeds {
            let before = DiffScreens.screen(seed: seed)
            let row = DiffScreens.node("new-row", "UITableViewCell", 0, 500, 390, 44)
            let after = before.inserting(row, under: before.at("list"), at: 2)
            for ids in [true, false] {
                let (result, _, a) = try diff(before, after, ids: ids)
                XCTAssertEqual(result.added.map(\.id), [a[after.at("new-row")].id], "seed \(seed), ids \(ids)")
                XCTAssertEqual(result.added.map(\.count), [1])
                XCTAssertEqual(result.removed, [])
                XCTAssertEqual(summary(result), [])
            }
        }
    }

    func testARowPutElsewhereInTheListChangesOrderOnly() throws {
        for seed in seeds {
            let before = DiffScreens.screen(seed: seed)
            let after = before.moving(before.at("row3"), to: before.at("list"), at: 1)
            for ids in [true, false] {
                let (result, _, a) = try diff(before, after, ids: ids)
                XCTAssertEqual(summary(result), ["\(a[after.at("row3")].id): order"], "seed \(seed), ids \(ids)")
                XCTAssertTrue(result.added.isEmpty && result.removed.isEmpty)
            }
        }
    }

    func testAButtonMovedToAnotherSuperviewIsPaired() throws {
        let before = DiffScreens.screen(seed: 2)
        // The edit button goes from the navigation bar to the tab bar, keeping its frame.
        let after = before.moving(before.at("edit"), to: before.at("footer"), at: 4)
        for ids in [true, false] {
            let (result, _, a) = try diff(before, after, ids: ids)
            XCTAssertEqual(summary(result), ["\(a[after.at("edit")].id): moved order"])
            XCTAssertTrue(result.added.isEmpty && result.removed.isEmpty)
        }
    }

    func testAViewThatMovedWithItsSuperviewIsNotMoved() throws {
        let before = DiffScreens.screen(seed: 4)
        var after = before
        after.update(after.at("header")) { $0.frame.y = 20 }
        for ids in [true, false] {
            let (result, _, a) = try diff(before, after, ids: ids)
            XCTAssertEqual(summary(result), ["\(a[after.at("header")].id): moved"])
        }
    }

    func testIDsOfAnotherRunAreNotUsed() throws {
        // Addresses differ between runs: nothing is shared, so structure pairs the views.
        let tree = DiffScreens.screen(seed: 5)
        var before = tree, after = tree
        for i in tree.nodes.indices {
            before.update(i) { $0.id = "0x1\(i)" }
            after.update(i) { $0.id = "0x2\(i)" }
        }
        let result = TreeDiff.compute(before, after)
        XCTAssertFalse(result.matching.usedIDs)
        XCTAssertTrue(result.isEmpty)
        XCTAssertEqual(result.matching.count, tree.count)
    }

    func testAListTooLongForTheTableIsPairedGreedily() throws {
        // 1,100 rows whose first and last texts change, so that no common end shortens the lists:
        // 1,100 × 1,099 cells is past the table's limit, and the greedy pairing runs.
        var before = ViewTree(root: ViewNode(className: "UIWindow", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let list = before.append(ViewNode(className: "UIScrollView", frame: Rect(x: 0, y: 0, width: 390, height: 844)), to: 0)
        for row in 0..<1_100 {
            before.append(DiffScreens.node("", "Cell", 0, Double(row) * 10, 390, 10, text: "row \(row)"), to: list)
        }
        var after = before.removing(before[list].children[600])
        after.update(after[list].children[0]) { $0.text = "first" }
        after.update(after[list].children.last!) { $0.text = "last" }
        XCTAssertGreaterThan(1_100 * 1_099, SiblingAlignment.tableLimit)
        let result = TreeDiff.compute(before, after)
        XCTAssertEqual(result.removed.map(\.id), ["0.0.600"])
        XCTAssertEqual(summary(result), ["0.0.0: text", "0.0.1099: text"], "the ids kept from BEFORE")
    }

    func testALongListOutsideTheTableIsStillAlignedByItsEnds() throws {
        // 3,000 rows: past the alignment table's limit; one removed in the middle.
        var before = ViewTree(root: ViewNode(className: "UIWindow", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let list = before.append(ViewNode(className: "UIScrollView", frame: Rect(x: 0, y: 0, width: 390, height: 844)), to: 0)
        for row in 0..<3_000 {
            before.append(DiffScreens.node("", "Cell", 0, Double(row) * 10, 390, 10, text: "row \(row)"), to: list)
        }
        let after = before.removing(before[list].children[1_500])
        let result = TreeDiff.compute(before, after)
        XCTAssertEqual(result.removed.map(\.id), ["0.0.1500"])
        XCTAssertEqual(result.changed.count, 0)
    }
}
