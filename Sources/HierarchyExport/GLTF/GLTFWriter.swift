import HierarchyFormats

/// Writes a `GLTFDocument` as glTF JSON text: one small function per object, properties equal
/// to the specification's default and empty arrays left out, keys and arrays in a fixed order,
/// numbers in their shortest round-trip form. The same document always gives the same bytes.
///
/// The top-level keys go one a line and every array element of them one a line, so that the file
/// reads (and diffs) object by object.
public enum GLTFWriter {
    /// The document as JSON text, ending in a newline.
    public static func text(_ document: GLTFDocument) -> String {
        let members = topLevel(document)
        var out = "{"
        for (i, (key, value)) in members.enumerated() {
            out += (i > 0 ? "," : "") + "\n  " + JSONText.string(key) + ": "
            if case .array(let items) = value {
                out += "[" + items.map { "\n    " + $0.text() }.joined(separator: ",") + "\n  ]"
            } else {
                out += value.text()
            }
        }
        return out + "\n}\n"
    }

    /// The top-level members in the order they are written; empty arrays are left out.
    static func topLevel(_ d: GLTFDocument) -> [(String, OrderedJSON)] {
        var members: [(String, OrderedJSON)] = [("asset", asset(d.asset))]
        func add<T>(_ key: String, _ items: [T], _ write: (T) -> OrderedJSON) {
            if !items.isEmpty { members.append((key, .array(items.map(write)))) }
        }
        add("extensionsUsed", d.extensionsUsed) { .string($0) }
        if let scene = d.scene { members.append(("scene", int(scene))) }
        add("scenes", d.scenes, scene)
        add("nodes", d.nodes, node)
        add("cameras", d.cameras, camera)
        add("meshes", d.meshes, mesh)
        add("materials", d.materials, material)
        add("textures", d.textures, texture)
        add("images", d.images, image)
        add("samplers", d.samplers, sampler)
        add("accessors", d.accessors, accessor)
        add("bufferViews", d.bufferViews, bufferView)
        add("buffers", d.buffers, buffer)
        return members
    }

    // MARK: - One function per object

