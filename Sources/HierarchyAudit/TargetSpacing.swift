import HierarchyModel

/// WCAG 2.2 Success Criterion 2.5.8 Target Size (Minimum)'s spacing exception, as the W3C's
/// Understanding document words it: "Undersized targets (those less than 24 by 24 CSS pixels) are
/// positioned so that if a 24 CSS pixel diameter circle is centered on the bounding box of each,
/// the circles do not intersect another target or the circle for another undersized target."
/// Pure geometry over the targets' bounding boxes.
struct TargetSpacing {
    /// The targets' bounding boxes.
    let targets: [Rect]
    /// The circle's diameter (24 CSS px), and the size under which a target is undersized.
    let minimum: Double

    /// Whether the target at `index` is undersized (narrower or lower than the minimum).
    func isUndersized(_ index: Int) -> Bool {
        targets[index].width < minimum || targets[index].height < minimum
    }

    /// The first target that an undersized target's circle meets (the target itself, or, when it
    /// is undersized too, its circle); nil when the spacing exception holds. `ignoring` leaves out
    /// the targets that are not another target (one nested in the other).
    func conflict(of index: Int, ignoring: (Int, Int) -> Bool = { _, _ in false }) -> Int? {
        let radius = minimum / 2
        let centre = Self.centre(targets[index])
        for other in targets.indices where other != index && !ignoring(index, other) {
            if Self.distance(from: centre, to: targets[other]) < radius { return other }
            if isUndersized(other) {
                let c = Self.centre(targets[other])
                if ((c.x - centre.x) * (c.x - centre.x) + (c.y - centre.y) * (c.y - centre.y)).squareRoot() < minimum { return other }
            }
        }
        return nil
    }

    static func centre(_ rect: Rect) -> Point {
        Point(x: rect.midX, y: rect.midY)
    }

    /// The distance from `point` to the nearest point of `rect` (0 inside it).
    static func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
