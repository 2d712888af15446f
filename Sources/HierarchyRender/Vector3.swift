/// A point or direction in world space, in points. x to the right, y up, z towards the viewer
/// of the front view (SceneKit's and glTF's convention).
public typealias Vector3 = SIMD3<Double>

extension SIMD3 where Scalar == Double {
    /// The dot product.
    public func dot(_ other: Vector3) -> Double { (self * other).sum() }

    /// The cross product (right-handed).
    public func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// The Euclidean length.
    public var length: Double { dot(self).squareRoot() }

    /// The vector scaled to length 1 (unchanged when it is zero).
    public var normalized: Vector3 {
        let l = length
        return l > 0 ? self / l : self
    }

    /// Whether every component is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
