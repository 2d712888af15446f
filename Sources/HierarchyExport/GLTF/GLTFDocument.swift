import HierarchyFormats

/// A glTF 2.0 asset as plain data, shaped like the specification's JSON: top-level arrays of
/// objects that name each other by index. Only the parts an exploded view hierarchy needs are
/// modelled. `GLTFWriter` turns it into text; nothing here touches bytes or files.
///
/// > Note: indices must point into the arrays of the same document; `GLTFWriter` writes them as
/// > given. Properties equal to the specification's default are left out when written.
public struct GLTFDocument: Hashable, Sendable {
    public var asset = Asset()
    /// The scene shown when the file is opened.
    public var scene: Int?
    public var scenes: [Scene] = []
    public var nodes: [Node] = []
    public var cameras: [Camera] = []
    public var meshes: [Mesh] = []
    public var materials: [Material] = []
    public var textures: [Texture] = []
    public var images: [Image] = []
    public var samplers: [Sampler] = []
    public var accessors: [Accessor] = []
    public var bufferViews: [BufferView] = []
    public var buffers: [Buffer] = []
    /// Names of the extensions some object uses, sorted.
    public var extensionsUsed: [String] = []

    public init() {}

    /// `asset`: the glTF version and the tool that wrote the file.
    public struct Asset: Hashable, Sendable {
        public var version = "2.0"
        public var generator: String?

        public init(generator: String? = nil) { self.generator = generator }
    }

    /// `scenes[]`: the root nodes of one scene.
    public struct Scene: Hashable, Sendable {
        public var name: String?
        public var nodes: [Int]

        public init(name: String? = nil, nodes: [Int]) {
            (self.name, self.nodes) = (name, nodes)
        }
    }

    /// `nodes[]`: a transform (translation, then rotation, relative to the parent) carrying a
    /// mesh or a camera, with children and application data.
    public struct Node: Hashable, Sendable {
        public var name: String?
        public var children: [Int] = []
        /// Metres; zero is the default.
        public var translation = SIMD3<Double>(0, 0, 0)
        /// A unit quaternion (x, y, z, w); (0, 0, 0, 1) is the default.
        public var rotation = SIMD4<Double>(0, 0, 0, 1)
        public var mesh: Int?
        public var camera: Int?
        /// Shown by Blender as the object's custom properties.
        public var extras: OrderedJSON?

        public init(name: String? = nil) { self.name = name }
    }

    /// `cameras[]`. A camera looks down its node's local -z, with +y up.
    public struct Camera: Hashable, Sendable {
        public enum Projection: Hashable, Sendable {
            /// `yfov` in radians; `zfar` nil is an infinite far plane.
            case perspective(aspectRatio: Double, yfov: Double, znear: Double, zfar: Double?)
            /// Half the width and height of the view, in metres.
            case orthographic(xmag: Double, ymag: Double, znear: Double, zfar: Double)
        }

        public var name: String?
        public var projection: Projection

        public init(name: String? = nil, projection: Projection) {
            (self.name, self.projection) = (name, projection)
        }
    }

    /// `meshes[]`.
    public struct Mesh: Hashable, Sendable {
        public var name: String?
        public var primitives: [Primitive]

        public init(name: String? = nil, primitives: [Primitive]) {
            (self.name, self.primitives) = (name, primitives)
        }
    }

    /// `meshes[].primitives[]`: accessors by attribute, the drawing mode and the material.
    public struct Primitive: Hashable, Sendable {
        /// `POSITION`.
        public var position: Int
        /// `TEXCOORD_0`.
        public var texcoord: Int?
        public var indices: Int?
        public var material: Int?
        public var mode: Mode = .triangles

        public enum Mode: Int, Hashable, Sendable {
            case points = 0, lines = 1, lineLoop = 2, lineStrip = 3, triangles = 4
        }

        public init(position: Int, texcoord: Int? = nil, indices: Int? = nil, material: Int? = nil, mode: Mode = .triangles) {
            self.position = position
            self.texcoord = texcoord
            self.indices = indices
            self.material = material
            self.mode = mode
        }
    }

    /// `materials[]`: the metallic-roughness model, optionally marked unlit (`KHR_materials_unlit`).
    public struct Material: Hashable, Sendable {
        public enum AlphaMode: String, Hashable, Sendable {
            case opaque = "OPAQUE", mask = "MASK", blend = "BLEND"
        }

