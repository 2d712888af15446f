/// An axis-aligned rectangle in points, origin at the top left, y growing downwards (UIKit's convention).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { width * height }

    /// True when the rectangle covers no area (a zero or negative width or height).
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The common part of two rectangles, or nil when they share no area (touching edges share none).
    /// A side taken whole from either rectangle keeps its size exactly, without rounding noise.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        func side(_ lo: Double, _ hi: Double, _ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            if lo == a.0 && hi == a.1 { return a.2 }
            if lo == b.0 && hi == b.1 { return b.2 }
            return hi - lo
        }
        return Rect(x: x0, y: y0, width: side(x0, x1, (minX, maxX, width), (other.minX, other.maxX, other.width)),
                    height: side(y0, y1, (minY, maxY, height), (other.minY, other.maxY, other.height)))
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), x1 = max(maxX, other.maxX)
        let y0 = min(minY, other.minY), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `other` lies entirely inside this rectangle (edges included).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Overlap with positive area beyond floating-point noise: the shared extent must exceed
    /// `tolerance` in both directions, so that cells whose frames were captured as
    /// 44.333333 + 44.333333 do not count as overlapping their neighbours.
    public func overlaps(_ other: Rect, tolerance: Double = Rect.overlapTolerance) -> Bool {
        min(maxX, other.maxX) - max(minX, other.minX) > tolerance
            && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
    }

    /// Overlaps of this many points or less, in either direction, do not count.
    public static let overlapTolerance = 0.001
}
