import HierarchyFormats
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
        // A plain layer takes about 290 bytes. Reserving more than is used costs address space
        // only (the pages never touched are never mapped); reserving less, a copy of it all.
        out.reserveCapacity(128 + layout.layers.count * 320)
        write(layout, texturePath: texturePath) { out.append(contentsOf: $0) }
        return out
    }

    /// Hands the document's bytes to `sink` in pieces of about `pieceSize` bytes, in order, so
    /// that the whole document is never in memory at once (a million layers make 300 MB).
    /// Errors thrown by `sink` stop the writing and are rethrown. `notes` (what reading the input
    /// passed over: the lines of a dump not read) are written as `notes`, none as no key.
    public static func write<E: Error>(_ layout: Layout, notes: [String] = [], texturePath: (Layer) -> String? = { $0.texture?.path },
                                       pieceSize: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        // A piece ends after the layer that fills it: room for a few large layers more.
        var out = ByteBuffer(capacity: pieceSize < 1 << 30 ? pieceSize + 1 << 16 : 1 << 16)
        out.append("{\n  \"version\": 1,\n  \"size\": ")
        var size: [UInt8] = []
        OrderedJSON.object([("width", .number(layout.screen.width)), ("height", .number(layout.screen.height))]).write(into: &size)
        size.withUnsafeBytes { out.append($0) }
        out.append(",\n  \"maxDepth\": ")
        out.append(number: Double(layout.maxDepth))
        if !notes.isEmpty {
            var list: [UInt8] = []
            OrderedJSON.array(notes.map(OrderedJSON.string)).write(into: &list, pretty: true, indent: 1)
            out.append(",\n  \"notes\": ")
            list.withUnsafeBytes { out.append($0) }
        }
        out.append(",\n  \"layers\": [")
        for index in layout.layers.indices {
            out.append(index == 0 ? "\n    " : ",\n    ")
            write(layout.layers[index], texturePath: texturePath(layout.layers[index]), into: &out)
            if out.count >= pieceSize {
                try sink(out.bytes)
                out.removeAll()
            }
        }
        out.append(layout.layers.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        try sink(out.bytes)
    }

    /// Appends `layerJSON(layer, texturePath:).text()` without building it: a layer's values go
    /// straight into the bytes (LayoutDocumentTests holds the two spellings equal).
    static func write(_ layer: Layer, texturePath: String?, into out: inout ByteBuffer) {
        func key(_ name: StaticString) {
            out.append(",\"")
            out.append(name)
            out.append("\":")
        }
        func point(_ x: Double, _ y: Double) {
            out.append(UInt8(ascii: "["))
            out.append(number: x)
            out.append(UInt8(ascii: ","))
            out.append(number: y)
            out.append(UInt8(ascii: "]"))
        }
        func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
            out.append("{\"x\":"); out.append(number: x)
            out.append(",\"y\":"); out.append(number: y)
            out.append(",\"width\":"); out.append(number: width)
            out.append(",\"height\":"); out.append(number: height)
            out.append(UInt8(ascii: "}"))
        }
        out.append("{\"id\":")
        out.append(jsonString: layer.id)
        key("class"); out.append(jsonString: layer.className)
        if let name = layer.name { key("name"); out.append(jsonString: name) }
        if let text = layer.text { key("text"); out.append(jsonString: text) }
        if let controller = layer.viewController {
            key("viewController")
            var object: [UInt8] = []
            LayoutDocument.controllerJSON(controller).write(into: &object)
            object.withUnsafeBytes { out.append($0) }
        }
        if !layer.attributes.isEmpty {
            key("attributes")
            var attributes: [UInt8] = []
            TreeDocument.attributes(layer.attributes).write(into: &attributes)
            attributes.withUnsafeBytes { out.append($0) }
        }
        if let source = layer.source {
            key("source")
            out.append("{\"line\":"); out.append(number: Double(source.line))
            out.append(",\"endLine\":"); out.append(number: Double(source.endLine))
            out.append(UInt8(ascii: "}"))
        }
        key("depth"); out.append(number: Double(layer.depth))
        key("frame"); rect(layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height)
        key("fullFrame"); rect(layer.fullFrame.x, layer.fullFrame.y, layer.fullFrame.width, layer.fullFrame.height)
        key("clipped"); out.append(layer.isClipped ? "true" : "false")
        let t = layer.transform
        key("transform")
        out.append(UInt8(ascii: "[")); out.append(number: t.a)
        out.append(UInt8(ascii: ",")); out.append(number: t.b)
        out.append(UInt8(ascii: ",")); out.append(number: t.c)
        out.append(UInt8(ascii: ",")); out.append(number: t.d)
        out.append(UInt8(ascii: ",")); out.append(number: t.tx)
        out.append(UInt8(ascii: ",")); out.append(number: t.ty)
        out.append(UInt8(ascii: "]"))
        key("polygon")
        out.append(UInt8(ascii: "["))
        if let outline = layer.outline {
            for (i, corner) in outline.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                point(corner.x, corner.y)
            }
        } else {
            // `layer.polygon` is then `frame.corners`, spelled out here so as not to build an array.
            let f = layer.frame
            point(f.minX, f.minY); out.append(UInt8(ascii: ","))
            point(f.maxX, f.minY); out.append(UInt8(ascii: ","))
            point(f.maxX, f.maxY); out.append(UInt8(ascii: ","))
            point(f.minX, f.maxY)
        }
        out.append(UInt8(ascii: "]"))
        key("alpha"); out.append(number: layer.alpha)
        key("texture")
        if let plan = layer.texture, let texturePath {
            out.append("{\"path\":")
            out.append(jsonString: texturePath)
            out.append(",\"crop\":")
            rect(Double(plan.crop.x), Double(plan.crop.y), Double(plan.crop.width), Double(plan.crop.height))
            key("width"); out.append(number: Double(plan.width))
            key("height"); out.append(number: Double(plan.height))
            out.append(UInt8(ascii: "}"))
        } else {
            out.append("null")
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A view controller as the layout and `pick` write it: `{"class", "title"}`.
    public static func controllerJSON(_ controller: ViewController) -> OrderedJSON {
        var object: [(String, OrderedJSON)] = [("class", .string(controller.className))]
        if let title = controller.title { object.append(("title", .string(title))) }
        return .object(object)
    }

    /// One layer's object, keys in the documented order.
    public static func layerJSON(_ layer: Layer, texturePath: String?) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if let controller = layer.viewController { keys.append(("viewController", controllerJSON(controller))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        if let source = layer.source { keys.append(("source", TreeDocument.source(source))) }
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
