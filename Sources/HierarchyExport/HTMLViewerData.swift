import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import HierarchyRender

/// The page's data block: the layout and the textures as one JSON document, read by the script.
///
/// Shape (keys in this order; rectangles are `[x, y, width, height]` in points, in the root's
/// bounds space; optional keys are left out when absent):
///
///     {"title": …, "screen": [x, y, w, h], "maxDepth": n,
///      "view": {"yaw": …, "pitch": …, "spacing": …, "style": "both", "minDepth"?, "maxDepth"?},
///      "layers": [{"id", "class", "name"?, "tag", "depth", "frame", "fullFrame", "alpha",
///                  "background"? ("#RRGGBB" or "#RRGGBBAA"), "texture"? (index into textures),
///                  "size"? ([width, height] of the texture), "parent"? (index into layers)}],
///      "textures": ["base64 PNG", …]}
enum HTMLViewerData {
    /// The document's text, safe to place inside a `<script>` element: every `<` is escaped.
    static func json(_ layout: Layout, textures: HTMLTextureSet, options: HTMLViewerOptions) -> String {
        var out = "{" + field("title", .string(options.title)) + "," + field("screen", rect(layout.screen))
        out += "," + field("maxDepth", .number(Double(layout.maxDepth))) + "," + field("view", view(options))
        out += ",\n\"layers\":[\n"
        out += layout.layers.indices.map { layer(layout.layers[$0], texture: textures.index[$0]).text() }.joined(separator: ",\n")
        out += "],\n\"textures\":[\n"
        // In a JSON string `\u003c` is `<`, and outside strings JSON has no `<`: so no `</script>`
        // can end the block. Base64 has no `<` either.
        out = out.escapingLessThan()
        out += textures.pngs.map { "\"" + Base64.encode($0) + "\"" }.joined(separator: ",\n")
        return out + "]}"
    }

    /// One layer's object.
    static func layer(_ layer: Layer, texture: Int?) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        keys += [
            ("tag", .number(Double(layer.tag))), ("depth", .number(Double(layer.depth))),
            ("frame", rect(layer.frame)), ("fullFrame", rect(layer.fullFrame)), ("alpha", .number(layer.alpha)),
        ]
        if let color = layer.backgroundColor { keys.append(("background", .string(color.hex))) }
        if let texture, let plan = layer.texture {
            keys.append(("texture", .number(Double(texture))))
            keys.append(("size", .array([.number(Double(plan.width)), .number(Double(plan.height))])))
        }
        if let parent = layer.parentLayer { keys.append(("parent", .number(Double(parent)))) }
        return .object(keys)
    }

    private static func view(_ options: HTMLViewerOptions) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [
            ("yaw", .number(options.yaw)), ("pitch", .number(options.pitch)),
            ("spacing", .number(options.spacing)), ("style", .string(options.style.rawValue)),
        ]
        if let low = options.minDepth { keys.append(("minDepth", .number(Double(low)))) }
        if let high = options.maxDepth { keys.append(("maxDepth", .number(Double(high)))) }
        return .object(keys)
    }

    private static func rect(_ r: Rect) -> OrderedJSON {
        .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)])
    }

    private static func field(_ key: String, _ value: OrderedJSON) -> String {
        JSONText.string(key) + ":" + value.text()
    }
}

extension String {
    /// The string with every `<` written as the JSON escape `\u003c`.
    func escapingLessThan() -> String {
        guard utf8.contains(UInt8(ascii: "<")) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "<" { out.append(contentsOf: "\\u003c".unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
