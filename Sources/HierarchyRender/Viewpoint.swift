import HierarchyLayout
import HierarchyModel

/// A camera and its world→pixel mapping: where `render` looks from, what `pick` inverts, and
/// what an exporter turns into a camera node.
///
/// Camera space has x along `right`, y along `up` and z along `forward` (into the picture). The
/// principal point is the image centre; pixel y grows downwards.
/// - perspective: pixel = centre + scale × (x / z, -y / z), so `scale` is the focal length in pixels;
/// - orthographic: pixel = centre + scale × (x, -y), so `scale` is pixels per point.
public struct Viewpoint: Hashable, Sendable {
    public var projection: Projection
    public var eye: Vector3
    /// The point looked at (the orbit centre); on the line of sight through the image centre.
    public var target: Vector3
    /// Unit vectors, orthonormal, right-handed: right × up = -forward.
    public var right: Vector3
    public var up: Vector3
    public var forward: Vector3
    public var scale: Double
    public var imageSize: PixelSize

    /// A camera at `eye` looking at `target`, with `worldUp` (not parallel to the line of sight)
    /// giving the upward direction of the picture.
    public init(
        projection: Projection, eye: Vector3, target: Vector3, worldUp: Vector3 = Vector3(0, 1, 0),
        scale: Double, imageSize: PixelSize
    ) {
        let forward = (target - eye).normalized
        let right = forward.cross(worldUp).normalized
        self.init(projection: projection, eye: eye, target: target, right: right,
                  up: right.cross(forward), forward: forward, scale: scale, imageSize: imageSize)
    }

    init(projection: Projection, eye: Vector3, target: Vector3, right: Vector3, up: Vector3,
         forward: Vector3, scale: Double, imageSize: PixelSize) {
        self.projection = projection
        self.eye = eye
        self.target = target
        self.right = right
        self.up = up
        self.forward = forward
        self.scale = scale
        self.imageSize = imageSize
    }

    /// The distance from the eye to the target.
    public var distance: Double { (target - eye).length }

    /// The image centre in pixels.
    var centre: (x: Double, y: Double) { (Double(imageSize.width) / 2, Double(imageSize.height) / 2) }

    /// A world point in camera space.
    public func cameraSpace(_ point: Vector3) -> Vector3 {
        let d = point - eye
        return Vector3(d.dot(right), d.dot(up), d.dot(forward))
    }

    /// The pixel position of a world point, or nil when a perspective camera cannot see it
    /// (it lies on or behind the camera plane).
    public func project(_ point: Vector3) -> (x: Double, y: Double)? {
        let c = cameraSpace(point)
        switch projection {
        case .orthographic:
            return (centre.x + scale * c.x, centre.y - scale * c.y)
        case .perspective:
            guard c.z > 0 else { return nil }
            return (centre.x + scale * c.x / c.z, centre.y - scale * c.y / c.z)
        }
    }

    /// The ray through the continuous pixel position (x, y) (pixel (i, j) has its centre at
    /// (i + 0.5, j + 0.5)): its origin and unit direction.
    public func ray(x: Double, y: Double) -> (origin: Vector3, direction: Vector3) {
        let dx = (x - centre.x) / scale, dy = (centre.y - y) / scale
        switch projection {
        case .orthographic:
            return (eye + dx * right + dy * up, forward)
        case .perspective:
            return (eye, (forward + dx * right + dy * up).normalized)
        }
    }

    /// The vertical field of view in degrees (perspective; zoom included), as glTF's `yfov` wants it in radians.
    public var verticalFieldOfView: Double {
        2 * Math.atan(Double(imageSize.height) / 2 / scale) * 180 / Double.pi
    }

    /// Half the width and height of the picture in points (orthographic), glTF's `xmag` and `ymag`.
    public var orthographicHalfSize: (width: Double, height: Double) {
        (Double(imageSize.width) / 2 / scale, Double(imageSize.height) / 2 / scale)
    }

    /// The camera's rotation as a unit quaternion (x, y, z, w) taking the local axes of a glTF or
    /// SceneKit camera (x right, y up, looking down -z) to `right`, `up` and `forward`.
    public var orientation: SIMD4<Double> {
        // Rotation matrix with columns right, up, back; Shepperd's method picks the stable branch.
        let back = -forward
        let (m00, m11, m22) = (right.x, up.y, back.z)
        let trace = m00 + m11 + m22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            return SIMD4(( up.z - back.y) / s, (back.x - right.z) / s, (right.y - up.x) / s, s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            return SIMD4(s / 4, (up.x + right.y) / s, (back.x + right.z) / s, (up.z - back.y) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            return SIMD4((up.x + right.y) / s, s / 4, (back.y + up.z) / s, (back.x - right.z) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            return SIMD4((back.x + right.z) / s, (back.y + up.z) / s, s / 4, (right.y - up.x) / s)
        }
    }
}
