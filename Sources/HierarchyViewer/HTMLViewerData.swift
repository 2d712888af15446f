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
///      "limits": {"spacing": … (the most setView and `+` allow, RenderOptions.maximumSpacing),
///                 "spacingSlider": … (the Spacing slider's maximum)},
///      "styles": [{"name", "title", "summary", "contents", "outlines", "default"}] (RenderStyle,
///                 in its order: the page's style menu, the styles setView and a link accept;
///                 `default`: the command line's, which its "Command line" leaves out),
///      "source"?: the input as the command line named it (the page's "Command line"),
///      "treeOrder"?: the layers' indices in the tree's order (its pre-order), when painter's order
///                    (the order of "layers") is not it, as on a web page (WebPaintOrder),
///      "layers": [{"id", "class", "name"?, "tag", "depth", "frame", "fullFrame", "alpha",
///                  "background"? ("#RRGGBB" or "#RRGGBBAA"), "texture"? (index into textures),
///                  "size"? ([width, height] of the texture), "parent"? (index into layers),
///                  "source"? ({"line", "endLine", "text"?: the dump's first lines of the view,
///                  at most `quotedLines`, each cut at `quotedWidth` characters})}],
///      "textures": ["base64 PNG", …]}
enum HTMLViewerData {
    /// The document's text, safe to place inside a `<script>` element: every `<` is escaped.
    /// `textureText` writes one entry of `"textures"` (by default the PNG as a base64 string; the
    /// report writes a name of a texture it stores once for every screen).
    static func json(
        _ layout: Layout, textures: HTMLTextureSet, options: HTMLViewerOptions, annotations: HTMLViewerAnnotations? = nil,
        textureText: ([UInt8]) -> String = { "\"" + Base64.encode($0) + "\"" }
    ) -> String {
        var out = "{" + field("title", .string(options.title)) + "," + field("screen", rect(layout.screen))
        out += "," + field("maxDepth", .number(Double(layout.maxDepth))) + "," + field("view", view(options)) + "," + field("limits", limits)
        out += "," + field("styles", styles)
        if let source = options.source { out += "," + field("source", .string(source)) }
        for (key, value) in annotations?.top ?? [] { out += ",\n" + field(key, value) }
        // A web page's layers are in the order the browser paints them, which is not its tree's.
        let inTree = layout.layers.indices.sorted { layout.layers[$0].node < layout.layers[$1].node }
        if !inTree.elementsEqual(layout.layers.indices) { out += "," + field("treeOrder", .array(inTree.map { .number(Double($0)) })) }
        out += ",\n\"layers\":[\n"
        out += layout.layers.indices.map { i in
            var object = layer(layout.layers[i], texture: textures.index[i], dumpLines: options.dumpLines)
            if let extra = annotations?.layers, i < extra.count, case .object(let keys) = object { object = .object(keys + extra[i]) }
            return object.text()
        }.joined(separator: ",\n")
        out += "],\n\"textures\":[\n"
        // In a JSON string `\u003c` is `<`, and outside strings JSON has no `<`: so no `</script>`
        // can end the block. Base64 has no `<` either.
        out = out.escapingLessThan()
        out += textures.pngs.map(textureText).joined(separator: ",\n")
        return out + "]}"
    }

