import HierarchyModel

/// Reads Espresso's view hierarchy (android-test's `HumanReadables.getViewHierarchyErrorMessage`):
/// one record a view, `+` then a `-` per level then `>`, the class's simple name and
/// `{key=value, …}`, records joined by `\n|\n` (by `\n` in old versions); positions `x=`/`y=`
/// relative to the parent and sizes `width=`/`height=`, in pixels (divided by the density).
/// Found inside any text: an exception message, a JUnit XML report, a logcat, `view-hierarchy-N.txt`.
enum EspressoImporter {
    struct Record {
        var depth: Int
        var className: String
        var fields: [(key: String, value: String)]
        var line: Int
        var complete: Bool
        /// The last line of the record (a value that breaks goes on over lines).
        var endLine: Int?
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let source = SourceLines(bytes)
        let (hierarchies, truncations) = try records(source, fileName: fileName)
        var (records, warnings) = try HierarchyChoice.pick(hierarchies, options: options, fileName: fileName, what: "Espresso view hierarchy")
        // A `[truncated]` between this hierarchy's first record and the next hierarchy's is this one's.
        let start = records.first?.line ?? 0
        let next = hierarchies.map { $0.first?.line ?? 0 }.filter { $0 > start }.min() ?? Int.max
        let truncation = truncations.first { $0.line >= start && $0.line < next }
        var pending = PendingTree()
        var stack: [(depth: Int, index: Int)] = []
        for record in records {
            // The first record is the root: a later one as shallow (a hierarchy whose first line was
            // lost) goes under it, with a warning, so that there is one root.
            while let top = stack.last, top.depth >= record.depth, stack.count > 1 { stack.removeLast() }
            if let top = stack.last, top.depth >= record.depth {
                warnings.append("line \(record.line): depth \(record.depth) is not below the first view's (\(top.depth)); attached under it")
            } else if let top = stack.last, record.depth > top.depth + 1 {
                warnings.append("line \(record.line): depth \(record.depth) follows depth \(top.depth); attached under the view above")
            }
            let (node, hasOrigin, hasSize) = try self.node(record, density: density, fileName: fileName)
            let index = pending.add(node, parent: stack.last?.index ?? -1, hasOrigin: hasOrigin, hasSize: hasSize)
            stack.append((record.depth, index))
        }
        if let truncation {
            warnings.append("line \(truncation.line): the hierarchy is cut short ([truncated]): \(truncation.pointer.map { "the complete one is in '\($0)'" } ?? "read the complete view-hierarchy-N.txt the test run saved")")
        }
        if let cut = records.first(where: { !$0.complete }) {
            warnings.append("line \(cut.line): the record is cut short; read what it holds")
        }
        return (pending.build(absolute: false, screenScale: density), warnings, records.map { SourceSpan(line: $0.line, endLine: $0.endLine) })
    }

