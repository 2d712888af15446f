import HierarchyLayout
import HierarchyRender

/// The accessors every quad shares: a POSITION accessor per distinct quad size, one TEXCOORD_0
/// and one index accessor.
struct QuadAccessors {
    /// Half the width and height of a quad in metres, as stored (Float32).
    struct Key: Hashable {
        var halfWidth: Float
        var halfHeight: Float

        /// Corners top left, top right, bottom right, bottom left (as the screen shows them), around
        /// the node's origin at the quad's centre, in the plane z = 0.
        var corners: [Float] {
            [-halfWidth, halfHeight, 0, halfWidth, halfHeight, 0, halfWidth, -halfHeight, 0, -halfWidth, -halfHeight, 0]
        }
    }

    var position: [Key: Int] = [:]
    var texcoord: Int?
    var indices: Int?

    static func key(_ layer: Layer, metresPerPoint: Double) -> Key {
        Key(halfWidth: Float(layer.frame.width * metresPerPoint / 2), halfHeight: Float(layer.frame.height * metresPerPoint / 2))
    }

    /// Texture coordinates of the corners: the texture's top-left pixel at the top-left corner
    /// (glTF's UV origin is the image's top left).
    static let uv: [Float] = [0, 0, 1, 0, 1, 1, 0, 1]
    /// Two triangles, counter-clockwise seen from the front (+z): TL-BL-BR and TL-BR-TR.
    static let triangles: [UInt16] = [0, 3, 2, 0, 2, 1]
}

extension SceneBuilder {
    /// Writes the shared quad data of the `included` layers into the buffer, first of all: the
    /// positions of every distinct size in one view (stride 12), then the texture coordinates and
    /// the indices, each only when some layer uses them.
    mutating func writeGeometry(for included: [Int]) {
        var keys: [QuadAccessors.Key] = []
        for index in included where isQuad(layout.layers[index]) {
            let key = QuadAccessors.key(layout.layers[index], metresPerPoint: options.metresPerPoint)
            if quads.position[key] == nil { quads.position[key] = -1; keys.append(key) }
        }
        guard !keys.isEmpty else { return }
        let view = buffer.append(BinaryBuffer.bytes(of: keys.flatMap(\.corners)), stride: 12, target: .arrayBuffer)
        for (k, key) in keys.enumerated() {
            let (x, y) = (Double(key.halfWidth), Double(key.halfHeight))
            quads.position[key] = addAccessor(view: view, offset: k * 48, .float, count: 4, .vec3, min: [-x, -y, 0], max: [x, y, 0])
        }
        if included.contains(where: { kind(of: $0).textured && isQuad(layout.layers[$0]) }) {
            let view = buffer.append(BinaryBuffer.bytes(of: QuadAccessors.uv), target: .arrayBuffer)
            quads.texcoord = addAccessor(view: view, .float, count: 4, .vec2, min: [0, 0], max: [1, 1])
        }
        if included.contains(where: { kind(of: $0).quad && isQuad(layout.layers[$0]) }) {
            let view = buffer.append(BinaryBuffer.bytes(of: QuadAccessors.triangles), target: .elementArrayBuffer)
            quads.indices = addAccessor(view: view, .unsignedShort, count: 6, .scalar, min: [0], max: [3])
        }
    }

    /// Whether the layer is an upright rectangle with its content one to one (the shared quads);
    /// otherwise it is its own polygon (`addPolygon`).
    func isQuad(_ layer: Layer) -> Bool {
        layer.outline == nil && layer.isUntransformed
    }

    /// The geometry of a transformed or cut layer: its visible polygon around the node's origin
    /// (the frame's centre), with texture coordinates where the view's content falls on it, and a
    /// triangle fan when it is filled. Returns the POSITION, TEXCOORD_0 and index accessors.
    mutating func addPolygon(_ layer: Layer, textured: Bool, filled: Bool) -> (Int, Int?, Int?) {
        let u = options.metresPerPoint, polygon = layer.polygon
        let positions: [Float] = polygon.flatMap { p -> [Float] in [Float((p.x - layer.frame.midX) * u), Float(-(p.y - layer.frame.midY) * u), 0] }
        let xs = stride(from: 0, to: positions.count, by: 3).map { Double(positions[$0]) }
        let ys = stride(from: 1, to: positions.count, by: 3).map { Double(positions[$0]) }
        let view = buffer.append(BinaryBuffer.bytes(of: positions), target: .arrayBuffer)
        let position = addAccessor(view: view, .float, count: polygon.count, .vec3,
                                   min: [xs.min()!, ys.min()!, 0], max: [xs.max()!, ys.max()!, 0])
        var texcoord: Int?
        if textured {
            let geometry = StackGeometry(spacing: options.render.spacing)
            let uv = polygon.flatMap { p -> [Float] in
                let st = geometry.textureCoordinates(of: p, on: layer)
                return [Float(min(max(st.s, 0), 1)), Float(min(max(st.t, 0), 1))]
            }
            let us = stride(from: 0, to: uv.count, by: 2).map { Double(uv[$0]) }, vs = stride(from: 1, to: uv.count, by: 2).map { Double(uv[$0]) }
            let uvView = buffer.append(BinaryBuffer.bytes(of: uv), target: .arrayBuffer)
            texcoord = addAccessor(view: uvView, .float, count: polygon.count, .vec2, min: [us.min()!, vs.min()!], max: [us.max()!, vs.max()!])
        }
        guard filled else { return (position, texcoord, nil) }
        // Flipping y keeps the picture, so the polygon, clockwise on the screen, is clockwise seen
        // from the front too: the fan runs backwards to face +z, as the quads do.
        let fan = (1..<(polygon.count - 1)).flatMap { [UInt16(0), UInt16($0 + 1), UInt16($0)] }
        let indexView = buffer.append(BinaryBuffer.bytes(of: fan), target: .elementArrayBuffer)
        let indices = addAccessor(view: indexView, .unsignedShort, count: fan.count, .scalar, min: [0], max: [Double(polygon.count - 1)])
        return (position, texcoord, indices)
    }

    private mutating func addAccessor(
        view: Int, offset: Int = 0, _ component: GLTFDocument.Accessor.ComponentType, count: Int,
        _ type: GLTFDocument.Accessor.ElementType, min: [Double], max: [Double]
    ) -> Int {
        document.accessors.append(GLTFDocument.Accessor(bufferView: view, byteOffset: offset, componentType: component,
                                                        count: count, type: type, min: min, max: max))
        return document.accessors.count - 1
    }
}
