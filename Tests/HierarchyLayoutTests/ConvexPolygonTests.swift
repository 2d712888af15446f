import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Sutherland–Hodgman clipping against hand-worked cases and against a reference built differently.
final class ConvexPolygonTests: XCTestCase {
    private func square(_ x: Double, _ y: Double, _ side: Double) -> [Point] {
        Rect(x: x, y: y, width: side, height: side).corners
    }

    /// `polygon` turned by `degrees` about `centre`.
    private func turned(_ polygon: [Point], _ degrees: Double, about centre: Point) -> [Point] {
        let m = Transform2D.translation(centre.x, centre.y).concatenating(after: .rotation(degrees: degrees))
            .concatenating(after: .translation(-centre.x, -centre.y))
        return polygon.map(m.apply)
    }

    func testASquareCutByItsOwn45DegreeTurnIsARegularOctagon() {
        // A 2×2 square and the same square turned 45° about its centre share a regular octagon whose
        // inradius is 1: area 8·tan(22.5°) = 8(√2 − 1).
        let s = square(-1, -1, 2)
        let octagon = ConvexPolygon.clip(s, to: turned(s, 45, about: .zero))
        XCTAssertEqual(octagon.count, 8)
        XCTAssertEqual(ConvexPolygon.area(octagon), 8 * (2.0.squareRoot() - 1), accuracy: 1e-12)
        XCTAssertGreaterThan(ConvexPolygon.signedArea(octagon), 0, "clockwise on screen")
    }

    func testAHalfOverlapAndNoOverlap() {
        let cut = ConvexPolygon.clip(square(0, 0, 10), to: square(5, 0, 10))
        XCTAssertEqual(Rect.bounding(cut), Rect(x: 5, y: 0, width: 5, height: 10))
        XCTAssertEqual(ConvexPolygon.area(cut), 50)
        XCTAssertEqual(ConvexPolygon.clip(square(0, 0, 10), to: square(10, 0, 10)), [], "touching edges share no area")
        XCTAssertEqual(ConvexPolygon.clip(square(0, 0, 10), to: square(30, 30, 1)), [])
    }

    func testADegenerateClipOrSubjectLeavesNothing() {
        let flat = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0), Point(x: 5, y: 0)]
        XCTAssertEqual(ConvexPolygon.clip(square(0, -5, 10), to: flat), [])
        XCTAssertEqual(ConvexPolygon.clip(flat, to: square(0, -5, 10)), [])
        // A sliver a millionth of a point thick is still a polygon: 4 of its 10 points are inside.
        let sliver = Rect(x: 0, y: 0, width: 10, height: 1e-6).corners
        XCTAssertEqual(ConvexPolygon.area(ConvexPolygon.clip(sliver, to: square(-1, -1, 5))), 4e-6, accuracy: 1e-15)
    }

    func testContainsAndOrientation() {
        let s = square(0, 0, 4)
        XCTAssertTrue(ConvexPolygon.contains(s, Point(x: 2, y: 2)))
        XCTAssertTrue(ConvexPolygon.contains(s, Point(x: 0, y: 2)), "edges included")
        XCTAssertFalse(ConvexPolygon.contains(s, Point(x: 4.001, y: 2)))
        XCTAssertEqual(ConvexPolygon.clockwise(Array(s.reversed())), s)
    }

    /// The reference: the intersection of two convex polygons is the convex hull of the vertices of
    /// each inside the other and the crossings of their edges.
    private func reference(_ a: [Point], _ b: [Point]) -> Double {
        var points = a.filter { ConvexPolygon.contains(b, $0) } + b.filter { ConvexPolygon.contains(a, $0) }
        for i in a.indices {
            for j in b.indices {
                if let p = crossing(a[i], a[(i + 1) % a.count], b[j], b[(j + 1) % b.count]) { points.append(p) }
            }
        }
        return ConvexPolygon.area(hull(points))
    }

    private func crossing(_ p: Point, _ p2: Point, _ q: Point, _ q2: Point) -> Point? {
        let r = Point(x: p2.x - p.x, y: p2.y - p.y), s = Point(x: q2.x - q.x, y: q2.y - q.y)
        let denominator = r.x * s.y - r.y * s.x
        guard abs(denominator) > 1e-15 else { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator
        let u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / denominator
        guard t >= 0, t <= 1, u >= 0, u <= 1 else { return nil }
        return Point(x: p.x + t * r.x, y: p.y + t * r.y)
    }

    /// Andrew's monotone chain.
    private func hull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else { return [] }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    func testRandomTurnedRectanglesAgreeWithTheReference() {
        var rng = SplitMix(seed: 12)
        func rectangle() -> [Point] {
            let r = Rect(x: .random(in: -20...20, using: &rng), y: .random(in: -20...20, using: &rng),
                         width: .random(in: 0.5...30, using: &rng), height: .random(in: 0.5...30, using: &rng))
            return turned(r.corners, .random(in: -180...180, using: &rng), about: Point(x: r.midX, y: r.midY))
        }
        var overlapping = 0
        for _ in 0..<500 {
            let a = rectangle(), b = rectangle()
            let clipped = ConvexPolygon.clip(a, to: b)
            let expected = reference(a, b)
            XCTAssertEqual(ConvexPolygon.area(clipped), expected, accuracy: 1e-9 * max(1, expected))
            XCTAssertEqual(ConvexPolygon.area(ConvexPolygon.clip(b, to: a)), expected, accuracy: 1e-9 * max(1, expected), "symmetric")
            for p in clipped {
                XCTAssertTrue(ConvexPolygon.contains(a, p) || near(a, p), "inside the subject")
            }
            if expected > 0 { overlapping += 1 }
        }
        XCTAssertGreaterThan(overlapping, 100, "the cases exercise real overlaps")
    }

    /// Whether `p` lies within rounding of the polygon's boundary.
    private func near(_ polygon: [Point], _ p: Point) -> Bool {
        polygon.indices.contains { i in
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            return abs((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length < 1e-9
        }
    }
}
