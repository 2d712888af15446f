import HierarchyModel

/// Reads XCUITest's `debugDescription` of an element: after `Element subtree:`, one element a
/// line, nested by indentation, `Type, 0xADDR, {{x, y}, {w, h}}, identifier: '…', label: '…',
/// Selected`, in absolute screen points; up to `Path to element:` or `Query chain:`. Found inside
/// any text (a log, a JUnit report, code comments, lldb's escaped one-line `p` output).
enum XCUITestImporter {
    /// One element line, parsed.
    struct Element {
        var indent: Int
        var node: ViewNode
        var hasFrame: Bool
        var line: Int
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let source = unescapedIfOneLine(SourceLines(bytes))
        var blocks = subtreeStarts(source).map { (line: $0, headed: true) }
        if blocks.isEmpty { blocks = headerlessStarts(source).map { (line: $0, headed: false) } }
        var (start, warnings) = try HierarchyChoice.pick(blocks, options: options, fileName: fileName, what: "XCUITest element subtree")
        if !start.headed {
            warnings.append("\(source.location(start.line)): no 'Element subtree:' line: the tree is read from its application line")
        }
        let elements = try self.elements(source, from: start.line, headed: start.headed, fileName: fileName, warnings: &warnings)
        guard let first = elements.first else {
            throw InputError(file: fileName, location: source.location(start.line), "'Element subtree:' is followed by no element")
        }
        var pending = PendingTree()
        pending.add(first.node, parent: -1, hasOrigin: first.hasFrame, hasSize: first.hasFrame)
        var stack = [(indent: first.indent, index: 0, line: first.line)]
        for element in elements.dropFirst() {
            while let top = stack.last, top.indent >= element.indent, stack.count > 1 { stack.removeLast() }
            if stack[stack.count - 1].indent >= element.indent {
                warnings.append("line \(element.line): a second element at the subtree's top; attached under the element on line \(first.line)")
            }
            let index = pending.add(element.node, parent: stack[stack.count - 1].index, hasOrigin: element.hasFrame, hasSize: element.hasFrame)
            stack.append((element.indent, index, element.line))
        }
        return (pending.build(absolute: true), warnings, elements.map { SourceSpan(line: $0.line) })
    }

    /// lldb's `p app.debugDescription` prints the string on one line with `\n` escapes: such a line is
    /// unescaped into the lines it holds, all numbered as the line they came from.
    static func unescapedIfOneLine(_ source: SourceLines) -> SourceLines {
        guard (0..<source.count).contains(where: { source[$0].contains("Element subtree:\\n") }) else { return source }
        var lines: [Substring] = []
        var numbers: [Int] = []
        for index in 0..<source.count {
            let line = source[index]
            let pieces = line.contains("Element subtree:\\n") ? unescapeSwift(line).split(separator: "\n", omittingEmptySubsequences: false) : [line]
            for piece in pieces {
                lines.append(piece)
                numbers.append(source.numbers[index])
            }
        }
        return SourceLines(lines: lines, numbers: numbers)
    }

