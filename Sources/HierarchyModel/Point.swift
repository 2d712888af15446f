/// A point in points, in some view's bounds space (y grows downwards, as in UIKit).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// A view's default anchor point: the centre of its bounds.
    public static let centre = Point(x: 0.5, y: 0.5)
}

extension Rect {
    /// The corners clockwise as the screen shows them (y down): top left, top right, bottom right, bottom left.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The smallest rectangle holding every point; nil when there are none.
    public static func bounding(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