    /// The record that starts a line: `+`, dashes, `>`, after optional spaces (or a comment's `//`).
    static func recordStart(_ line: Substring) -> (depth: Int, rest: Substring)? {
        var text = line.drop { $0 == " " || $0 == "\t" }
        if text.hasPrefix("//") || text.hasPrefix("* ") { text = text.drop { $0 == "/" || $0 == "*" }.drop { $0 == " " } }
        guard text.hasPrefix("+") else { return nil }
        let dashes = text.dropFirst().prefix { $0 == "-" }
        let after = text.dropFirst(1 + dashes.count)
        guard after.hasPrefix(">") else { return nil }
        let rest = after.dropFirst()
        // A class name (maybe empty: an anonymous class) and its brace.
        guard let brace = rest.firstIndex(of: "{"),
              rest[..<brace].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }) else { return nil }
        return (dashes.count, rest)
    }

    /// The hierarchies of the text: runs of records, a new one at each record of depth 0; and where
    /// the text says it was `[truncated]` (and which file holds the whole).
    static func records(_ source: SourceLines, fileName: String) throws(InputError) -> ([[Record]], [(line: Int, pointer: String?)]) {
        var hierarchies: [[Record]] = []
        var seen = Set<[String]>()
        var current: [Record] = []
        var currentTexts: [String] = []
        var truncations: [(line: Int, pointer: String?)] = []
        func close() {
            if !current.isEmpty, seen.insert(currentTexts).inserted { hierarchies.append(current) }
            current = []
            currentTexts = []
        }
        var index = 0
        while index < source.count {
            let line = source[index]
            if line.contains("[truncated]") { truncations.append((source.numbers[index], nil)) }
            if let range = line.range(of: "view hierarchy is available in artifact file '"), let last = truncations.indices.last,
               truncations[last].pointer == nil, let end = line[range.upperBound...].firstIndex(of: "'") {
                truncations[last].pointer = String(line[range.upperBound..<end])
            }
            guard let (depth, rest) = recordStart(line) else {
                index += 1
                let trimmed = line.trimmingSpaces
                if trimmed != "|" && !current.isEmpty && !trimmed.isEmpty && !trimmed.hasPrefix("|") { close() }
                continue
            }
            let number = source.numbers[index]
            // The record: from the class to its closing brace, over lines when a value (layout-params) breaks.
            var text = String(rest)
            if let cut = text.range(of: "[truncated]") { text = String(text[..<cut.lowerBound]) }
            var end = closingBrace(text)
            index += 1
            // A value spans a few lines at most (a window's layout-params: three to six).
            var continued = 0
            while end == nil, index < source.count, continued < 32, isContinuation(source[index]), !line.contains("[truncated]") {
                continued += 1
                text += "\n" + source[index]
                end = closingBrace(text)
                index += 1
            }
            if depth == 0 { close() }
            let body = end.map { String(text[..<$0]) } ?? text
            var record = try parse(body, depth: depth, line: number, complete: end != nil, fileName: fileName)
            record.endLine = source.numbers[index - 1]
            current.append(record)
            currentTexts.append(body)
        }
        close()
        return (hierarchies, truncations)
    }

    /// A line that goes on a record still open (a window's layout-params: `fl=…`, `pfl=…`, indented
    /// by some printers and not by others): no record, no `|`, no stack frame.
    static func isContinuation(_ line: Substring) -> Bool {
        guard recordStart(line) == nil else { return false }
        let trimmed = line.trimmingSpaces
        return !trimmed.isEmpty && trimmed != "|" && !trimmed.hasPrefix("at ")
    }

    /// The index of the brace that closes the record's first `{`, nil when it is not in `text`.
    static func closingBrace(_ text: String) -> String.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Values that are free text: a `, ` inside them ends them only before a key Espresso writes.
    static let freeText: Set<String> = ["text", "desc", "hint", "tag", "layout-params", "error-text", "editor-info", "content-desc"]
    static let knownKeys: Set<String> = [
        "id", "res-name", "desc", "visibility", "width", "height", "has-focus", "has-focusable", "has-window-focus",
        "is-clickable", "is-enabled", "is-focused", "is-focusable", "is-layout-requested", "is-selected", "layout-params",
        "tag", "root-is-layout-requested", "has-input-connection", "editor-info", "x", "y", "child-count", "text",
        "error-text", "input-type", "ime-target", "has-links", "is-checked", "hint", "alpha", "is-long-clickable",
    ]

    /// `Class{key=value, key=value…` (without the closing brace).
    static func parse(_ body: String, depth: Int, line: Int, complete: Bool, fileName: String) throws(InputError) -> Record {
        let brace = body.firstIndex(of: "{")!
        let className = String(body[..<brace])
        let inner = body[body.index(after: brace)...]
        var fields: [(key: String, value: String)] = []
        var keyStart = inner.startIndex
        var search = inner.startIndex
        var currentKey: Substring?
        var valueStart = inner.startIndex
        func keyName(at index: Substring.Index) -> Substring? {
            guard let equals = inner[index...].prefix(40).firstIndex(of: "=") else { return nil }
            let key = inner[index..<equals]
            guard let first = key.first, first.isLetter, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
            return key
        }
        if let first = keyName(at: keyStart) {
            currentKey = first
            valueStart = inner.index(keyStart, offsetBy: first.count + 1)
            search = valueStart
        }
        while let key = currentKey {
            var next: (comma: Substring.Index, key: Substring)?
            var probe = search
            while let comma = inner[probe...].range(of: ", ") {
                if let candidate = keyName(at: comma.upperBound),
                   knownKeys.contains(String(candidate)) || !freeText.contains(String(key)) {
                    next = (comma.lowerBound, candidate)
                    break
                }
                probe = comma.upperBound
            }
            guard let next else {
                fields.append((String(key), String(inner[valueStart...])))
                break
            }
            fields.append((String(key), String(inner[valueStart..<next.comma])))
            keyStart = inner.index(next.comma, offsetBy: 2)
            currentKey = next.key
            valueStart = inner.index(keyStart, offsetBy: next.key.count + 1)
            search = valueStart
        }
        _ = keyStart
        return Record(depth: depth, className: className, fields: fields, line: line, complete: complete)
    }

    /// The keys kept as the attributes a UI test checks, under uiautomator's names.
    static let attributeNames: [String: String] = [
        "res-name": "resource-id", "desc": "content-desc", "hint": "hint", "is-clickable": "clickable",
        "is-checked": "checked", "is-enabled": "enabled", "is-focusable": "focusable", "is-focused": "focused",
        "is-selected": "selected", "is-long-clickable": "long-clickable",
    ]

    static func node(_ record: Record, density: Double, fileName: String) throws(InputError) -> (ViewNode, Bool, Bool) {
        var values: [String: String] = [:]
        for (key, value) in record.fields where values[key] == nil { values[key] = value }
        func number(_ key: String, atLeastZero: Bool) throws(InputError) -> Double? {
            guard let text = values[key] else { return nil }
            guard let value = Double(text.trimmingSpaces), value.isFinite else {
                throw InputError(file: fileName, location: "line \(record.line)", "\(key)=\(text): expected a finite number")
            }
            guard !atLeastZero || value >= 0 else {
                throw InputError(file: fileName, location: "line \(record.line)", "\(key)=\(text): expected a number >= 0")
            }
            return value
        }
        let x = try number("x", atLeastZero: false), y = try number("y", atLeastZero: false)
        let width = try number("width", atLeastZero: true), height = try number("height", atLeastZero: true)
        let frame = Rect(x: (x ?? 0) / density, y: (y ?? 0) / density, width: (width ?? 0) / density, height: (height ?? 0) / density)
        let className = record.className.isEmpty ? "(anonymous)" : record.className
        var node = ViewNode(className: className, frame: frame)
        for (key, value) in record.fields {
            if let name = attributeNames[key] {
                if !value.isEmpty, value != "null" { node.attributes[name] = value }
            } else if !["x", "y", "width", "height", "text"].contains(key) {
                if value != "null" { node.keepExtra(key, extra(value)) }
            }
        }
        if let text = values["text"], !text.isEmpty { node.text = text }
        node.name = node.attributes["content-desc"] ?? node.text ?? node.attributes["resource-id"]
        if let visibility = values["visibility"], visibility != "VISIBLE" { node.isHidden = true }
        if let alpha = values["alpha"].flatMap({ Double($0) }), alpha.isFinite { node.alpha = min(max(alpha, 0), 1) }
        return (node, x != nil && y != nil, width != nil && height != nil)
    }

    private static func extra(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = Int(text) { return .number(Double(number)) }
        return .string(text)
    }
}
