import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import HierarchyRender

/// Turns a layout into a glTF scene (documented in docs/gltf.md):
///
/// - a root node holding the placement: the box around the exported layers is centred on the origin;
/// - under it one node per layer in the depth range, nested as the view tree nests them (a layer's
///   node is a child of its nearest exported ancestor layer's), each at its visible frame's centre
///   at z = depth × spacing, relative to its parent; and the camera `render` would use;
/// - per layer a quad of its visible frame's size (or a line loop when it has neither snapshot nor
///   background colour) with an unlit, double-sided material.
///
/// Units are metres (`metresPerPoint`), axes as glTF has them: x right, y up (the screen's y is
/// flipped), z towards the viewer of the front view. Pure: the same input gives the same scene.
public struct SceneBuilder {
    /// Where images go.
    public enum ImageStorage: Hashable, Sendable {
        /// In buffer 0, as a GLB wants them.
        case embedded
        /// Files in this folder beside the document (`textures`), named as the encoded textures are.
        case files(folder: String)
    }

    let layout: Layout
    let textures: [Int: EncodedTexture]
    let options: ExportOptions
    let storage: ImageStorage
    var document = GLTFDocument()
    var buffer = BinaryBuffer()
    var imageFiles: [GLTFScene.ImageFile] = []
    var quads = QuadAccessors()
    /// Texture index by PNG bytes, so that identical textures are stored once.
    var textureIndex: [[UInt8]: Int] = [:]
    var materialIndex: [GLTFDocument.Material: Int] = [:]

    /// The scene of `layout`'s layers in the depth range of `options`, with `textures` (keyed by
    /// layer index; a layer without one is drawn in its background colour, or outlined).
    /// > Note: `options` must be valid (`ExportOptions.validate()`).
    public static func build(_ layout: Layout, textures: [Int: EncodedTexture], options: ExportOptions, images: ImageStorage) -> GLTFScene {
        var builder = SceneBuilder(layout: layout, textures: textures, options: options, storage: images)
        return builder.run()
    }

    private mutating func run() -> GLTFScene {
        let included = layout.layers.indices.filter { options.render.includes(depth: layout.layers[$0].depth) }
        document.asset = GLTFDocument.Asset(generator: options.generator)
        document.nodes = [rootNode()]
        writeGeometry(for: included)
        let nodeOf = addLayerNodes(included)
        document.nodes[0].children = included.filter { exportedParent(of: $0, among: nodeOf) == nil }.map { nodeOf[$0]! }
        document.nodes[0].children.append(addCamera())
        document.scene = 0
        document.scenes = [GLTFDocument.Scene(name: options.sceneName, nodes: [0])]
        document.extensionsUsed = document.materials.contains(where: \.unlit) ? [GLTFDocument.unlitExtension] : []
        finishBuffer()
        return GLTFScene(document: document, binary: buffer.bytes.isEmpty ? [] : buffer.paddedBytes, imageFiles: imageFiles)
    }

    // MARK: - Nodes

    /// The root: named after the scene, translated so that the exported layers' box is centred.
    private func rootNode() -> GLTFDocument.Node {
        var root = GLTFDocument.Node(name: options.sceneName)
        root.translation = -centre() * options.metresPerPoint
        root.extras = .object([
            ("metresPerPoint", .number(options.metresPerPoint)),
            ("spacing", .number(options.render.spacing)),
            ("screen", TreeDocument.rect(layout.screen)),
        ])
        return root
    }

    /// Adds a node for each included layer, in painter's order, and returns the node index of each.
    private mutating func addLayerNodes(_ included: [Int]) -> [Int: Int] {
        var nodeOf: [Int: Int] = [:]
        for index in included { nodeOf[index] = document.nodes.count + nodeOf.count }
        // Linked once every layer has its node: a web page's painter's order may put a layer before its parent's.
        var links: [(parent: Int, child: Int)] = []
        for index in included {
            let layer = layout.layers[index]
            var node = GLTFDocument.Node(name: LayerNode.name(layer))
            let parent = exportedParent(of: index, among: nodeOf)
            // Differences in points, scaled once: a level apart is exactly spacing × metresPerPoint.
            node.translation = (anchor(layer) - (parent.map { anchor(layout.layers[$0]) } ?? .zero)) * options.metresPerPoint
            // An outline hangs on a child node of its own: readers that drop nodes whose only
            // primitive is a line loop (trimesh) then still keep the layer's node and its subtree.
            if kind(of: index).quad { node.mesh = addMesh(for: index, name: node.name) }
            node.extras = LayerNode.extras(layer)
            document.nodes.append(node)
            if let parent { links.append((nodeOf[parent]!, document.nodes.count - 1)) }
        }
        for link in links { document.nodes[link.parent].children.append(link.child) }
        // After every layer node, so that those keep the indices given above.
        for index in included where !kind(of: index).quad {
            var outline = GLTFDocument.Node(name: LayerNode.outlineName(layout.layers[index]))
            outline.mesh = addMesh(for: index, name: outline.name)
            document.nodes.append(outline)
            document.nodes[nodeOf[index]!].children.insert(document.nodes.count - 1, at: 0)
        }
        return nodeOf
    }