    /// A Swift or C string literal's escapes decoded: `\n \t \r \0 \\ \" \' \u{…}`.
    static func unescapeSwift(_ text: Substring) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "\\", next < text.endIndex else {
                out.append(character)
                index = next
                continue
            }
            index = text.index(after: next)
            switch text[next] {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": break
            case "0": out.append("\0")
            case "u":
                if index < text.endIndex, text[index] == "{", let close = text[index...].firstIndex(of: "}"),
                   let value = UInt32(text[text.index(after: index)..<close], radix: 16), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                    index = text.index(after: close)
                } else {
                    out.append("\\u")
                }
            default: out.append(text[next])
            }
        }
        return out
    }

    /// The lines that hold `Element subtree:` (any text before it, a comment's `//`, is the prefix).
    static func subtreeStarts(_ source: SourceLines) -> [Int] {
        (0..<source.count).filter { source[$0].contains("Element subtree:") }
    }

    /// The lines that start a tree pasted without its header: the application's element
    /// (`→Application, 0x…, pid: N, …`), when no line holds `Element subtree:`.
    static func headerlessStarts(_ source: SourceLines) -> [Int] {
        var starts: [Int] = []
        // `Path to element:` and `Query chain:` name the application too: not a tree's start.
        var inTrailer = false
        for index in 0..<source.count {
            let body = source[index].trimmingSpaces
            if body.hasPrefix("Path to element:") || body.hasPrefix("Query chain:") { inTrailer = true; continue }
            if body.isEmpty { inTrailer = false; continue }
            if !inTrailer, isApplicationLine(source[index]) { starts.append(index) }
        }
        return starts
    }

    /// Whether `line` is an application element: `Application, 0x…, pid: …` after spaces and `→`.
    static func isApplicationLine<S: StringProtocol>(_ line: S) -> Bool {
        let body = line.drop { $0 == " " || $0 == "\t" || $0 == "→" }
        return body.hasPrefix("Application, 0x") && body.contains(", pid: ")
    }

    /// The first line of a tree pasted without its header, in raw bytes (for detection).
    static func headerlessStart(_ text: ByteText) -> Int? {
        guard text.contains("Application, 0x") else { return nil }
        return text.lines.firstIndex { isApplicationLine(String(decoding: $0, as: UTF8.self)) }
    }

    /// The elements after the `Element subtree:` line `start` (from `start` itself when the tree
    /// has no header), up to a blank line, `Path to element:`, `Query chain:` or the end; lines between
    /// elements that are none (a note, another log's line) are told in one warning.
    static func elements(_ source: SourceLines, from start: Int, headed: Bool = true, fileName: String, warnings: inout [String]) throws(InputError) -> [Element] {
        let header = source[start]
        let prefix = headed ? header[..<header.range(of: "Element subtree:")!.lowerBound] : ""
        let marker = prefix.trimmingSpaces
        var elements: [Element] = []
        var unknownFrames: [Int] = []
        var unread = UnreadLines(), pending = UnreadLines()
        var index = headed ? start + 1 : start
        // The subtree may follow on the header's own line (a log that joined the lines).
        while index < source.count {
            var line = source[index]
            let number = source.numbers[index]
            index += 1
            if !marker.isEmpty {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix(marker) { line = trimmed.dropFirst(marker.count) }
            }
            let body = line.trimmingSpaces
            if body.isEmpty {
                if elements.isEmpty { continue }
                break
            }
            if body == "..." || body == "…" || body.allSatisfy({ $0 == "." || $0 == "…" }) {
                warnings.append("line \(number): skipped '\(body)' (elision)")
                continue
            }
            // The trailer, or the next description in the same log, ends the subtree.
            if ["Path to element:", "Query chain:", "Attributes:"].contains(where: body.hasPrefix) || body.contains("Element subtree:") { break }
            guard let element = try parse(line, number: number, fileName: fileName, unknownFrames: &unknownFrames) else {
                // A note where rows were cut (`... the other cells are the same`), a log line between
                // the tree's: read on; it is told only when an element follows it.
                pending.add(number, body)
                continue
            }
            unread.add(pending)
            pending = UnreadLines()
            elements.append(element)
        }
        if let warning = unread.warning { warnings.append(warning) }
        if let first = unknownFrames.first {
            warnings.append("line \(first): a frame that is not finite (an element off any screen) read as empty at its parent's origin" + (unknownFrames.count > 1 ? " (and \(unknownFrames.count - 1) more)" : ""))
        }
        return elements
    }

    /// The known attribute keys, whose `, key: ` ends the value before them.
    static let keys: Set<String> = ["identifier", "label", "title", "value", "placeholderValue", "pid", "traits", "selected"]
    /// Element states written as bare words.
    static let flags: [String: (key: String, value: String)] = [
        "Selected": ("selected", "true"), "Disabled": ("enabled", "false"), "Enabled": ("enabled", "true"),
        "Keyboard Focused": ("focused", "true"), "Focused": ("focused", "true"), "Hittable": ("hittable", "true"),
        "Not Hittable": ("hittable", "false"),
    ]

    /// One element line; nil when the line is no element (the subtree has ended).
    static func parse(_ line: Substring, number: Int, fileName: String, unknownFrames: inout [Int]) throws(InputError) -> Element? {
        var indent = 0
        var rest = line[...]
        while let first = rest.first, first == " " || first == "\t" || first == "→" || first == "\u{21AA}" {
            indent += first == "\t" ? 4 : 1
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("\u{FE0E}") { rest = rest.dropFirst() }
        // The type: letters and spaces, maybe a `(Main)` qualifier, up to the first comma.
        let typeEnd = rest.firstIndex(of: ",") ?? rest.endIndex
        let typeText = rest[..<typeEnd].trimmingSpaces
        guard let firstCharacter = typeText.first, firstCharacter.isUppercase,
              typeText.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "(" || $0 == ")" || $0 == "_" }),
              typeEnd < rest.endIndex || typeText == "Application" else { return nil }
        var type = String(typeText)
        var qualifier: String?
        if let open = type.firstIndex(of: "("), type.hasSuffix(")") {
            qualifier = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
            type = String(type[..<open].trimmingSpaces)
        }
        guard !type.contains(" ") || type.split(separator: " ").count <= 2 else { return nil }
        var node = ViewNode(className: "XCUIElementType" + type.replacingOccurrences(of: " ", with: ""), frame: .zero)
        if let qualifier { node.extras["qualifier"] = .string(qualifier) }
        var hasFrame = false
        var fields = typeEnd < rest.endIndex ? rest[rest.index(after: typeEnd)...] : ""
        while !fields.isEmpty {
            fields = fields.drop { $0 == " " }
            if fields.hasPrefix("{{") {
                guard let close = fields.range(of: "}}") else {
                    throw InputError(file: fileName, location: "line \(number)", "frame '\(excerpt(fields))' is cut short: expected {{x, y}, {width, height}}")
                }
                let text = fields[..<close.upperBound]
                guard let numbers = frameNumbers(text) else {
                    throw InputError(file: fileName, location: "line \(number)", "frame '\(text)' does not parse: expected {{x, y}, {width, height}}")
                }
                if numbers.allSatisfy(\.isFinite) {
                    guard numbers[2] >= 0, numbers[3] >= 0 else {
                        throw InputError(file: fileName, location: "line \(number)", "frame '\(text)': expected a width and height >= 0")
                    }
                    node.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                    hasFrame = true
                } else {
                    unknownFrames.append(number)
                }
                fields = fields[close.upperBound...]
                fields = fields.hasPrefix(",") ? fields.dropFirst() : fields
                continue
            }
            if fields.hasPrefix("0x") {
                let end = fields.firstIndex(of: ",") ?? fields.endIndex
                node.extras["address"] = .string(String(fields[..<end].trimmingSpaces))
                fields = end < fields.endIndex ? fields[fields.index(after: end)...] : ""
                continue
            }
            // A key is a short word: only the start of the field is searched (a long line stays linear).
            if let colon = fields.prefix(32).range(of: ": "), case let key = String(fields[..<colon.lowerBound]),
               !key.isEmpty, key.allSatisfy({ $0.isLetter }) {
                let (value, after) = valueText(fields[colon.upperBound...])
                switch key {
                case "pid", "traits":
                    node.keepExtra(key, Double(value).map { .number($0) } ?? .string(value))
                default:
                    if !value.isEmpty { node.attributes[key] = value }
                }
                fields = after
                continue
            }
            let end = nextFieldStart(fields) ?? fields.endIndex
            let word = String(fields[..<end].trimmingSpaces)
            if let flag = flags[word] {
                node.attributes[flag.key] = flag.value
            } else if !word.isEmpty {
                node.keepExtra(word, .bool(true))
            }
            fields = end < fields.endIndex ? fields[fields.index(after: end)...] : ""
        }
        let attributes = node.attributes
        node.name = attributes["identifier"] ?? attributes["label"] ?? attributes["title"]
        let isInput = ["TextField", "SecureTextField", "TextView", "SearchField"].contains(type)
        node.text = isInput
            ? attributes["value"] ?? attributes["placeholderValue"] ?? attributes["label"]
            : attributes["label"] ?? attributes["title"] ?? attributes["value"]
        if node.attributes["enabled"] == nil { node.attributes["enabled"] = "true" }
        return Element(indent: indent, node: node, hasFrame: hasFrame, line: number)
    }

    /// A value and the fields after it: a quoted value ends at the quote before `, key: `, a flag
    /// or the end of the line (labels hold quotes and commas, unescaped); a bare one at the next comma.
    static func valueText(_ text: Substring) -> (String, Substring) {
        if text.hasPrefix("'") {
            var search = text.index(after: text.startIndex)
            while let quote = text[search...].firstIndex(of: "'") {
                let after = text[text.index(after: quote)...]
                if after.trimmingSpaces.isEmpty { return (String(text[text.index(after: text.startIndex)..<quote]), "") }
                if after.hasPrefix(","), startsField(after.dropFirst()) {
                    return (String(text[text.index(after: text.startIndex)..<quote]), after.dropFirst())
                }
                search = text.index(after: quote)
            }
            return (String(text.dropFirst().trimmingSpaces), "")
        }
        let end = nextFieldStart(text) ?? text.endIndex
        return (String(text[..<end].trimmingSpaces), end < text.endIndex ? text[text.index(after: end)...] : "")
    }

    /// The comma before the next field, when one follows.
    private static func nextFieldStart(_ text: Substring) -> Substring.Index? {
        var search = text.startIndex
        while let comma = text[search...].firstIndex(of: ",") {
            if startsField(text[text.index(after: comma)...]) { return comma }
            search = text.index(after: comma)
        }
        return nil
    }

    /// Whether `text` (after a comma) starts a field: `key: `, a flag, a frame or an address.
    private static func startsField(_ text: Substring) -> Bool {
        let trimmed = text.drop { $0 == " " }
        if trimmed.hasPrefix("{{") || trimmed.hasPrefix("0x") { return true }
        if let colon = trimmed.prefix(32).range(of: ": "), keys.contains(String(trimmed[..<colon.lowerBound])) { return true }
        for flag in flags.keys where trimmed.hasPrefix(flag) {
            let after = trimmed.dropFirst(flag.count)
            if after.trimmingSpaces.isEmpty || after.hasPrefix(",") { return true }
        }
        return false
    }

    /// `{{x, y}, {w, h}}`: four numbers (`inf`, `nan` allowed, told apart later).
    static func frameNumbers(_ text: Substring) -> [Double]? {
        let inner = text.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { Double($0) }
        return numbers.count == 4 ? numbers : nil
    }

    private static func excerpt(_ text: Substring) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : String(text)
    }
}
