import Foundation
import XCTest

/// The glTF 2.0 rules the exporter promises, checked on a parsed document and its binary buffer;
/// each failure names the object (`accessors[3].max`) and the values. Written from the
/// specification's text, independently of the exporter's code.
public struct GLTFChecker {
    let json: [String: Any]
    /// Buffer 0's bytes (the BIN chunk, or the .bin file).
    let binary: [UInt8]
    let file: StaticString
    let line: UInt

    /// Checks everything below.
    public static func check(_ json: [String: Any], binary: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let checker = GLTFChecker(json: json, binary: binary, file: file, line: line)
        checker.checkAsset()
        checker.checkNoEmptyArrays()
        checker.checkReferences()
        checker.checkBufferViews()
        checker.checkAccessors()
        checker.checkPrimitives()
        checker.checkSceneTree()
        checker.checkNothingUnused()
        checker.checkExtensions()
    }

    func fail(_ message: String) { XCTFail(message, file: file, line: line) }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// `asset.version` "2.0" and a generator.
    func checkAsset() {
        check(json.object("asset")?.string("version") == "2.0", "asset.version is \(String(describing: json.object("asset")?["version"]))")
        check(json.object("asset")?.string("generator")?.isEmpty == false, "asset.generator is missing")
    }

    /// Top-level arrays, when present, have at least one element (the schema's minItems).
    func checkNoEmptyArrays() {
        for (key, value) in json {
            if let array = value as? [Any] { check(!array.isEmpty, "\(key) is an empty array") }
        }
    }

    /// Every index names an element of its array.
    func checkReferences() {
        func inRange(_ index: Int?, _ array: String, _ what: String) {
            guard let index else { return }
            check(json.array(array).indices.contains(index), "\(what) = \(index) is not an index of \(array) (\(json.array(array).count))")
        }
        for (i, view) in json.array("bufferViews").enumerated() { inRange(view.int("buffer"), "buffers", "bufferViews[\(i)].buffer") }
        for (i, accessor) in json.array("accessors").enumerated() { inRange(accessor.int("bufferView"), "bufferViews", "accessors[\(i)].bufferView") }
        for (i, image) in json.array("images").enumerated() { inRange(image.int("bufferView"), "bufferViews", "images[\(i)].bufferView") }
        for (i, texture) in json.array("textures").enumerated() {
            inRange(texture.int("source"), "images", "textures[\(i)].source")
            inRange(texture.int("sampler"), "samplers", "textures[\(i)].sampler")
        }
        for (i, material) in json.array("materials").enumerated() {
            inRange(material.object("pbrMetallicRoughness")?.object("baseColorTexture")?.int("index"), "textures", "materials[\(i)].baseColorTexture")
        }
        for (i, node) in json.array("nodes").enumerated() {
            inRange(node.int("mesh"), "meshes", "nodes[\(i)].mesh")
            inRange(node.int("camera"), "cameras", "nodes[\(i)].camera")
            for child in node.ints("children") ?? [] { inRange(child, "nodes", "nodes[\(i)].children") }
        }
        for (m, p, primitive) in primitives() {
            inRange(primitive.int("material"), "materials", "meshes[\(m)].primitives[\(p)].material")
            inRange(primitive.int("indices"), "accessors", "meshes[\(m)].primitives[\(p)].indices")
            for (name, index) in primitive.object("attributes") ?? [:] { inRange(jsonInt(index), "accessors", "meshes[\(m)].primitives[\(p)].attributes.\(name)") }
        }
        inRange(json.int("scene"), "scenes", "scene")
    }

    /// Views start on 4-byte boundaries and lie inside their buffer; strides are multiples of 4 in 4...252.
    func checkBufferViews() {
        let buffers = json.array("buffers")
        for (i, buffer) in buffers.enumerated() {
            check((buffer.int("byteLength") ?? 0) >= 1, "buffers[\(i)].byteLength is \(String(describing: buffer["byteLength"]))")
        }
        for (i, view) in json.array("bufferViews").enumerated() {
            let offset = view.int("byteOffset") ?? 0, length = view.int("byteLength") ?? -1
            let bufferLength = buffers.indices.contains(view.int("buffer") ?? -1) ? buffers[view.int("buffer")!].int("byteLength") ?? 0 : 0
            check(offset % 4 == 0, "bufferViews[\(i)].byteOffset \(offset) is not a multiple of 4")
            check(length >= 1 && offset + length <= bufferLength, "bufferViews[\(i)] (\(offset)+\(length)) is outside its buffer of \(bufferLength) bytes")
            if let stride = view.int("byteStride") {
                check(stride % 4 == 0 && (4...252).contains(stride), "bufferViews[\(i)].byteStride is \(stride)")
                check(view.int("target") != 34963, "bufferViews[\(i)] of indices has a byteStride")
            }
        }
        check(binary.count >= (buffers.first?.int("byteLength") ?? 0), "the binary (\(binary.count) bytes) is shorter than buffers[0].byteLength")
    }

