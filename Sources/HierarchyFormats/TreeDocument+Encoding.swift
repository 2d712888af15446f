import HierarchyModel

extension TreeDocument {
    /// How a document's text is laid out.
    public enum Layout: Sendable {
        /// One key a line, indented by two spaces a level: for reading and diffing by hand.
        case indented
        /// One view a line (its keys and values on it, spaced), indented by one space a level:
        /// what the in-app capture writes, small and still readable.
        case viewPerLine
    }

    /// The document for `tree`, keys in the order of the format's documentation, defaults left
    /// out. Written without recursion, so any depth works.
    /// - Parameter notes: what the reading of a dump passed over or guessed (its warnings: the
    ///   lines not read), written as the document's `notes`; none, no key.
    public static func encode(_ tree: ViewTree, notes: [String] = [], layout: Layout = .indented) -> String {
        let perLine = layout == .viewPerLine
        let scale = JSONText.number(tree.screenScale)
        let noted = notes.isEmpty ? "" : (perLine ? " " : "\n  ") + "\"notes\": " + noteList(notes, perLine: perLine) + ","
        var out = perLine ? "{\"version\": \(version), \"screenScale\": \(scale),\(noted) \"root\":\n"
            : "{\n  \"version\": \(version),\n  \"screenScale\": \(scale),\(noted)\n  \"root\": "
        func pad(_ level: Int) -> String { String(repeating: perLine ? " " : "  ", count: level) }
        // Each step either opens a view or closes the children array of one.
        enum Step { case open(Int, level: Int, last: Bool), close(level: Int, last: Bool) }
        var steps: [Step] = [.open(0, level: 1, last: true)]
        while let step = steps.popLast() {
            switch step {
            case .open(let index, let level, let last):
                let node = tree[index]
                let keys = properties(of: node)
                if perLine {
                    out += pad(level) + "{" + keys.map { JSONText.string($0.0) + ": " + $0.1.text(spaced: true) }.joined(separator: ", ")
                } else {
                    out += (index == 0 ? "" : pad(level)) + "{\n"
                    out += keys.map { pad(level + 1) + JSONText.string($0.0) + ": " + $0.1.text() }.joined(separator: ",\n")
                }
                if node.children.isEmpty {
                    out += (perLine ? "" : "\n" + pad(level)) + (last ? "}\n" : "},\n")
                } else {
                    out += perLine ? ", \"children\": [\n" : ",\n" + pad(level + 1) + "\"children\": [\n"
                    steps.append(.close(level: level, last: last))
                    for (i, child) in node.children.enumerated().reversed() {
                        steps.append(.open(child, level: level + (perLine ? 1 : 2), last: i == node.children.count - 1))
                    }
                }
            case .close(let level, let last):
                out += perLine ? pad(level) + (last ? "]}\n" : "]},\n") : pad(level + 1) + "]\n" + pad(level) + (last ? "}\n" : "},\n")
            }
        }
        return out + "}\n"
    }

    /// The notes as a JSON array: one a line under the top level, or on the one line.
    private static func noteList(_ notes: [String], perLine: Bool) -> String {
        var bytes: [UInt8] = []
        OrderedJSON.array(notes.map(OrderedJSON.string)).write(into: &bytes, pretty: !perLine, spaced: perLine, indent: 1)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A view's own keys (not its children), in documentation order, defaults left out: its
    /// fields as `ViewField` defines them, then its extras by key.
    static func properties(of node: ViewNode) -> [(String, OrderedJSON)] {
        var keys: [(String, OrderedJSON)] = []
        for field in ViewField.allCases {
            if let value = field.definition.written(node) { keys.append((field.key, value.json)) }
        }
        for key in node.extras.keys.sorted() { keys.append((key, OrderedJSON(node.extras[key]!))) }
        return keys
    }

    /// Attributes as the format writes them: an object, keys in canonical order.
    public static func attributes(_ a: ViewAttributes) -> OrderedJSON {
        .object(a.map { ($0.key, .string($0.value)) })
    }

    /// Where a view was read from, as the format writes it: `{"line": L, "endLine": E}`.
    public static func source(_ span: SourceSpan) -> OrderedJSON {
        .object([("line", .number(Double(span.line))), ("endLine", .number(Double(span.endLine)))])
    }

    /// A rectangle as the format writes it.
    public static func rect(_ r: Rect) -> OrderedJSON {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}
