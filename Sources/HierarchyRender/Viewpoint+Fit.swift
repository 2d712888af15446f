import HierarchyLayout
import HierarchyModel

extension Viewpoint {
    /// The orbit camera of `options` fitted to the layers of `layout` it draws (those in the depth
    /// range): everything drawn lies inside the margin and touches it on one axis, centred on the
    /// other; then `zoom` scales the picture about its centre. With nothing to draw, the screen
    /// rectangle at depth 0 is fitted instead.
    public static func fitted(to layout: Layout, options: RenderOptions) -> Viewpoint {
        let geometry = StackGeometry(spacing: options.spacing)
        var points = layout.layers.filter { options.includes(depth: $0.depth) }.flatMap(geometry.outline(of:))
        if points.isEmpty {
            let screen = Layer(node: 0, id: "", className: "", frame: layout.screen, fullFrame: layout.screen)
            points = geometry.corners(of: screen)
        }
        return fitted(to: points, options: options)
    }

    /// The orbit camera of `options` fitted to world `points` (see `fitted(to:options:)`).
    public static func fitted(to points: [Vector3], options: RenderOptions) -> Viewpoint {
        precondition(!points.isEmpty, "a camera is fitted to at least one point")
        let (low, high) = points.dropFirst().reduce((points[0], points[0])) { (pointwiseMin($0.0, $1), pointwiseMax($0.1, $1)) }
        let target = (low + high) / 2
        let (right, up, forward) = orbitAxes(yaw: options.yaw, pitch: options.pitch)
        // Each point relative to the target, in the camera's axes.
        let local = points.map { p in Vector3((p - target).dot(right), (p - target).dot(up), (p - target).dot(forward)) }
        let size = options.size
        let inset = options.margin * Double(min(size.width, size.height))
        let halfWidth = Double(size.width) / 2 - inset, halfHeight = Double(size.height) / 2 - inset
        let extent = max(high.x - low.x, high.y - low.y, high.z - low.z, 1)

        let focal = Double(size.height) / 2 / Math.tan(options.fov * Double.pi / 360)
        let fit = options.projection == .orthographic
            ? orthographicFit(local, halfWidth: halfWidth, halfHeight: halfHeight, extent: extent)
            : perspectiveFit(local, tanX: halfWidth / focal, tanY: halfHeight / focal, extent: extent)
        let centre = target + fit.offset.x * right + fit.offset.y * up
        let scale = (options.projection == .perspective ? focal : fit.scale) * options.zoom
        return Viewpoint(projection: options.projection, eye: centre - fit.offset.z * forward, target: centre,
                         right: right, up: up, forward: forward, scale: scale, imageSize: size)
    }

    /// The camera axes of the orbit at `yaw` and `pitch` degrees: at (0, 0) it looks down -z with x
    /// to the right; the camera sits at azimuth -yaw and elevation pitch around the target, so that
    /// camera-space x = cos(yaw)·x + sin(yaw)·z, as the peer script's rotation of the stack gives.
    static func orbitAxes(yaw: Double, pitch: Double) -> (right: Vector3, up: Vector3, forward: Vector3) {
        let (sy, cy) = (Math.sin(yaw * Double.pi / 180), Math.cos(yaw * Double.pi / 180))
        let (sp, cp) = (Math.sin(pitch * Double.pi / 180), Math.cos(pitch * Double.pi / 180))
        let back = Vector3(-sy * cp, sp, cy * cp)
        // Taken from the yaw alone, so that it stays defined when looking straight down.
        let right = Vector3(cy, 0, sy)
        return (right, back.cross(right), -back)
    }

    /// Orthographic: the scale that fits the points' extent into the half sizes, and the camera
    /// offset (x, y to the extent's middle; z far enough back that every point is in front).
    static func orthographicFit(_ local: [Vector3], halfWidth: Double, halfHeight: Double, extent: Double) -> (offset: Vector3, scale: Double) {
        // Closures rather than key paths: a key path is looked up at run time for every point.
        let xs = local.map { $0.x }, ys = local.map { $0.y }, zs = local.map { $0.z }
        let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        // A degenerate axis (edge-on, a single point) does not constrain the scale.
        let sx = x1 - x0 > 1e-9 ? 2 * halfWidth / (x1 - x0) : .infinity
        let sy = y1 - y0 > 1e-9 ? 2 * halfHeight / (y1 - y0) : .infinity
        let scale = min(sx, sy).isFinite ? min(sx, sy) : 1
        let distance = max(0, -(zs.min()!)) + extent
        return (Vector3((x0 + x1) / 2, (y0 + y1) / 2, distance), scale)
    }

    /// Perspective with the principal point at the image centre: the smallest distance d back from
    /// the target, and the sideways offset (a, b), such that every point satisfies
    /// |x - a| <= tanX·(z + d) and |y - b| <= tanY·(z + d). Per axis that is an interval for a
    /// that is non-empty once d >= (max(x - tanX·z) - min(x + tanX·z)) / (2·tanX); the larger of
    /// the two axes' bounds wins (that axis touches the margin), and a, b are the intervals' middles.
    static func perspectiveFit(_ local: [Vector3], tanX: Double, tanY: Double, extent: Double) -> (offset: Vector3, scale: Double) {
        func axis(_ value: (Vector3) -> Double, _ t: Double) -> (low: Double, high: Double) {
            (local.map { value($0) - t * $0.z }.max()!, local.map { value($0) + t * $0.z }.min()!)
        }
        // Closures rather than key paths: a key path is looked up at run time for every point.
        let ax = axis({ $0.x }, tanX), ay = axis({ $0.y }, tanY)
        // Never closer than just in front of the nearest point, even for degenerate input.
        let floor = -(local.map { $0.z }.min()!) + extent * 1e-3
        let d = max((ax.low - ax.high) / (2 * tanX), (ay.low - ay.high) / (2 * tanY), floor)
        return (Vector3((ax.low + ax.high) / 2, (ay.low + ay.high) / 2, d), 1)
    }
}