        public var name: String?
        /// Linear RGBA multiplied with the texture; (1, 1, 1, 1) is the default.
        public var baseColorFactor = SIMD4<Double>(1, 1, 1, 1)
        /// Index into `textures`.
        public var baseColorTexture: Int?
        public var metallicFactor = 1.0
        public var roughnessFactor = 1.0
        public var alphaMode = AlphaMode.opaque
        public var doubleSided = false
        /// Adds the empty `KHR_materials_unlit` extension object.
        public var unlit = false

        public init(name: String? = nil) { self.name = name }
    }

    /// `textures[]`: an image and how it is sampled.
    public struct Texture: Hashable, Sendable {
        public var sampler: Int?
        public var source: Int

        public init(sampler: Int?, source: Int) {
            self.sampler = sampler
            self.source = source
        }
    }

    /// `images[]`: a file beside the document, or bytes in a buffer view with their MIME type.
    public struct Image: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            case uri(String)
            case bufferView(Int, mimeType: String)
        }

        public var name: String?
        public var source: Source

        public init(name: String? = nil, source: Source) {
            (self.name, self.source) = (name, source)
        }
    }

    /// `samplers[]`: filters and wrapping, as WebGL enum values.
    public struct Sampler: Hashable, Sendable {
        public var magFilter: Int?
        public var minFilter: Int?
        /// 10497 (REPEAT) is the default.
        public var wrapS = Sampler.repeating
        public var wrapT = Sampler.repeating

        public init(magFilter: Int? = nil, minFilter: Int? = nil, wrapS: Int = Sampler.repeating, wrapT: Int = Sampler.repeating) {
            self.magFilter = magFilter
            self.minFilter = minFilter
            self.wrapS = wrapS
            self.wrapT = wrapT
        }

        public static let linear = 9729
        public static let linearMipmapLinear = 9987
        public static let clampToEdge = 33071
        public static let repeating = 10497
    }

    /// `accessors[]`: typed elements in a buffer view, with their bounds.
    public struct Accessor: Hashable, Sendable {
        public enum ComponentType: Int, Hashable, Sendable {
            case unsignedShort = 5123, unsignedInt = 5125, float = 5126

            /// Bytes a component takes.
            public var size: Int { self == .unsignedShort ? 2 : 4 }
        }

        public enum ElementType: String, Hashable, Sendable {
            case scalar = "SCALAR", vec2 = "VEC2", vec3 = "VEC3", vec4 = "VEC4"

            /// Components an element has.
            public var components: Int {
                switch self {
                case .scalar: 1
                case .vec2: 2
                case .vec3: 3
                case .vec4: 4
                }
            }
        }

        public var bufferView: Int
        public var byteOffset = 0
        public var componentType: ComponentType
        public var count: Int
        public var type: ElementType
        /// Per component, exactly the stored values' bounds (Float32 values widened to Double).
        public var min: [Double]
        public var max: [Double]

        public init(bufferView: Int, byteOffset: Int = 0, componentType: ComponentType, count: Int, type: ElementType, min: [Double], max: [Double]) {
            self.bufferView = bufferView
            self.byteOffset = byteOffset
            self.componentType = componentType
            self.count = count
            self.type = type
            self.min = min
            self.max = max
        }
    }

    /// `bufferViews[]`: a byte range of a buffer.
    public struct BufferView: Hashable, Sendable {
        public enum Target: Int, Hashable, Sendable {
            case arrayBuffer = 34962, elementArrayBuffer = 34963
        }

        public var buffer: Int
        public var byteOffset: Int
        public var byteLength: Int
        /// Set when several vertex accessors share the view.
        public var byteStride: Int?
        public var target: Target?

        public init(buffer: Int, byteOffset: Int, byteLength: Int, byteStride: Int? = nil, target: Target? = nil) {
            self.buffer = buffer
            self.byteOffset = byteOffset
            self.byteLength = byteLength
            self.byteStride = byteStride
            self.target = target
        }
    }

    /// `buffers[]`: a `.bin` file (uri), or the GLB's BIN chunk (no uri).
    public struct Buffer: Hashable, Sendable {
        public var uri: String?
        public var byteLength: Int

        public init(uri: String? = nil, byteLength: Int) {
            self.uri = uri
            self.byteLength = byteLength
        }
    }
}

extension GLTFDocument {
    /// The extension name of unlit materials.
    public static let unlitExtension = "KHR_materials_unlit"
}