    /// Accessors are aligned to their component size, fit their view, carry min and max, and
    /// those equal the bounds of the stored values.
    func checkAccessors() {
        let views = json.array("bufferViews")
        for (i, accessor) in json.array("accessors").enumerated() {
            guard let layout = AccessorLayout(accessor, views: views) else { fail("accessors[\(i)] has an unknown type or view"); continue }
            check(layout.start % layout.componentSize == 0, "accessors[\(i)] starts at byte \(layout.start), not a multiple of \(layout.componentSize)")
            check(layout.stride % layout.componentSize == 0, "accessors[\(i)] has stride \(layout.stride)")
            check(layout.accessorOffset + layout.stride * (layout.count - 1) + layout.elementSize <= layout.viewLength,
                  "accessors[\(i)] runs past its view")
            guard let min = accessor.doubles("min"), let max = accessor.doubles("max") else { fail("accessors[\(i)] has no min/max"); continue }
            guard layout.start + layout.stride * (layout.count - 1) + layout.elementSize <= binary.count else { fail("accessors[\(i)] runs past the binary"); continue }
            let values = layout.values(in: binary)
            let actualMin = (0..<layout.components).map { c in values.map { $0[c] }.min()! }
            let actualMax = (0..<layout.components).map { c in values.map { $0[c] }.max()! }
            // Float data is compared in Float32, as readers do (and as Linux's JSONSerialization,
            // which may misround the last digit of a Double, requires).
            let isFloat = layout.componentType == 5126
            func same(_ a: [Double], _ b: [Double]) -> Bool {
                isFloat ? a.map { Float($0) } == b.map { Float($0) } : a == b
            }
            check(same(min, actualMin), "accessors[\(i)].min is \(min), the data's is \(actualMin)")
            check(same(max, actualMax), "accessors[\(i)].max is \(max), the data's is \(actualMax)")
        }
    }

    /// POSITION present with min/max; TEXCOORD_0 as many as positions; indices in range and a
    /// multiple of 3 for triangles; indices never FLOAT.
    func checkPrimitives() {
        let accessors = json.array("accessors")
        for (m, p, primitive) in primitives() {
            let name = "meshes[\(m)].primitives[\(p)]"
            guard let position = primitive.object("attributes").flatMap({ jsonInt($0["POSITION"]) }), accessors.indices.contains(position) else {
                fail("\(name) has no POSITION"); continue
            }
            let vertices = accessors[position].int("count") ?? 0
            check(accessors[position].string("type") == "VEC3" && accessors[position].int("componentType") == 5126, "\(name) POSITION is not a float VEC3")
            if let uv = primitive.object("attributes").flatMap({ jsonInt($0["TEXCOORD_0"]) }) {
                check(accessors[uv].int("count") == vertices, "\(name) TEXCOORD_0 count differs from POSITION's")
            }
            let mode = primitive.int("mode") ?? 4
            if let indices = primitive.int("indices") {
                let accessor = accessors[indices]
                check(accessor.int("componentType") != 5126 && accessor.string("type") == "SCALAR", "\(name) indices are not integer scalars")
                check((accessor.doubles("max")?.first ?? .infinity) < Double(vertices), "\(name) indices reach past \(vertices) vertices")
                if mode == 4 { check((accessor.int("count") ?? 0) % 3 == 0, "\(name) has a triangle index count not a multiple of 3") }
            } else if mode == 4 {
                check(vertices % 3 == 0, "\(name) has \(vertices) vertices for triangles")
            }
        }
    }