    /// The nearest ancestor layer that is exported, if any.
    private func exportedParent(of index: Int, among nodeOf: [Int: Int]) -> Int? {
        var current = layout.layers[index].parentLayer
        while let candidate = current, nodeOf[candidate] == nil { current = layout.layers[candidate].parentLayer }
        return current
    }

    /// A layer's node position before centring, in world points: its visible frame's centre on its plane.
    func anchor(_ layer: Layer) -> SIMD3<Double> {
        StackGeometry(spacing: options.render.spacing).point(x: layer.frame.midX, y: layer.frame.midY, depth: layer.depth)
    }

    /// The centre of the box around the exported layers (the screen at depth 0 when there are none),
    /// in points: the renderer's orbit centre.
    func centre() -> SIMD3<Double> {
        let points = exportedCorners()
        let low = points.dropFirst().reduce(points[0]) { pointwiseMin($0, $1) }
        let high = points.dropFirst().reduce(points[0]) { pointwiseMax($0, $1) }
        return (low + high) / 2
    }

    /// The corners of every exported layer's visible region in world points, or the screen's when there are none.
    func exportedCorners() -> [SIMD3<Double>] {
        let geometry = StackGeometry(spacing: options.render.spacing)
        let points = layout.layers.filter { options.render.includes(depth: $0.depth) }.flatMap(geometry.outline(of:))
        guard points.isEmpty else { return points }
        return geometry.corners(of: Layer(node: 0, id: "", className: "", frame: layout.screen, fullFrame: layout.screen))
    }

    // MARK: - Meshes

    /// A mesh of one primitive: a textured or coloured quad, or an outline.
    private mutating func addMesh(for index: Int, name: String?) -> Int {
        let layer = layout.layers[index]
        let (position, texcoord, indices) = isQuad(layer)
            ? (quads.position[QuadAccessors.key(layer, metresPerPoint: options.metresPerPoint)]!, quads.texcoord, quads.indices)
            : addPolygon(layer, textured: textures[index] != nil, filled: kind(of: index).quad)
        let primitive: GLTFDocument.Primitive
        if let texture = textures[index] {
            primitive = GLTFDocument.Primitive(position: position, texcoord: texcoord, indices: indices,
                                               material: texturedMaterial(texture, alpha: layer.alpha))
        } else if let colour = layer.backgroundColor {
            primitive = GLTFDocument.Primitive(position: position, indices: indices,
                                               material: colourMaterial(colour, alpha: layer.alpha))
        } else {
            primitive = GLTFDocument.Primitive(position: position, material: outlineMaterial(), mode: .lineLoop)
        }
        document.meshes.append(GLTFDocument.Mesh(name: name, primitives: [primitive]))
        return document.meshes.count - 1
    }

    /// Whether the layer at `index` is drawn as a quad with a texture, as a quad without, or outlined.
    func kind(of index: Int) -> (quad: Bool, textured: Bool) {
        let textured = textures[index] != nil
        return (textured || layout.layers[index].backgroundColor != nil, textured)
    }

    /// Sets buffer 0's length once everything is appended; no buffer when nothing was.
    private mutating func finishBuffer() {
        document.bufferViews = buffer.views
        document.buffers = buffer.bytes.isEmpty ? [] : [GLTFDocument.Buffer(byteLength: buffer.paddedCount)]
    }
}

/// A glTF scene in memory: the document, its binary buffer and the image files it names.
public struct GLTFScene: Hashable, Sendable {
    /// An image file the document names by uri, relative to the document's folder.
    public struct ImageFile: Hashable, Sendable {
        public var path: String
        public var png: [UInt8]
    }

    /// Buffer 0 has no uri: the caller names its `.bin` file, or packs it into a GLB.
    public var document: GLTFDocument
    /// Buffer 0's bytes, padded to a multiple of 4; empty when the document has no buffer.
    public var binary: [UInt8]
    /// With `.files` storage, each distinct texture once, in first-use order.
    public var imageFiles: [ImageFile]
}
