import HierarchyModel

/// Convex polygons as arrays of points, clockwise on the screen (y down): positive `signedArea`.
public enum ConvexPolygon {
    /// The shoelace area: positive for clockwise on the screen (y down), negative otherwise.
    public static func signedArea(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var twice = 0.0
        var previous = p[p.count - 1]
        for v in p {
            twice += previous.x * v.y - v.x * previous.y
            previous = v
        }
        return twice / 2
    }

    /// The area, whatever the orientation.
    public static func area(_ p: [Point]) -> Double { abs(signedArea(p)) }

    /// The polygon clockwise on the screen (its points reversed when they ran the other way).
    public static func clockwise(_ p: [Point]) -> [Point] {
        signedArea(p) < 0 ? p.reversed() : p
    }

    /// The part of the convex polygon `subject` inside the convex polygon `clip` (both clockwise
    /// on the screen), by Sutherland–Hodgman: the subject is cut by each of the clip's edges in turn.
    /// Empty when they share no area. Edges of zero length cut nothing; points closer together than
    /// a billionth of the polygon's size are merged, so nearly degenerate input gives few spurious points.
    public static func clip(_ subject: [Point], to clip: [Point]) -> [Point] {
        var out = subject
        for i in clip.indices where out.count >= 3 {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            guard a != b else { continue }
            out = cut(out, keepingRightOf: a, b)
        }
        return tidy(out)
    }

    /// The part of `subject` inside the rectangle `rect`.
    public static func clip(_ subject: [Point], to rect: Rect) -> [Point] {
        clip(subject, to: rect.corners)
    }

    /// Whether the polygon has no area to speak of: `clip` would discard it whatever it is cut
    /// to (fewer than three distinct points, or a sliver thinner than a billionth of its size).
    public static func isNegligible(_ p: [Point]) -> Bool {
        tidy(p).isEmpty
    }

    /// Whether `point` is inside the clockwise convex polygon (edges included).
    public static func contains(_ p: [Point], _ point: Point) -> Bool {
        guard p.count >= 3 else { return false }
        for i in p.indices where side(p[i], p[(i + 1) % p.count], point) < 0 { return false }
        return true
    }

    /// > 0 when `v` is on the inner side of the directed edge a→b of a clockwise (on screen) polygon.
    @inline(__always)
    static func side(_ a: Point, _ b: Point, _ v: Point) -> Double {
        (b.x - a.x) * (v.y - a.y) - (b.y - a.y) * (v.x - a.x)
    }

    /// One Sutherland–Hodgman step: the points of `polygon` on the inner side of a→b, with the
    /// crossings of the line added where an edge passes through it.
    private static func cut(_ polygon: [Point], keepingRightOf a: Point, _ b: Point) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(polygon.count + 1)
        var previous = polygon[polygon.count - 1]
        var previousSide = side(a, b, previous)
        for current in polygon {
            let currentSide = side(a, b, current)
            if (previousSide >= 0) != (currentSide >= 0) {
                // The sides have opposite signs, so the division is by a non-zero sum of magnitudes.
                let k = previousSide / (previousSide - currentSide)
                out.append(Point(x: previous.x + (current.x - previous.x) * k, y: previous.y + (current.y - previous.y) * k))
            }
            if currentSide >= 0 { out.append(current) }
            (previous, previousSide) = (current, currentSide)
        }
        return out
    }

    /// Merges points that nearly coincide; empty when fewer than three remain or no area is left.
    private static func tidy(_ polygon: [Point]) -> [Point] {
        guard polygon.count >= 3, let box = Rect.bounding(polygon) else { return [] }
        let size = max(box.width, box.height)
        let epsilon = max(size * 1e-9, 1e-12)
        var out: [Point] = []
        for v in polygon {
            if let last = out.last, abs(last.x - v.x) <= epsilon && abs(last.y - v.y) <= epsilon { continue }
            out.append(v)
        }
        while out.count > 1, let first = out.first, let last = out.last,
              abs(last.x - first.x) <= epsilon && abs(last.y - first.y) <= epsilon {
            out.removeLast()
        }
        guard out.count >= 3, area(out) > size * epsilon else { return [] }
        return out
    }
}
