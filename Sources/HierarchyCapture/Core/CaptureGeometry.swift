import HierarchyModel

/// Turns what a view reports into the document's geometry: non-finite numbers replaced (with a
/// note), the untransformed frame from position and anchor point, AppKit's upward y turned down.
enum CaptureGeometry {
    /// The geometry of one view in the document's terms.
    struct Result: Equatable {
        var frame: Rect
        var bounds: Rect
        var transform: Transform2D
        var anchorPoint: Point
        var notes: [String]
    }

    /// The geometry of a view whose superview has `superBounds`; `flip` when the superview's y
    /// grows upward (its subviews' positions, anchors and transforms are mirrored in its bounds).
    static func resolve(
        position: Point, bounds: Rect, anchorPoint: Point, transform: Transform2D,
        superBounds: Rect?, flip: Bool
    ) -> Result {
        var notes: [String] = []
        let bounds = sanitized(bounds, notes: &notes)
        var position = Point(x: finite(position.x, "position.x", 0, &notes), y: finite(position.y, "position.y", 0, &notes))
        var anchor = Point(x: finite(anchorPoint.x, "anchorPoint.x", 0.5, &notes), y: finite(anchorPoint.y, "anchorPoint.y", 0.5, &notes))
        var transform = sanitized(transform, notes: &notes)
        if flip, let s = superBounds {
            // Mirror y inside the superview's bounds: the bounds rectangle maps onto itself.
            position.y = s.minY + s.maxY - position.y
            anchor.y = 1 - anchor.y
            transform = transform.flippedVertically
        }
        let frame = Rect(x: position.x - anchor.x * bounds.width, y: position.y - anchor.y * bounds.height,
                         width: bounds.width, height: bounds.height)
        return Result(frame: frame, bounds: bounds, transform: transform, anchorPoint: anchor, notes: notes)
    }

    /// The transform that draws a view's `bounds` over its `frame` when the two sizes differ (a
    /// magnified scroll view's clip view, AppKit's `scaleUnitSquare(to:)`): a scale about the
    /// centre, since the document's frame has the bounds' size. The identity when the sizes agree
    /// or either is empty or not finite.
    static func boundsScale(frame: Rect, bounds: Rect) -> Transform2D {
        let sx = frame.width / bounds.width, sy = frame.height / bounds.height
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0, sx != 1 || sy != 1 else { return .identity }
        return Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `r` with non-finite numbers replaced by 0 and negative sizes by 0, each noted.
    static func sanitized(_ r: Rect, notes: inout [String]) -> Rect {
        var out = Rect(x: finite(r.x, "bounds.x", 0, &notes), y: finite(r.y, "bounds.y", 0, &notes),
                       width: finite(r.width, "bounds.width", 0, &notes), height: finite(r.height, "bounds.height", 0, &notes))
        if out.width < 0 { notes.append("bounds.width was \(CaptureDocument.number(out.width)), written as 0"); out.width = 0 }
        if out.height < 0 { notes.append("bounds.height was \(CaptureDocument.number(out.height)), written as 0"); out.height = 0 }
        return out
    }

    /// `t`, or the identity when any of its numbers is not finite (noted).
    static func sanitized(_ t: Transform2D, notes: inout [String]) -> Transform2D {
        guard t.isFinite else {
            notes.append("transform \(t.values) is not finite, written as the identity")
            return .identity
        }
        return t
    }

    /// `value`, or `replacement` with a note when it is NaN or infinite.
    static func finite(_ value: Double, _ name: String, _ replacement: Double, _ notes: inout [String]) -> Double {
        guard value.isFinite else {
            notes.append("\(name) was \(value), written as \(CaptureDocument.number(replacement))")
            return replacement
        }
        return value
    }
}

extension Transform2D {
    /// The same transform seen with y pointing the other way (conjugated by a flip of y): what an
    /// AppKit transform in upward coordinates is in the document's downward ones.
    var flippedVertically: Transform2D {
        Transform2D(a: a, b: -b, c: -c, d: d, tx: tx, ty: -ty)
    }
}
