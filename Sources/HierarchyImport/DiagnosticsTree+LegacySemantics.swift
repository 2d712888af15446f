extension DiagnosticsTree {
    /// Flutter's semantics tree as versions before the diagnostics rewrite (2017) printed it: one
    /// node a line, `SemanticsNode(ID; Rect.fromLTRB(l, t, r, b)[; action…][; checked|unchecked][;
    /// selected][; "label"])` (semantics.dart's `SemanticsNode.toString`), each child behind its
    /// parent's continuation (` │` or two spaces) and ` ├` (` └` for the last; `toStringDeep`).
    /// Each line is read into a node of the current kind, so the semantics importer reads both:
    /// `Rect.fromLTRB(…)` in the parent's coordinates, the actions (`canBeTapped` → `tap`), the
    /// checked state as flags and the label. Lines after a tree ends close it.
    static func legacySemanticsTrees(_ source: SourceLines) -> [DiagnosticsTree] {
        var trees: [DiagnosticsTree] = []
        var current: DiagnosticsTree?
        var stack: [(column: Int, index: Int)] = []
        for index in 0..<source.count {
            let line = Array(withoutFlutterPrefix(source[index]))
            guard let at = legacyNodeStart(line) else {
                if let tree = current { trees.append(tree) }
                current = nil
                continue
            }
            let column = line[..<at].lastIndex { $0 == "├" || $0 == "└" } ?? -1
            let node = legacyNode(String(line[at...]), line: source.numbers[index])
            if column < 0 || current == nil {
                if let tree = current { trees.append(tree) }
                current = DiagnosticsTree(nodes: [Node(description: node.description, properties: node.properties, parent: -1, line: node.line, isOffstage: false)])
                stack = [(-1, 0)]
                continue
            }
            while let top = stack.last, top.column >= column, stack.count > 1 { stack.removeLast() }
            current!.nodes.append(Node(description: node.description, properties: node.properties, parent: stack.last!.index, line: node.line, isOffstage: false))
            stack.append((column, current!.nodes.count - 1))
        }
        if let tree = current { trees.append(tree) }
        return trees
    }

    /// Where `SemanticsNode(` starts, behind nothing but spaces and the tree's `│ ├ └`.
    static func legacyNodeStart(_ line: [Character]) -> Int? {
        let start = line.firstIndex { !" │├└\t".contains($0) } ?? line.count
        guard String(line[start...]).hasPrefix("SemanticsNode("), String(line[start...]).contains("Rect.fromLTRB(") else { return nil }
        return start
    }

    /// One `SemanticsNode(…)` as a node of the current format: `SemanticsNode#ID` and its properties.
    static func legacyNode(_ text: String, line: Int) -> (description: String, properties: [(text: String, line: Int)], line: Int) {
        var body = Substring(text.dropFirst("SemanticsNode(".count))
        if body.hasSuffix(")") { body = body.dropLast() }
        let fields = legacyFields(body)
        let id = fields.first.map { $0.prefix { $0.isNumber } } ?? ""
        var properties: [(text: String, line: Int)] = []
        var actions: [String] = [], flags: [String] = []
        for field in fields.dropFirst() {
            switch field {
            case let rect where rect.hasPrefix("Rect.fromLTRB("): properties.append((String(rect), line))
            case "checked": flags += ["hasCheckedState", "isChecked"]
            case "unchecked": flags.append("hasCheckedState")
            case "selected": flags.append("isSelected")
            case let label where label.hasPrefix("\""): properties.append(("label: \(label)", line))
            case let action where action.hasPrefix("canBe"):
                // `canBeTapped` → `tap`, `canBeLongPressed` → `longPress`, `canBeScrolledVertically` → `scrollVertically`.
                let verb = action.dropFirst(5).replacingOccurrences(of: "Tapped", with: "Tap").replacingOccurrences(of: "Pressed", with: "Press")
                    .replacingOccurrences(of: "Scrolled", with: "Scroll")
                actions.append(verb.prefix(1).lowercased() + verb.dropFirst())
            default: properties.append((String(field), line))
            }
        }
        if !actions.isEmpty { properties.append(("actions: " + actions.joined(separator: ", "), line)) }
        if !flags.isEmpty { properties.append(("flags: " + flags.joined(separator: ", "), line)) }
        return ("SemanticsNode#\(id)", properties, line)
    }

    /// The `; `-separated fields, a quoted label kept whole (it may hold `; `).
    static func legacyFields(_ body: Substring) -> [Substring] {
        var fields: [Substring] = []
        var rest = body
        while !rest.isEmpty {
            if rest.hasPrefix("\"") {
                // The label is last: everything to the closing quote at the end.
                fields.append(rest)
                break
            }
            guard let separator = rest.range(of: "; ") else { fields.append(rest); break }
            fields.append(rest[..<separator.lowerBound])
            rest = rest[separator.upperBound...]
        }
        return fields
    }
}
