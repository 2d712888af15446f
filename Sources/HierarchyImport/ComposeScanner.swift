import HierarchyModel

/// Finds Compose's printed semantics trees in the lines of a text and reads their lines into
/// records: a tree starts at a node line without `|-` (its root), its nodes follow until a line
/// that is neither a node, a property nor part of a multi-line value.
enum ComposeScanner {
    /// A node line split: the text before `Node #`, the id and what follows `at `.
    struct NodeLine {
        var before: Substring
        var id: Substring
        var rest: Substring
        var isChild: Bool { before.hasSuffix("|-") }
    }

    static func printouts(_ source: SourceLines, fileName: String) throws(InputError) -> [ComposeImporter.Printout] {
        var printouts: [ComposeImporter.Printout] = []
        var current: ComposeImporter.Printout?
        var base = 0, trimmed = false
        var unmerged: Bool?
        var openValue = false
        func close() {
            if let done = current, !done.records.isEmpty { printouts.append(done) }
            current = nil
        }
        for index in 0..<source.count {
            let line = source[index], number = source.numbers[index]
            if let range = line.range(of: "Printing with useUnmergedTree = '") {
                close()
                unmerged = line[range.upperBound...].hasPrefix("true")
                continue
            }
            if openValue, var printout = current, let last = printout.records.indices.last, let key = printout.records[last].properties.indices.last {
                let body = line.trimmingSpaces
                openValue = !body.hasSuffix("'")
                printout.records[last].properties[key].value += "\n" + (openValue ? body : body.dropLast())
                current = printout
                continue
            }
            if let node = nodeLine(line) {
                if !node.isChild {
                    close()
                    (base, trimmed) = (rootColumn(node.before), false)
                    current = ComposeImporter.Printout(unmerged: unmerged)
                    unmerged = nil
                }
                guard current != nil else { continue }
                let column = node.before.count - base
                if node.isChild, !trimmed, node.before.dropFirst(base).first == "|" {
                    trimmed = true
                    current?.notes.append("line \(number): the tree's indentation was trimmed (as Android Studio's logcat shows it): nodes are placed by the bars left, a node under a last child may be attached higher")
                }
                let depth = node.isChild ? max(1, (column + 1) / 3) : 0
                current?.records.append(try record(node, depth: depth, line: number, fileName: fileName))
                continue
            }
            guard var printout = current else { continue }
            let said = property(line)
            if case .end = said { close(); continue }
            if case .value(_, _, let open) = said { openValue = open }
            printout.apply(said, line: number)
            current = printout
        }
        close()
        if printouts.isEmpty, let first = (0..<source.count).first(where: { source[$0].contains("Node #") }) {
            throw InputError(file: fileName, location: source.location(first), "no Compose node line: expected Node #N at (l=…, t=…, r=…, b=…)px")
        }
        return printouts
    }

    /// The column a root's children count from: its own, less a collection's `1) ` numbering.
    static func rootColumn(_ before: Substring) -> Int {
        var text = before
        if text.hasSuffix(") ") {
            let digits = text.dropLast(2).reversed().prefix { $0.isNumber }
            if !digits.isEmpty { text = text.dropLast(2 + digits.count) }
        }
        return text.count
    }

    /// The line's node, when it holds `Node #ID at (l=`.
    static func nodeLine(_ line: Substring) -> NodeLine? {
        guard let range = line.range(of: "Node #") else { return nil }
        let after = line[range.upperBound...]
        let id = after.prefix { $0.isNumber || $0 == "-" }
        guard !id.isEmpty, after.dropFirst(id.count).hasPrefix(" at (l=") else { return nil }
        return NodeLine(before: line[..<range.lowerBound], id: id, rest: after.dropFirst(id.count + 4))
    }

