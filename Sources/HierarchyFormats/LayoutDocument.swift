import HierarchyLayout
import HierarchyModel

/// The layout as JSON (`hierarchy layout --format json`): the shape documented in
/// `docs/layout-json.md`, layers in painter's order, one layer a line.
public enum LayoutDocument {
    /// The document text. `texturePath` may rewrite each texture's path (the JSON exporter points
    /// them at the textures it writes); by default the snapshot path of the tree is kept.
    public static func encode(_ layout: Layout, texturePath: (Layer) -> String? = { $0.texture?.path }) -> String {
        let size = OrderedJSON.object([("width", .number(layout.screen.width)), ("height", .number(layout.screen.height))])
        var out = "{\n  \"version\": 1,\n  \"size\": \(size.text()),\n  \"maxDepth\": \(layout.maxDepth),\n  \"layers\": ["
        out += layout.layers.map { "\n    " + layerJSON($0, texturePath: texturePath($0)).text() }.joined(separator: ",")
        return out + (layout.layers.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// One layer's object, keys in the documented order.
    public static func layerJSON(_ layer: Layer, texturePath: String?) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        keys += [
            ("depth", .number(Double(layer.depth))),
            ("frame", TreeDocument.rect(layer.frame)),
            ("fullFrame", TreeDocument.rect(layer.fullFrame)),
            ("clipped", .bool(layer.isClipped)),
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
