import HierarchyModel

extension TreeDocument {
    /// The document for `tree`, indented, one key per line, keys in the order of the format's
    /// documentation; defaults are left out. Written without recursion, so any depth works.
    public static func encode(_ tree: ViewTree) -> String {
        var out = "{\n  \"version\": \(version),\n  \"screenScale\": \(JSONText.number(tree.screenScale)),\n  \"root\": "
        func pad(_ level: Int) -> String { String(repeating: "  ", count: level) }
        // Each step either opens a view or closes the children array of one.
        enum Step { case open(Int, level: Int, last: Bool), close(level: Int, last: Bool) }
        var steps: [Step] = [.open(0, level: 1, last: true)]
        while let step = steps.popLast() {
            switch step {
            case .open(let index, let level, let last):
                let node = tree[index]
                out += (index == 0 ? "" : pad(level)) + "{\n"
                out += properties(of: node).map { pad(level + 1) + JSONText.string($0.0) + ": " + $0.1.text() }.joined(separator: ",\n")
                if node.children.isEmpty {
                    out += "\n" + pad(level) + (last ? "}\n" : "},\n")
                } else {
                    out += ",\n" + pad(level + 1) + "\"children\": [\n"
                    steps.append(.close(level: level, last: last))
                    for (i, child) in node.children.enumerated().reversed() {
                        steps.append(.open(child, level: level + 2, last: i == node.children.count - 1))
                    }
                }
            case .close(let level, let last):
                out += pad(level + 1) + "]\n" + pad(level) + (last ? "}\n" : "},\n")
            }
        }
        return out + "}\n"
    }

    /// A view's own keys (not its children), in documentation order, defaults left out.
    static func properties(of node: ViewNode) -> [(String, OrderedJSON)] {
        var keys: [(String, OrderedJSON)] = [("id", .string(node.id))]
        if node.className != "View" { keys.append(("class", .string(node.className))) }
        if let name = node.name { keys.append(("name", .string(name))) }
        if let text = node.text { keys.append(("text", .string(text))) }
        if let controller = node.viewController {
            var object: [(String, OrderedJSON)] = [("class", .string(controller.className))]
            if let title = controller.title { object.append(("title", .string(title))) }
            keys.append(("viewController", .object(object)))
        }
        if node.tag != 0 { keys.append(("tag", .number(Double(node.tag)))) }
        keys.append(("frame", rect(node.frame)))
        if node.bounds != Rect(x: 0, y: 0, width: node.frame.width, height: node.frame.height) {
            keys.append(("bounds", rect(node.bounds)))
        }
        if !node.transform.isIdentity { keys.append(("transform", .array(node.transform.values.map(OrderedJSON.number)))) }
        if node.anchorPoint != .centre {
            keys.append(("anchorPoint", .object([("x", .number(node.anchorPoint.x)), ("y", .number(node.anchorPoint.y))])))
        }
        if node.clipsToBounds { keys.append(("clipsToBounds", .bool(true))) }
        if node.alpha != 1 { keys.append(("alpha", .number(node.alpha))) }
        if node.isHidden { keys.append(("hidden", .bool(true))) }
        if let color = node.backgroundColor { keys.append(("backgroundColor", .string(color.hex))) }
        if let snapshot = node.snapshot { keys.append(("snapshot", .string(snapshot))) }
        if !node.attributes.isEmpty { keys.append(("attributes", attributes(node.attributes))) }
        for key in node.extras.keys.sorted() { keys.append((key, OrderedJSON(node.extras[key]!))) }
        return keys
    }

    /// Attributes as the format writes them: an object, keys in canonical order.
    public static func attributes(_ a: ViewAttributes) -> OrderedJSON {
        .object(a.map { ($0.key, .string($0.value)) })
    }

    /// A rectangle as the format writes it.
    public static func rect(_ r: Rect) -> OrderedJSON {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}