    static func asset(_ a: GLTFDocument.Asset) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("version", .string(a.version))]
        if let generator = a.generator { keys.append(("generator", .string(generator))) }
        return .object(keys)
    }

    static func scene(_ s: GLTFDocument.Scene) -> OrderedJSON {
        var keys = name(s.name)
        keys.append(("nodes", ints(s.nodes)))
        return .object(keys)
    }

    static func node(_ n: GLTFDocument.Node) -> OrderedJSON {
        var keys = name(n.name)
        if !n.children.isEmpty { keys.append(("children", ints(n.children))) }
        if n.translation != SIMD3(0, 0, 0) { keys.append(("translation", numbers([n.translation.x, n.translation.y, n.translation.z]))) }
        if n.rotation != SIMD4(0, 0, 0, 1) { keys.append(("rotation", numbers([n.rotation.x, n.rotation.y, n.rotation.z, n.rotation.w]))) }
        if let mesh = n.mesh { keys.append(("mesh", int(mesh))) }
        if let camera = n.camera { keys.append(("camera", int(camera))) }
        if let extras = n.extras { keys.append(("extras", extras)) }
        return .object(keys)
    }

    static func camera(_ c: GLTFDocument.Camera) -> OrderedJSON {
        var keys = name(c.name)
        switch c.projection {
        case let .perspective(aspectRatio, yfov, znear, zfar):
            var p: [(String, OrderedJSON)] = [("aspectRatio", .number(aspectRatio)), ("yfov", .number(yfov))]
            if let zfar { p.append(("zfar", .number(zfar))) }
            p.append(("znear", .number(znear)))
            keys += [("type", .string("perspective")), ("perspective", .object(p))]
        case let .orthographic(xmag, ymag, znear, zfar):
            let o: [(String, OrderedJSON)] = [("xmag", .number(xmag)), ("ymag", .number(ymag)), ("zfar", .number(zfar)), ("znear", .number(znear))]
            keys += [("type", .string("orthographic")), ("orthographic", .object(o))]
        }
        return .object(keys)
    }

    static func mesh(_ m: GLTFDocument.Mesh) -> OrderedJSON {
        var keys = name(m.name)
        keys.append(("primitives", .array(m.primitives.map(primitive))))
        return .object(keys)
    }

    static func primitive(_ p: GLTFDocument.Primitive) -> OrderedJSON {
        var attributes: [(String, OrderedJSON)] = [("POSITION", int(p.position))]
        if let texcoord = p.texcoord { attributes.append(("TEXCOORD_0", int(texcoord))) }
        var keys: [(String, OrderedJSON)] = [("attributes", .object(attributes))]
        if let indices = p.indices { keys.append(("indices", int(indices))) }
        if let material = p.material { keys.append(("material", int(material))) }
        if p.mode != .triangles { keys.append(("mode", int(p.mode.rawValue))) }
        return .object(keys)
    }

    static func material(_ m: GLTFDocument.Material) -> OrderedJSON {
        var pbr: [(String, OrderedJSON)] = []
        if m.baseColorFactor != SIMD4(1, 1, 1, 1) {
            let f = m.baseColorFactor
            pbr.append(("baseColorFactor", numbers([f.x, f.y, f.z, f.w])))
        }
        if let texture = m.baseColorTexture { pbr.append(("baseColorTexture", .object([("index", int(texture))]))) }
        if m.metallicFactor != 1 { pbr.append(("metallicFactor", .number(m.metallicFactor))) }
        if m.roughnessFactor != 1 { pbr.append(("roughnessFactor", .number(m.roughnessFactor))) }
        var keys = name(m.name)
        if !pbr.isEmpty { keys.append(("pbrMetallicRoughness", .object(pbr))) }
        if m.alphaMode != .opaque { keys.append(("alphaMode", .string(m.alphaMode.rawValue))) }
        if m.doubleSided { keys.append(("doubleSided", .bool(true))) }
        if m.unlit { keys.append(("extensions", .object([(GLTFDocument.unlitExtension, .object([]))]))) }
        return .object(keys)
    }

    static func texture(_ t: GLTFDocument.Texture) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = []
        if let sampler = t.sampler { keys.append(("sampler", int(sampler))) }
        keys.append(("source", int(t.source)))
        return .object(keys)
    }

    static func image(_ i: GLTFDocument.Image) -> OrderedJSON {
        var keys = name(i.name)
        switch i.source {
        case .uri(let uri): keys.append(("uri", .string(uri)))
        case let .bufferView(view, mimeType): keys += [("bufferView", int(view)), ("mimeType", .string(mimeType))]
        }
        return .object(keys)
    }

    static func sampler(_ s: GLTFDocument.Sampler) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = []
        if let mag = s.magFilter { keys.append(("magFilter", int(mag))) }
        if let min = s.minFilter { keys.append(("minFilter", int(min))) }
        if s.wrapS != GLTFDocument.Sampler.repeating { keys.append(("wrapS", int(s.wrapS))) }
        if s.wrapT != GLTFDocument.Sampler.repeating { keys.append(("wrapT", int(s.wrapT))) }
        return .object(keys)
    }

    static func accessor(_ a: GLTFDocument.Accessor) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("bufferView", int(a.bufferView))]
        if a.byteOffset != 0 { keys.append(("byteOffset", int(a.byteOffset))) }
        keys += [("componentType", int(a.componentType.rawValue)), ("count", int(a.count)), ("type", .string(a.type.rawValue))]
        keys += [("min", numbers(a.min)), ("max", numbers(a.max))]
        return .object(keys)
    }

    static func bufferView(_ v: GLTFDocument.BufferView) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("buffer", int(v.buffer))]
        if v.byteOffset != 0 { keys.append(("byteOffset", int(v.byteOffset))) }
        keys.append(("byteLength", int(v.byteLength)))
        if let stride = v.byteStride { keys.append(("byteStride", int(stride))) }
        if let target = v.target { keys.append(("target", int(target.rawValue))) }
        return .object(keys)
    }

    static func buffer(_ b: GLTFDocument.Buffer) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = []
        if let uri = b.uri { keys.append(("uri", .string(uri))) }
        keys.append(("byteLength", int(b.byteLength)))
        return .object(keys)
    }

    // MARK: - Values

    private static func name(_ name: String?) -> [(String, OrderedJSON)] {
        name.map { [("name", .string($0))] } ?? []
    }

    private static func int(_ value: Int) -> OrderedJSON { .number(Double(value)) }
    private static func ints(_ values: [Int]) -> OrderedJSON { .array(values.map(int)) }
    private static func numbers(_ values: [Double]) -> OrderedJSON { .array(values.map(OrderedJSON.number)) }
}