    /// `(l=…, t=…, r=…, b=…)px[, Tag: '…']` read into a record.
    static func record(_ node: NodeLine, depth: Int, line: Int, fileName: String) throws(InputError) -> ComposeImporter.Record {
        let rest = node.rest
        guard let close = rest.range(of: ")px") else {
            throw InputError(file: fileName, location: "line \(line)", "node #\(node.id): bounds '\(excerpt(rest))' are cut short: expected (l=…, t=…, r=…, b=…)px")
        }
        let inner = rest[rest.index(after: rest.startIndex)..<close.lowerBound]
        var numbers: [Double] = []
        for (part, name) in zip(inner.split(separator: ",", omittingEmptySubsequences: false), ["l", "t", "r", "b"]) {
            let field = part.trimmingSpaces
            guard field.hasPrefix(name + "="), let value = Double(field.dropFirst(2)), value.isFinite else {
                throw InputError(file: fileName, location: "line \(line)", "node #\(node.id): bounds '(\(excerpt(inner)))px' do not parse: expected (l=…, t=…, r=…, b=…)px with finite numbers")
            }
            numbers.append(value)
        }
        guard numbers.count == 4, inner.split(separator: ",", omittingEmptySubsequences: false).count == 4 else {
            throw InputError(file: fileName, location: "line \(line)", "node #\(node.id): bounds '(\(excerpt(inner)))px' do not parse: expected (l=…, t=…, r=…, b=…)px")
        }
        var tag: String?
        let after = rest[close.upperBound...]
        if let open = after.range(of: ", Tag: '"), let end = after.lastIndex(of: "'"), end >= open.upperBound {
            tag = String(after[open.upperBound..<end])
        }
        return ComposeImporter.Record(depth: depth, id: String(node.id), bounds: (numbers[0], numbers[1], numbers[2], numbers[3]), tag: tag, line: line)
    }

    enum Property {
        case value(String, String, open: Bool)
        case units([String])
        case actions([String])
        case note(String)
        case end
    }

    /// What a line after a node says: a property, the node's units or actions, a note, or the end of the tree.
    static func property(_ line: Substring) -> Property {
        let body = line.drop { $0 == " " || $0 == "|" || $0 == "\t" || $0 == "/" || $0 == "*" }.trimmingSpaces
        if body.isEmpty { return .end }
        if body.hasPrefix("Has "), body.hasSuffix("child") || body.hasSuffix("children") || body.hasSuffix("sibling") || body.hasSuffix("siblings") {
            return .note("'\(body)': not printed (maxDepth), not read")
        }
        if body.hasPrefix("Actions = ["), body.hasSuffix("]") { return .actions(list(body.dropFirst(11).dropLast())) }
        if body.hasPrefix("["), body.hasSuffix("]"), !body.contains("'") { return .units(list(body.dropFirst().dropLast())) }
        if let equals = body.range(of: " = '") {
            let key = body[..<equals.lowerBound]
            guard let first = key.first, first.isLetter, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return .end }
            let value = body[equals.upperBound...]
            let closed = value.hasSuffix("'")
            return .value(String(key), String(closed ? value.dropLast() : value), open: !closed)
        }
        return .end
    }

    private static func list(_ text: Substring) -> [String] {
        text.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
    }

    private static func excerpt(_ text: Substring) -> String {
        text.count > 60 ? String(text.prefix(57)) + "..." : String(text)
    }
}

extension ComposeImporter.Printout {
    /// Adds what a line after a node says to that node (the last one read).
    mutating func apply(_ property: ComposeScanner.Property, line: Int) {
        let last = records.count - 1
        if case .value = property { records[last].endLine = line }
        if case .units = property { records[last].endLine = line }
        if case .actions = property { records[last].endLine = line }
        switch property {
        case .end: break
        case .note(let text): notes.append("line \(line): \(text)")
        case .value(let key, let value, _): records[last].properties.append((key, value))
        case .units(let units): records[last].units += units
        case .actions(let actions): records[last].actions += actions
        }
    }
}
