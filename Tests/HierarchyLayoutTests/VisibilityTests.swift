import HierarchyLayout
import HierarchyModel
import XCTest

final class VisibilityTests: XCTestCase {
    func testHiddenViewHidesItsSubtree() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 50, 50, hidden: true, [V("a1", 0, 0, 10, 10)]), V("b", 50, 50, 10, 10)]))
        XCTAssertEqual(l.ids, ["root", "b"])
        XCTAssertEqual(l.status[1], .omitted(.hidden))
        XCTAssertEqual(l.status[2], .omitted(.insideOmitted(ancestor: 1)))
    }

    func testTransparentViewHidesItsSubtreeButNearlyTransparentDoesNot() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [
            V("a", 0, 0, 50, 50, alpha: 0.009, [V("a1", 0, 0, 10, 10)]),
            V("b", 0, 0, 50, 50, alpha: 0.01, [V("b1", 0, 0, 10, 10)]),
        ]))
        XCTAssertEqual(l.ids, ["root", "b", "b1"])
    }

    func testEffectiveAlphaIsTheProductDownTheTree() throws {
        let l = try layout(V("root", 0, 0, 100, 100, alpha: 0.5, [V("a", 0, 0, 50, 50, alpha: 0.5, [V("a1", 0, 0, 10, 10, alpha: 0.4)])]))
        XCTAssertEqual(l.layer(withID: "a1")!.alpha, 0.1, accuracy: 1e-12)
    }

    func testExclusionsByTagClassAndIDLeaveTheSubtreeOut() throws {
        let root = V("root", 0, 0, 100, 100, [
            V("menu", 0, 0, 10, 10, tag: 9999, [V("m1", 0, 0, 5, 5)]),
            V("label", 10, 0, 10, 10, cls: "UILabel"),
            V("x", 20, 0, 10, 10, [V("x1", 0, 0, 5, 5)]),
            V("keep", 30, 0, 10, 10),
        ])
        let l = try layout(root, LayoutOptions(excludedTags: [9999], excludedClasses: ["UILabel"], excludedIDs: ["x"]))
        XCTAssertEqual(l.ids, ["root", "keep"])
        XCTAssertEqual(try layout(root).ids.count, 7)
    }

    func testClipsToBoundsCropsSubviewsToTheParent() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("p", 10, 10, 50, 50, clips: true, [V("c", 40, 40, 30, 30)])]))
        let c = try XCTUnwrap(l.layer(withID: "c"))
        XCTAssertEqual(c.fullFrame, Rect(x: 50, y: 50, width: 30, height: 30))
        XCTAssertEqual(c.frame, Rect(x: 50, y: 50, width: 10, height: 10))
        XCTAssertTrue(c.isClipped)
    }

    func testWithoutClipsToBoundsSubviewsStickOut() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("p", 10, 10, 50, 50, [V("c", 40, 40, 30, 30)])]))
        XCTAssertEqual(l.layer(withID: "c")!.frame, Rect(x: 50, y: 50, width: 30, height: 30))
        XCTAssertFalse(l.layer(withID: "c")!.isClipped)
    }

    func testContentOffsetMovesSubviewsAndClipsScrolledAwayCells() throws {
        // A table scrolled down by 120: the cell at content y 100 shows from y 0 to 30 of the screen,
        // the cell at content y 0 is scrolled away entirely.
        let table = V("table", 0, 100, 100, 200, bounds: Rect(x: 0, y: 120, width: 100, height: 200), clips: true, [
            V("cell0", 0, 0, 100, 50), V("cell1", 0, 100, 100, 50),
        ])
        let l = try layout(V("root", 0, 0, 100, 400, [table]))
        XCTAssertNil(l.layer(withID: "cell0"))
        XCTAssertEqual(l.status[2], .omitted(.clippedOut(by: 1)))
        XCTAssertEqual(l.layer(withID: "cell1")!.fullFrame, Rect(x: 0, y: 80, width: 100, height: 50))
        XCTAssertEqual(l.layer(withID: "cell1")!.frame, Rect(x: 0, y: 100, width: 100, height: 30))
    }

    func testUnclippedSubviewOfAClippedOutParentIsStillDrawn() throws {
        // The parent is scrolled out of its clipping container, but its own subview does not clip
        // to it and sticks back into view.
        let container = V("container", 0, 0, 100, 100, clips: true, [
            V("parent", 0, 150, 100, 50, [V("badge", 0, -100, 20, 20)]),
        ])
        let l = try layout(V("root", 0, 0, 200, 200, [container]))
        XCTAssertNil(l.layer(withID: "parent"))
        XCTAssertEqual(l.layer(withID: "badge")!.frame, Rect(x: 0, y: 50, width: 20, height: 20))
    }

    func testUnclippedSubviewOfAnOffScreenParentIsStillDrawn() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("offscreen", 200, 0, 50, 50, [V("peek", -150, 10, 20, 20)])]))
        XCTAssertEqual(l.status[1], .omitted(.offScreen))
        XCTAssertEqual(l.layer(withID: "peek")!.frame, Rect(x: 50, y: 10, width: 20, height: 20))
    }

    func testNestedClippingIntersectsEveryClippingAncestor() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 60, 60, clips: true, [
            V("b", 20, 20, 60, 60, clips: true, [V("c", -20, -20, 100, 100)]),
        ])]))
        XCTAssertEqual(l.layer(withID: "c")!.frame, Rect(x: 20, y: 20, width: 40, height: 40))
    }

    func testDisjointClipsLeaveNothingEvenForDeeperViews() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 10, 10, clips: true, [
            V("b", 50, 50, 10, 10, clips: true, [V("c", -50, -50, 10, 10)]),
        ])]))
        XCTAssertEqual(l.ids, ["root", "a"])
        XCTAssertEqual(l.status[3], .omitted(.clippedOut(by: 2)))
    }

    func testTheRootsBoundsAreTheScreen() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("wide", -50, 90, 300, 50)]))
        XCTAssertEqual(l.layer(withID: "wide")!.frame, Rect(x: 0, y: 90, width: 100, height: 10))
        XCTAssertEqual(l.screen, Rect(x: 0, y: 0, width: 100, height: 100))
    }

    func testShowClippedTurnsAllClippingOff() throws {
        let root = V("root", 0, 0, 100, 100, [V("p", 0, 0, 50, 50, clips: true, [V("c", 40, 40, 300, 30)])])
        let l = try layout(root, LayoutOptions(showClipped: true))
        XCTAssertEqual(l.layer(withID: "c")!.frame, Rect(x: 40, y: 40, width: 300, height: 30))
        XCTAssertFalse(l.layer(withID: "c")!.isClipped)
    }

    func testZeroSizeViewsAreNotLayersButTheirSubviewsAre() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("zero", 10, 10, 0, 0, [V("child", 0, 0, 20, 20)])]))
        XCTAssertEqual(l.status[1], .omitted(.empty))
        XCTAssertEqual(l.layer(withID: "child")!.frame, Rect(x: 10, y: 10, width: 20, height: 20))
    }

    func testParentLayerIsTheNearestAncestorThatIsALayer() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("zero", 0, 0, 0, 0, [V("child", 0, 0, 20, 20)])]))
        XCTAssertEqual(l.layer(withID: "child")!.parentLayer, 0)
    }

    func testFocusKeepsOnlyTheSubtree() throws {
        let root = V("root", 0, 0, 100, 100, [V("a", 0, 0, 50, 50, [V("a1", 0, 0, 10, 10)]), V("b", 50, 50, 10, 10)])
        let l = try layout(root, LayoutOptions(focusID: "a"))
        XCTAssertEqual(l.ids, ["a", "a1"])
        XCTAssertEqual(l.depth("a"), 0)
        XCTAssertEqual(l.depth("a1"), 1)
        XCTAssertThrowsError(try layout(root, LayoutOptions(focusID: "nope"))) { error in
            XCTAssertEqual((error as? InputError)?.description, "--focus: no view has the id 'nope'")
        }
    }

    func testFocusKeepsTheAncestorsClipping() throws {
        let root = V("root", 0, 0, 100, 100, [V("clip", 0, 0, 50, 50, clips: true, [V("a", 25, 25, 50, 50)])])
        XCTAssertEqual(try layout(root, LayoutOptions(focusID: "a")).layer(withID: "a")!.frame, Rect(x: 25, y: 25, width: 25, height: 25))
    }
}