    /// One layer's object.
    static func layer(_ layer: Layer, texture: Int?, dumpLines: [String]? = nil) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if let controller = layer.viewController { keys.append(("viewController", .string(controller.summary))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        keys += [
            ("tag", .number(Double(layer.tag))), ("depth", .number(Double(layer.depth))),
            ("frame", rect(layer.frame)), ("fullFrame", rect(layer.fullFrame)), ("alpha", .number(layer.alpha)),
        ]
        keys += transformKeys(layer)
        if let color = layer.backgroundColor { keys.append(("background", .string(color.hex))) }
        if let texture, let plan = layer.texture {
            keys.append(("texture", .number(Double(texture))))
            keys.append(("size", .array([.number(Double(plan.width)), .number(Double(plan.height))])))
        }
        if let parent = layer.parentLayer { keys.append(("parent", .number(Double(parent)))) }
        if let span = layer.source { keys.append(("source", source(span, dumpLines: dumpLines))) }
        return .object(keys)
    }

    /// The most lines, and characters a line, quoted of a view: a container's element spans its
    /// subviews' lines, and a dump may be one long line, so that quoting all would repeat the file.
    static let quotedLines = 8, quotedWidth = 240

    /// A view's lines, and the dump's text of them when the page has it (plain text: the page sets
    /// it as an element's text, never as markup).
    static func source(_ span: SourceSpan, dumpLines: [String]?) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("line", .number(Double(span.line))), ("endLine", .number(Double(span.endLine)))]
        if let dumpLines, span.line <= dumpLines.count {
            let last = min(span.endLine, dumpLines.count, span.line + quotedLines - 1)
            let quoted = dumpLines[(span.line - 1)..<last].map { $0.count > quotedWidth ? String($0.prefix(quotedWidth - 1)) + "…" : $0 }
            keys.append(("text", .string(quoted.joined(separator: "\n") + (last < span.endLine ? "\n…" : ""))))
        }
        return .object(keys)
    }

    /// The ranges the page's controls keep to, from the definitions the command line reads.
    private static var limits: OrderedJSON {
        .object([("spacing", .number(RenderOptions.maximumSpacing)), ("spacingSlider", .number(HTMLViewerOptions.spacingSliderMaximum))])
    }

    /// The render styles, for the page's menu: each one's name, words and what it draws.
    static var styles: OrderedJSON {
        .array(RenderStyle.allCases.map { style in
            .object([
                ("name", .string(style.rawValue)), ("title", .string(style.title)), ("summary", .string(style.summary)),
                ("contents", .bool(style.drawsContents)), ("outlines", .bool(style.drawsOutlines)),
                ("default", .bool(style == RenderOptions().style)),
            ])
        })
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

extension HTMLViewerData {
    /// For a transformed layer, or one cut to a polygon: `matrix` [a, b, c, d, e, f], the map from
    /// the element's own points (0...w, 0...h over `box`, the visible part of the view's bounds) to
    /// the screen's, for CSS `matrix3d`; `box` [w, h]; `clip`, the visible polygon in the element's
    /// points (a CSS `clip-path`); and `polygon`, the same polygon on the screen, for picking.
    /// Nothing for upright, uncut layers: their element is their frame.
    static func transformKeys(_ layer: Layer) -> [(String, OrderedJSON)] {
        guard layer.outline != nil || !layer.isUntransformed else { return [] }
        let upright = layer.isUntransformed
        let box = upright ? layer.frame : layer.visibleBounds
        let m = upright ? Transform2D.identity : layer.transform
        let origin = m.apply(Point(x: box.minX, y: box.minY))
        let inverse = upright ? Transform2D.identity : (m.inverted() ?? .identity)
        let local = layer.polygon.map { p -> OrderedJSON in
            let q = inverse.apply(p)
            return .array([.number(q.x - box.minX), .number(q.y - box.minY)])
        }
        func number(_ v: Double) -> OrderedJSON { .number(v) }
        return [
            ("matrix", .array([m.a, m.b, m.c, m.d, origin.x, origin.y].map(number))),
            ("box", .array([number(box.width), number(box.height)])),
            ("clip", .array(local)),
            ("polygon", .array(layer.polygon.map { .array([number($0.x), number($0.y)]) })),
        ]
    }
}

extension String {
    /// The string with every `<` written as the JSON escape `\u003c`.
    ///
    /// Byte by byte: `<` is one byte in UTF-8 and never part of another character's, and the data
    /// is megabytes of textures (a page's XML puts `<` in every page's data). Appending scalar by
    /// scalar took half the time `hierarchy serve` spent building a 2,000-view screen's page.
    func escapingLessThan() -> String {
        guard utf8.contains(UInt8(ascii: "<")) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + utf8.count / 8)
        for byte in utf8 {
            if byte == UInt8(ascii: "<") { out.append(contentsOf: "\\u003c".utf8) } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
