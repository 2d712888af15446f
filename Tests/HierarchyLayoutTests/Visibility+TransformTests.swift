import HierarchyLayout
import HierarchyModel
import XCTest

/// Transformed views in the layout: visible polygons, clipping by turned ancestors, texture crops, depths.
final class VisibilityTransformTests: XCTestCase {
    private func assertClose(_ a: Rect, _ b: Rect, line: UInt = #line) {
        for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", line: line)
        }
    }

    func testAQuarterTurnedBadgeIsItsBoundingBoxWithTheMatrixToTheScreen() throws {
        // The worked example of docs/view-hierarchy.md, inside a parent at (10, 0).
        let l = try layout(V("root", 0, 0, 300, 300, [V("p", 10, 0, 200, 300, [
            V("badge", 100, 200, 40, 20, transform: .rotation(degrees: 90)),
        ])]))
        let badge = try XCTUnwrap(l.layer(withID: "badge"))
        assertClose(badge.frame, Rect(x: 120, y: 190, width: 20, height: 40))
        XCTAssertEqual(badge.fullFrame, badge.frame)
        XCTAssertFalse(badge.isClipped)
        XCTAssertFalse(badge.isUntransformed)
        let topLeft = badge.transform.apply(.zero)
        XCTAssertEqual(topLeft.x, 140, accuracy: 1e-12)
        XCTAssertEqual(topLeft.y, 190, accuracy: 1e-12)
        // A quarter turn keeps a rectangle upright: no polygon needed.
        XCTAssertNil(badge.outline)
        assertClose(badge.visibleBounds, Rect(x: 0, y: 0, width: 40, height: 20))
    }

    func testATurnedViewIsAPolygonAndItsFrameTheBox() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("d", 40, 40, 20, 20, transform: .rotation(degrees: 45))]))
        let d = try XCTUnwrap(l.layer(withID: "d"))
        let half = 10 * 2.0.squareRoot()
        assertClose(d.frame, Rect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half))
        let outline = try XCTUnwrap(d.outline)
        XCTAssertEqual(outline.count, 4)
        XCTAssertEqual(ConvexPolygon.area(outline), 400, accuracy: 1e-9)
        XCTAssertGreaterThan(ConvexPolygon.signedArea(outline), 0)
    }

    func testARotatedClippingAncestorCutsItsChildren() throws {
        // A 20×20 clipper turned 45° about (50, 50) holds a child covering its whole bounds and more:
        // the child shows as the clipper's diamond.
        let l = try layout(V("root", 0, 0, 100, 100, [V("clip", 40, 40, 20, 20, transform: .rotation(degrees: 45), clips: true, [
            V("child", -10, -10, 40, 40),
        ])]))
        let child = try XCTUnwrap(l.layer(withID: "child"))
        XCTAssertTrue(child.isClipped)
        XCTAssertEqual(ConvexPolygon.area(child.polygon), 400, accuracy: 1e-9, "the clipper's area")
        XCTAssertTrue(ConvexPolygon.contains(child.polygon, Point(x: 50, y: 50 - 14.1)), "the diamond's top")
        XCTAssertFalse(ConvexPolygon.contains(child.polygon, Point(x: 41, y: 41)), "the clipper's turned-away corner")
        // Its visible bounds: the diamond mapped back into the child, boxed: the clipper's bounds (10...30).
        assertClose(child.visibleBounds, Rect(x: 10, y: 10, width: 20, height: 20))
    }

    func testAGrandchildOutsideATurnedClipperIsClippedOutByIt() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("clip", 40, 40, 20, 20, transform: .rotation(degrees: 30), clips: true, [
            V("inner", 0, 0, 20, 20, [V("far", 60, 60, 5, 5)]),
        ])]))
        XCTAssertEqual(l.status[3], .omitted(.clippedOut(by: 1)))
    }

    func testASingularTransformShowsNothingForZeroSize() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("flat", 10, 10, 50, 50, transform: .scale(0, 1), [V("kid", 0, 0, 10, 10)])]))
        XCTAssertEqual(l.status[1], .omitted(.empty))
        XCTAssertEqual(l.status[2], .omitted(.empty), "its subviews are squashed too")
        XCTAssertEqual(l.ids, ["root"])
    }

    func testANearlySingularTurnedViewShowsNothingForZeroSize() throws {
        // Squashed to a billionth of its height, then turned: the matrix inverts (det 1e-9), but the
        // polygon is a 100-point sliver 1e-8 thick, which the polygon cleanup discards. That is zero
        // size, as for a singular matrix, whether a clipping ancestor or only the screen cuts it.
        let squashed = Transform2D.rotation(degrees: 30).concatenating(after: .scale(1, 1e-9))
        XCTAssertNotNil(squashed.inverted())
        let l = try layout(V("root", 0, 0, 200, 200, [
            V("sliver", 50, 95, 100, 10, transform: squashed, [V("kid", 0, 0, 100, 10)]),
            V("box", 0, 0, 200, 200, clips: true, [V("inner", 50, 95, 100, 10, transform: squashed)]),
            V("flat", 50, 50, 100, 10, transform: Transform2D(a: 1, b: 1, c: 1, d: 1 + 1e-14, tx: 0, ty: 0)),
        ]))
        XCTAssertEqual(l.status[1], .omitted(.empty))
        XCTAssertEqual(l.status[2], .omitted(.empty), "its subview of the same shape is squashed too")
        XCTAssertEqual(l.status[4], .omitted(.empty), "inside a clipping ancestor")
        XCTAssertEqual(l.status[5], .omitted(.empty), "det about 1e-14: singular by `inverted`'s own measure")
        XCTAssertEqual(l.ids, ["root", "box"])
    }

    func testAMirroredViewKeepsItsFrameAndFlipsItsMatrix() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("m", 10, 20, 30, 10, transform: .scale(-1, 1))]))
        let m = try XCTUnwrap(l.layer(withID: "m"))
        XCTAssertEqual(m.frame, Rect(x: 10, y: 20, width: 30, height: 10))
        XCTAssertEqual(m.transform.apply(.zero), Point(x: 40, y: 20), "the left edge of the content is on the right")
        XCTAssertNil(m.outline)
    }

    func testAScaledCardInAClippingCarouselCropsItsTexture() throws {
        // An 80×80 carousel at (10, 10) on a 100×100 screen shows a 200×100 card scaled by 0.5 about
        // its top-left corner at x = 70 in it: on the screen the card covers x 80...180, of which
        // the carousel shows 80...90 (the screen would show 80...100): the first 20 points of the
        // card. A second card starting at the carousel's edge is cut away while still on the screen.
        let card = V("card", 70, 0, 200, 100, transform: .scale(0.5, 0.5), anchor: Point(x: 0, y: 0), snapshot: "card.png")
        let next = V("next", 82, 0, 200, 100, transform: .scale(0.5, 0.5), anchor: Point(x: 0, y: 0), snapshot: "next.png")
        let l = try layout(V("root", 0, 0, 100, 100, [V("carousel", 10, 10, 80, 80, clips: true, [card, next])]),
                           sizes: ["card.png": PixelSize(width: 600, height: 300), "next.png": PixelSize(width: 600, height: 300)])
        let c = try XCTUnwrap(l.layer(withID: "card"))
        assertClose(c.frame, Rect(x: 80, y: 10, width: 10, height: 50))
        assertClose(c.fullFrame, Rect(x: 80, y: 10, width: 100, height: 50))
        XCTAssertTrue(c.isClipped)
        assertClose(c.visibleBounds, Rect(x: 0, y: 0, width: 20, height: 100))
        XCTAssertEqual(c.texture?.crop, PixelRect(x: 0, y: 0, width: 60, height: 300))
        XCTAssertEqual(l.status[3], .omitted(.clippedOut(by: 1)), "x 92...192 on the screen, past the carousel's edge at 90")
    }

    func testATurnedViewsTextureCropIsTheBoxOfItsVisiblePolygonMappedBack() throws {
        // A 40×40 view (snapshot 2x) turned 45° about (20, 20) on a 20-wide screen: its diamond is cut
        // by the screen's top (y = 0) and right (x = 20) edges. The cut's corner (20, 0) maps back to
        // (20 − 10√2, 20 − 10√2) ≈ (5.86, 5.86) and (11.72, 0) to (0, 11.72); the bottom corner of the
        // diamond, (20, 48.28), to (40, 40). Boxed: x 0...40, y 5.86...40, so pixels y 11...80.
        let l = try layout(V("root", 0, 0, 20, 100, [V("d", 0, 0, 40, 40, transform: .rotation(degrees: 45), snapshot: "d.png")]),
                           sizes: ["d.png": PixelSize(width: 80, height: 80)])
        let d = try XCTUnwrap(l.layer(withID: "d"))
        XCTAssertEqual(d.visibleBounds.minY, 20 - 10 * 2.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(d.texture?.crop, PixelRect(x: 0, y: 11, width: 80, height: 69))
        // Centred on the screen's left edge, the diamond shows its right half.
        let m = try layout(V("root", 0, 0, 100, 100, [V("d", -20, 20, 40, 40, transform: .rotation(degrees: 45), snapshot: "d.png")]),
                           sizes: ["d.png": PixelSize(width: 80, height: 80)])
        let visible = try XCTUnwrap(m.layer(withID: "d"))
        XCTAssertEqual(ConvexPolygon.area(visible.polygon), 800, accuracy: 1e-9)
        assertClose(visible.frame, Rect(x: 0, y: 40 - 20 * 2.0.squareRoot(), width: 20 * 2.0.squareRoot(), height: 40 * 2.0.squareRoot()))
    }

    func testOverlapDepthsSeparateTurnedViewsWhoseBoxesOverlap() throws {
        // Two thin bars crossing like an X overlap; a third bar far away shares a depth with the first.
        let l = try layout(V("root", 0, 0, 100, 100, [
            V("a", 10, 45, 80, 10, transform: .rotation(degrees: 45)),
            V("b", 10, 45, 80, 10, transform: .rotation(degrees: -45)),
        ]))
        XCTAssertNotEqual(l.depth("a"), l.depth("b"))
        XCTAssertEqual(l.depth("b"), 2)
    }

    func testShowClippedKeepsTheWholeTurnedView() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("clip", 40, 40, 20, 20, transform: .rotation(degrees: 45), clips: true, [
            V("child", -10, -10, 40, 40),
        ])]), LayoutOptions(showClipped: true))
        XCTAssertEqual(ConvexPolygon.area(try XCTUnwrap(l.layer(withID: "child")).polygon), 1600, accuracy: 1e-9)
    }
}
