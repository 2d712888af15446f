/// A 2D affine map in CGAffineTransform's order (named so as not to clash with Foundation's AffineTransform): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
///
/// As a matrix acting on column vectors (x, y, 1):
///
///     | a  c  tx |
///     | b  d  ty |
///     | 0  0  1  |
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The six numbers in the order the formats write them: [a, b, c, d, tx, ty].
    public init(_ values: [Double]) {
        precondition(values.count == 6, "an affine transform has 6 numbers")
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (dx, dy).
    public static func translation(_ dx: Double, _ dy: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// A rotation by `degrees`, clockwise on the screen (y down), as UIKit's `rotationAngle`.
    public static func rotation(degrees: Double) -> Transform2D {
        // Exact for quarter turns, so that 90° and 180° give whole numbers, not 6e-17.
        let turns = degrees / 90
        if turns == turns.rounded() {
            let (cos, sin): (Double, Double) = [(1, 0), (0, 1), (-1, 0), (0, -1)][((Int(turns) % 4) + 4) % 4]
            return Transform2D(a: cos, b: sin, c: 0 - sin, d: cos, tx: 0, ty: 0)
        }
        let r = degrees * .pi / 180
        return Transform2D(a: Math.cos(r), b: Math.sin(r), c: -Math.sin(r), d: Math.cos(r), tx: 0, ty: 0)
    }

    /// A scale by (sx, sy).
    public static func scale(_ sx: Double, _ sy: Double) -> Transform2D {
        Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// [a, b, c, d, tx, ty].
    public var values: [Double] { [a, b, c, d, tx, ty] }

    public var isIdentity: Bool { self == .identity }

    /// Whether the linear part is the identity (the map only moves points).
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// The determinant of the linear part: the factor areas are scaled by (negative when mirrored).
    public var determinant: Double { a * d - b * c }

    /// Whether every number is finite.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// The image of `p`.
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The image of the vector `v` (the linear part alone).
    public func applyLinear(_ v: Point) -> Point {
        Point(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// `self` after `first`: (self ∘ first)(p) = self(first(p)).
    public func concatenating(after first: Transform2D) -> Transform2D {
        Transform2D(
            a: a * first.a + c * first.b, b: b * first.a + d * first.b,
            c: a * first.c + c * first.d, d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// The inverse map; nil when the linear part is singular or nearly so (relative to its size)
    /// or the result is not finite.
    public func inverted() -> Transform2D? {
        let det = determinant
        let size = max(abs(a), abs(b), abs(c), abs(d))
        guard det.isFinite, size > 0, abs(det) > 1e-12 * size * size else { return nil }
        let inverse = Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inverse.isFinite ? inverse : nil
    }
}
