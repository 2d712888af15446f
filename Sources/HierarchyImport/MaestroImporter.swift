import HierarchyModel

/// Reads Maestro's hierarchy (`maestro hierarchy`, its `TreeNode` written by Jackson):
/// `{"attributes": {"text", "accessibilityText", "hintText", "resource-id", "bounds": "[l,t][r,b]", …},
/// "children": [...], "clickable", "enabled", "focused", "checked", "selected"}`, any of them null.
/// Bounds are absolute: pixels on Android (divided by the density), points on iOS. Found after the
/// command's own lines (`Running on …`) or inside a log.
enum MaestroImporter {
    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let objects = try EmbeddedJSON.located(ByteText.utf8(bytes), fileName: fileName, looksLike: DumpDetector.looksLikeMaestro)
        let hierarchies = objects.filter { $0.value.isObject && ($0.value["attributes"] != nil || $0.value["children"] != nil) }
        guard !hierarchies.isEmpty else {
            throw InputError(file: fileName, objects.isEmpty ? "no JSON object that looks like one found: expected Maestro's hierarchy {\"attributes\": …, \"children\": […]}"
                : "no JSON object with \"attributes\" or \"children\": expected Maestro's hierarchy")
        }
        var (chosen, warnings) = try HierarchyChoice.pick(hierarchies, options: options, fileName: fileName, what: "Maestro hierarchy")
        let root = chosen.value
        var spans: [SourceSpan] = []
        let android = isAndroid(root)
        let scale = android ? density : 1
        if !android, density != 1 { warnings.append("an iOS hierarchy is in points: --density is not applied") }
        var pending = PendingTree()
        var stack: [(JSONAt, parent: Int)] = [(root, -1)]
        while let (object, parent) = stack.popLast() {
            let (node, hasFrame) = try self.node(object, scale: scale, fileName: fileName)
            let index = pending.add(node, parent: parent, hasOrigin: hasFrame, hasSize: hasFrame)
            spans.append(chosen.span(of: object.path))
            if let children = object.present("children") {
                for child in try children.elements(fileName).reversed() {
                    guard child.isObject else { throw child.error(fileName, "expected an object, got \(child.value.typeName)") }
                    stack.append((child, index))
                }
            }
        }
        return (pending.build(absolute: true, screenScale: scale), warnings, spans)
    }

    /// Android's hierarchy names its resource ids `package:id/name` and its classes `android.…`.
    static func isAndroid(_ root: JSONAt) -> Bool {
        var stack = [root.value]
        var visited = 0
        while let value = stack.popLast(), visited < 10_000 {
            visited += 1
            guard case .object(let members) = value else { continue }
            if case .object(let attributes)? = members["attributes"] {
                if case .string(let id)? = attributes["resource-id"], id.contains(":id/") { return true }
                if case .string(let name)? = attributes["class"], name.hasPrefix("android.") || name.hasPrefix("androidx.") { return true }
                if attributes["package"] != nil { return true }
            }
            if case .array(let children)? = members["children"] { stack.append(contentsOf: children) }
        }
        return false
    }

    /// The node's states (`clickable`…), when not null, as attributes.
    static let states = ["clickable", "enabled", "focused", "checked", "selected"]

    static func node(_ object: JSONAt, scale: Double, fileName: String) throws(InputError) -> (ViewNode, Bool) {
        var node = ViewNode(className: "View", frame: .zero)
        var hasFrame = false
        if let attributes = object.present("attributes") {
            guard case .object(let members) = attributes.value else {
                throw attributes.error(fileName, "expected an object, got \(attributes.value.typeName)")
            }
            for key in members.keys.sorted() {
                let member = attributes[key]!
                if key == "bounds" {
                    let text = try member.string(fileName)
                    guard let edges = UIAutomatorBounds.edges(text) else {
                        throw member.error(fileName, "bounds '\(text)' do not parse: expected [left,top][right,bottom]")
                    }
                    guard edges[2] >= edges[0], edges[3] >= edges[1] else {
                        throw member.error(fileName, "bounds '\(text)': expected right >= left and bottom >= top")
                    }
                    node.frame = Rect(x: edges[0] / scale, y: edges[1] / scale, width: (edges[2] - edges[0]) / scale, height: (edges[3] - edges[1]) / scale)
                    hasFrame = true
                    continue
                }
                guard let text = member.value.attributeText, !text.isEmpty else { continue }
                switch key {
                case "class": node.className = text
                case "accessibilityText": node.attributes["content-desc"] = text
                case "hintText": node.attributes["hint"] = text
                case "text", "resource-id", "title", "value", "enabled", "focused", "checked", "selected", "clickable", "scrollable",
                     "password", "checkable", "focusable", "long-clickable":
                    node.attributes[key] = text
                default: node.keepExtra(key, member.value)
                }
            }
        }
        for key in states {
            guard let state = object.present(key) else { continue }
            node.attributes[key] = try state.bool(fileName) ? "true" : "false"
        }
        let attributes = node.attributes
        node.text = attributes["text"] ?? attributes["value"] ?? attributes["content-desc"] ?? attributes["title"]
        node.name = attributes["content-desc"] ?? attributes["text"] ?? attributes["resource-id"] ?? attributes["title"]
        return (node, hasFrame)
    }
}
