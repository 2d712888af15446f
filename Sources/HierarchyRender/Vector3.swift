/// A point or direction in world space, in points. x to the right, y up, z towards the viewer
/// of the front view (SceneKit's and glTF's convention).
public typealias Vector3 = SIMD3<Double>

// Small vector helpers, internal so that they never clash with another module's.
extension SIMD3 where Scalar == Double {
    func dot(_ other: Vector3) -> Double { (self * other).sum() }

    func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    var length: Double { dot(self).squareRoot() }

    var normalized: Vector3 {
        let l = length
        return l > 0 ? self / l : self
    }

    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
