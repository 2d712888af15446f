import HierarchyLayout
import HierarchyModel

/// The layout as JSON (`hierarchy layout --format json`): the shape documented in
/// `docs/layout-json.md`, layers in painter's order, one layer a line.
public enum LayoutDocument {
    /// The document text. `texturePath` may rewrite each texture's path (the JSON exporter points
    /// them at the textures it writes); by default the snapshot path of the tree is kept.
    public static func encode(_ layout: Layout, texturePath: (Layer) -> String? = { $0.texture?.path }) -> String {
        String(decoding: encodedBytes(layout, texturePath: texturePath), as: UTF8.self)
    }

    /// The document as UTF-8 bytes, written layer by layer straight into one buffer (a
    /// million-layer document would otherwise pass through millions of small strings).
    public static func encodedBytes(_ layout: Layout, texturePath: (Layer) -> String? = { $0.texture?.path }) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + layout.layers.count * 224)
        out += "{\n  \"version\": 1,\n  \"size\": ".utf8
        OrderedJSON.object([("width", .number(layout.screen.width)), ("height", .number(layout.screen.height))]).write(into: &out)
        out += ",\n  \"maxDepth\": ".utf8
        JSONText.append(number: Double(layout.maxDepth), to: &out)
        out += ",\n  \"layers\": [".utf8
        for (i, layer) in layout.layers.enumerated() {
            out += (i == 0 ? "\n    " : ",\n    ").utf8
            write(layer, texturePath: texturePath(layer), into: &out)
        }
        out += (layout.layers.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8
        return out
    }

    /// Appends `layerJSON(layer, texturePath:).text()` without building it: a layer's values go
    /// straight into the bytes (LayoutDocumentTests holds the two spellings equal).
    static func write(_ layer: Layer, texturePath: String?, into out: inout [UInt8]) {
        func key(_ name: StaticString) {
            out.append(UInt8(ascii: ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: "\":".utf8)
        }
        func number(_ value: Double) { JSONText.append(number: value, to: &out) }
        func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
            out += "{\"x\":".utf8; number(x)
            out += ",\"y\":".utf8; number(y)
            out += ",\"width\":".utf8; number(width)
            out += ",\"height\":".utf8; number(height)
            out.append(UInt8(ascii: "}"))
        }
        out += "{\"id\":".utf8
        JSONText.append(string: layer.id, to: &out)
        key("class"); JSONText.append(string: layer.className, to: &out)
        if let name = layer.name { key("name"); JSONText.append(string: name, to: &out) }
        if let text = layer.text { key("text"); JSONText.append(string: text, to: &out) }
        if !layer.attributes.isEmpty { key("attributes"); TreeDocument.attributes(layer.attributes).write(into: &out) }
        key("depth"); number(Double(layer.depth))
        key("frame"); rect(layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height)
        key("fullFrame"); rect(layer.fullFrame.x, layer.fullFrame.y, layer.fullFrame.width, layer.fullFrame.height)
        key("clipped"); out += (layer.isClipped ? "true" : "false").utf8
        let t = layer.transform
        key("transform")
        for (i, value) in [t.a, t.b, t.c, t.d, t.tx, t.ty].enumerated() { out.append(UInt8(ascii: i == 0 ? "[" : ",")); number(value) }
        out.append(UInt8(ascii: "]"))
        key("polygon")
        out.append(UInt8(ascii: "["))
        for (i, point) in layer.polygon.enumerated() {
            out += (i == 0 ? "[" : ",[").utf8; number(point.x); out.append(UInt8(ascii: ",")); number(point.y); out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
        key("alpha"); number(layer.alpha)
        key("texture")
        if let plan = layer.texture, let texturePath {
            out += "{\"path\":".utf8
            JSONText.append(string: texturePath, to: &out)
            out += ",\"crop\":".utf8
            rect(Double(plan.crop.x), Double(plan.crop.y), Double(plan.crop.width), Double(plan.crop.height))
            key("width"); number(Double(plan.width))
            key("height"); number(Double(plan.height))
            out.append(UInt8(ascii: "}"))
        } else {
            out += "null".utf8
        }
        out.append(UInt8(ascii: "}"))
    }

    /// One layer's object, keys in the documented order.
    public static func layerJSON(_ layer: Layer, texturePath: String?) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        keys += [
            ("depth", .number(Double(layer.depth))),
            ("frame", TreeDocument.rect(layer.frame)),
            ("fullFrame", TreeDocument.rect(layer.fullFrame)),
            ("clipped", .bool(layer.isClipped)),
            ("transform", .array(layer.transform.values.map(OrderedJSON.number))),
            ("polygon", .array(layer.polygon.map { .array([.number($0.x), .number($0.y)]) })),
            ("alpha", .number(layer.alpha)),
            ("texture", texture(layer.texture, path: texturePath)),
        ]
        return .object(keys)
    }

    private static func texture(_ plan: TexturePlan?, path: String?) -> OrderedJSON {
        guard let plan, let path else { return .null }
        let crop = OrderedJSON.object([
            ("x", .number(Double(plan.crop.x))), ("y", .number(Double(plan.crop.y))),
            ("width", .number(Double(plan.crop.width))), ("height", .number(Double(plan.crop.height))),
        ])
        return .object([("path", .string(path)), ("crop", crop), ("width", .number(Double(plan.width))), ("height", .number(Double(plan.height)))])
    }
}
