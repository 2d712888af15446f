import HierarchyRender

extension SceneBuilder {
    /// Adds the camera `render` uses with the same options and returns its node's index. The node
    /// sits at the eye, turned so that its -z looks along the line of sight; the near and far planes
    /// keep every exported layer well inside.
    mutating func addCamera() -> Int {
        let viewpoint = Viewpoint.fitted(to: layout, options: options.render)
        let u = options.metresPerPoint
        let depths = exportedCorners().map { viewpoint.cameraSpace($0).z }
        let extent = max(1, viewpoint.scale.isFinite ? (viewpoint.target - viewpoint.eye).length : 1)
        // Halfway to the nearest layer, and twice as far as the farthest: room to move the camera a little.
        let near = max(depths.min()! / 2, extent * 1e-3)
        let far = max(depths.max()! * 2, near * 2)
        let projection: GLTFDocument.Camera.Projection
        switch viewpoint.projection {
        case .perspective:
            let size = viewpoint.imageSize
            projection = .perspective(aspectRatio: Double(size.width) / Double(size.height),
                                      yfov: viewpoint.verticalFieldOfView * Double.pi / 180, znear: near * u, zfar: far * u)
        case .orthographic:
            let half = viewpoint.orthographicHalfSize
            projection = .orthographic(xmag: half.width * u, ymag: half.height * u, znear: near * u, zfar: far * u)
        }
        document.cameras.append(GLTFDocument.Camera(name: "Camera", projection: projection))
        var node = GLTFDocument.Node(name: "Camera")
        node.translation = viewpoint.eye * u
        node.rotation = viewpoint.orientation
        node.camera = document.cameras.count - 1
        document.nodes.append(node)
        return document.nodes.count - 1
    }
}