    /// The scene's nodes and their children form a tree: every node is reached exactly once.
    func checkSceneTree() {
        let nodes = json.array("nodes")
        var reached = [Int](repeating: 0, count: nodes.count)
        var stack = json.array("scenes").flatMap { $0.ints("nodes") ?? [] }
        while let index = stack.popLast() {
            guard nodes.indices.contains(index) else { continue }
            reached[index] += 1
            if reached[index] == 1 { stack += nodes[index].ints("children") ?? [] }
        }
        for (i, count) in reached.enumerated() where count != 1 { fail("nodes[\(i)] is reached \(count) times from the scene") }
    }

    /// No object that nothing uses: meshes, cameras, materials, textures, images, samplers,
    /// accessors, buffer views and buffers are all referenced.
    func checkNothingUnused() {
        var used: [String: Set<Int>] = [:]
        func use(_ array: String, _ index: Int?) { if let index { used[array, default: []].insert(index) } }
        for node in json.array("nodes") { use("meshes", node.int("mesh")); use("cameras", node.int("camera")) }
        for (_, _, primitive) in primitives() {
            use("materials", primitive.int("material"))
            use("accessors", primitive.int("indices"))
            for (_, index) in primitive.object("attributes") ?? [:] { use("accessors", jsonInt(index)) }
        }
        for material in json.array("materials") { use("textures", material.object("pbrMetallicRoughness")?.object("baseColorTexture")?.int("index")) }
        for texture in json.array("textures") { use("images", texture.int("source")); use("samplers", texture.int("sampler")) }
        for accessor in json.array("accessors") { use("bufferViews", accessor.int("bufferView")) }
        for image in json.array("images") { use("bufferViews", image.int("bufferView")) }
        for view in json.array("bufferViews") { use("buffers", view.int("buffer")) }
        for array in ["meshes", "cameras", "materials", "textures", "images", "samplers", "accessors", "bufferViews", "buffers"] {
            let unused = Set(json.array(array).indices).subtracting(used[array] ?? [])
            check(unused.isEmpty, "\(array) \(unused.sorted()) are not used")
        }
    }

    /// `extensionsUsed` lists exactly the extensions the materials use.
    func checkExtensions() {
        let used = Set(json.array("materials").flatMap { ($0.object("extensions") ?? [:]).keys })
        let listed = json["extensionsUsed"] as? [String] ?? []
        check(Set(listed) == used && listed.count == used.count, "extensionsUsed is \(listed), the materials use \(used.sorted())")
    }

    /// Every primitive with its mesh and primitive index.
    func primitives() -> [(Int, Int, [String: Any])] {
        json.array("meshes").enumerated().flatMap { m, mesh in mesh.array("primitives").enumerated().map { (m, $0, $1) } }
    }
}

/// Where an accessor's elements are in the buffer, and their values as Doubles.
struct AccessorLayout {
    var start: Int
    var accessorOffset: Int
    var stride: Int
    var count: Int
    var components: Int
    var componentType: Int
    var componentSize: Int
    var viewLength: Int

    var elementSize: Int { components * componentSize }

    init?(_ accessor: [String: Any], views: [[String: Any]]) {
        let sizes = [5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4]
        let componentsOf = ["SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4]
        guard let type = accessor.int("componentType"), let size = sizes[type], let components = accessor.string("type").flatMap({ componentsOf[$0] }),
              let viewIndex = accessor.int("bufferView"), views.indices.contains(viewIndex), let count = accessor.int("count"), count >= 1 else { return nil }
        let view = views[viewIndex]
        accessorOffset = accessor.int("byteOffset") ?? 0
        start = (view.int("byteOffset") ?? 0) + accessorOffset
        stride = view.int("byteStride") ?? components * size
        self.count = count
        self.components = components
        componentType = type
        componentSize = size
        viewLength = view.int("byteLength") ?? 0
    }

    /// Each element's components.
    func values(in binary: [UInt8]) -> [[Double]] {
        (0..<count).map { e in
            (0..<components).map { c in
                let at = start + e * stride + c * componentSize
                switch componentType {
                case 5126: return Double(Float(bitPattern: GLTFFiles.uint32(binary, at)))
                case 5125: return Double(GLTFFiles.uint32(binary, at))
                case 5123: return Double(UInt16(binary[at]) | UInt16(binary[at + 1]) << 8)
                default: return Double(binary[at])
                }
            }
        }
    }
}
