import HierarchyModel

/// A tree as Flutter's `toStringDeep` prints it (foundation/diagnostics.dart, `TextTreeRenderer`
/// in the sparse style render and semantics trees use): the root's description on its own line,
/// its properties on the lines after it behind a `│` (or spaces on a leaf), each child after a
/// connector `├─` (`└─` for the last, `╎╌`/`└╌` for offstage children) and its optional name
/// (`child: `, `child 1: `, `center child: `). Lines are often behind `flutter: ` (iOS, `flutter
/// run`) or a logcat's `I/flutter (123): `; long property values wrap onto the lines after them.
struct DiagnosticsTree {
    struct Node {
        /// The description after the connector and name: `RenderFlex#1a2b3 relayoutBoundary=up1`.
        var description: String
        /// The name before it (`child`, `child 1`, `center child`), nil for unnamed children.
        var name: String?
        /// Each property line, a wrapped value joined to the line it continues.
        var properties: [(text: String, line: Int)] = []
        var parent: Int
        var line: Int
        /// Printed with a dashed connector: an offstage child, laid out but not painted.
        var isOffstage: Bool
        /// The column where this node's first property starts, for telling continuations apart.
        var propertyColumn: Int?
    }

    var nodes: [Node] = []
    /// What was skipped (elisions), naming the lines.
    var notes: [String] = []

    /// The trees of `source` whose root description starts with one of `roots`. A tree ends at a
    /// blank line, the next root or the end; a line outside the tree's columns (another log's line
    /// between the tree's) suspends it, and the next line drawn with the tree's bars or connectors
    /// resumes it: the lines between are told in one warning.
    static func trees(_ source: SourceLines, roots: [String]) -> [DiagnosticsTree] {
        var trees: [DiagnosticsTree] = []
        var current: DiagnosticsTree?
        var stack: [(column: Int, index: Int)] = []
        var rootColumn = 0
        var unread = UnreadLines(), pending = UnreadLines()
        func close() {
            if var tree = current {
                if let warning = unread.warning { tree.notes.append(warning) }
                trees.append(tree)
            }
            (current, unread, pending) = (nil, UnreadLines(), UnreadLines())
        }
        for index in 0..<source.count {
            let line = Array(withoutFlutterPrefix(source[index]))
            let number = source.numbers[index]
            let start = line.firstIndex { !treeCharacters.contains($0) } ?? line.count
            let content = String(line[start...])
            if start == line.count { if line.isEmpty { close() }; continue }
            if !line[..<start].contains(where: { $0 != " " }), isRoot(content, roots) {
                close()
                rootColumn = start
                current = DiagnosticsTree(nodes: [Node(description: content, parent: -1, line: number, isOffstage: false)])
                stack = [(-1, 0)]
                continue
            }
            guard current != nil else { continue }
            let drawn = line[..<start].contains { $0 != " " && $0 != "\t" } || connector(line) != nil
            if start <= rootColumn || (!pending.isEmpty && !drawn) {
                pending.add(number, String(line))
                continue
            }
            unread.add(pending)
            pending = UnreadLines()
            if let (column, dashed, text) = connector(line) {
                while let top = stack.last, top.column >= column, stack.count > 1 { stack.removeLast() }
                let (name, description) = split(text)
                // Flutter's messages among the children (`no offstage children`, `⋯` for children
                // not printed) are no render objects: skipped, as is any child that names no class.
                guard isNodeDescription(description) else {
                    if !isKnownMessage(description) { unread.add(number, text) }
                    continue
                }
                let parent = stack.last!.index
                let offstage = dashed || current!.nodes[parent].isOffstage
                current!.nodes.append(Node(description: description, name: name, parent: parent, line: number, isOffstage: offstage))
                stack.append((column, current!.nodes.count - 1))
                continue
            }
            let isElision = content == "..." || content == "…" || content == "⋯" || content.hasPrefix("...(")
            // A `⋯` deeper than the node's properties ends a wrapped value (a `creator:` chain cut short).
            if isElision, !(current!.nodes[current!.nodes.count - 1].propertyColumn.map { start > $0 } ?? false) {
                current!.notes.append("line \(number): skipped '\(content)' (elision)")
                continue
            }
            current!.addProperty(content, column: start, line: number)
        }
        close()
        return trees
    }

    /// Whether a child's description names a render object or node: a class name (a letter or
    /// `_` first, then letters, digits, `_`, `<>` of a generic) before its `#hash`, a space or the end.
    static func isNodeDescription(_ description: String) -> Bool {
        let name = description.prefix { $0 != "#" && $0 != " " }
        guard let first = name.first, first.isUppercase || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "<" || $0 == ">" || $0 == "," || $0 == "." }
    }

    /// The messages Flutter prints among a node's children: skipped without a warning.
    static func isKnownMessage(_ text: String) -> Bool {
        ["no offstage children", "⋯", "…", "..."].contains(String(text.trimmingSpaces)) || text.hasPrefix("...(")
    }

    /// Whether `content` describes a root: one of `roots`, followed by its `#hash`, a space or nothing
    /// (old versions print `RenderView` alone).
    static func isRoot(_ content: String, _ roots: [String]) -> Bool {
        roots.contains { root in
            guard content.hasPrefix(root) else { return false }
            let next = content.dropFirst(root.count).first
            return next == nil || next == "#" || next == " "
        }
    }

    /// The characters that draw the tree to the left of a line's content.
    static let treeCharacters: Set<Character> = [" ", "│", "╎", "\t"]

    /// `flutter: ` (iOS, `flutter run`) before a line, removed.
    static func withoutFlutterPrefix(_ line: Substring) -> Substring {
        line.hasPrefix("flutter: ") ? line.dropFirst(9) : line.hasPrefix("flutter:") ? line.dropFirst(8) : line
    }

    /// A child's connector (`├─`, `└─`, dashed `├╌`, `└╌`) behind nothing but the tree's
    /// characters: its column, whether it is dashed, and the text after it.
    static func connector(_ line: [Character]) -> (Int, Bool, String)? {
        // `╎` is also a dashed bar: a connector only when a dash follows it.
        guard let at = line.indices.first(where: { index in
            let character = line[index]
            return (character == "├" || character == "└" || character == "╎") && index + 1 < line.count
                && (line[index + 1] == "─" || line[index + 1] == "╌")
        }), line[..<at].allSatisfy({ treeCharacters.contains($0) }) else { return nil }
        let dash = line[at + 1]
        let text = line[(at + 1)...].drop { $0 == "─" || $0 == "╌" }
        return (at, dash == "╌", String(text))
    }

    /// `child 1: RenderBox#…` into its name and description.
    static func split(_ text: String) -> (String?, String) {
        guard let colon = text.range(of: ": ") else { return (nil, text) }
        let name = text[..<colon.lowerBound]
        // Names are words, numbers and a parenthesised note: `child with index 0 (kept alive but not laid out)`.
        guard let first = name.first, first.isLetter,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "(" || $0 == ")" }) else { return (nil, text) }
        return (String(name), String(text[colon.upperBound...]))
    }

    /// A property line for the last node; a line continuing a value (a bracket left open, or
    /// indented past the node's properties) is joined to the one before.
    mutating func addProperty(_ text: String, column: Int, line: Int) {
        var node = nodes[nodes.count - 1]
        defer { nodes[nodes.count - 1] = node }
        // A semantics node's matrix follows `with transform` on the lines after it.
        // The box of a transition-style child (a paragraph's `╘═╦══ text ═══`) is a line a piece.
        let boxed = text.hasPrefix("╘") || text.hasPrefix("║") || text.hasPrefix("╚")
        if !boxed, let last = node.properties.last,
           DiagnosticsTree.isOpen(last.text) || last.text.hasSuffix("with transform") || column > (node.propertyColumn ?? column) {
            node.properties[node.properties.count - 1].text += " " + text
            return
        }
        if node.propertyColumn == nil { node.propertyColumn = column }
        node.properties.append((text, line))
    }

    /// Whether a value opens more brackets or parentheses than it closes.
    static func isOpen(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: break
            }
        }
        return depth > 0
    }

    /// The property `key: value`'s value, nil when the node has none.
    func value(_ key: String, of index: Int) -> String? {
        nodes[index].properties.first { $0.text.hasPrefix(key + ": ") }.map { String($0.text.dropFirst(key.count + 2)) }
    }

    /// The line a property starts on, else the node's.
    func line(of key: String, in index: Int) -> Int {
        nodes[index].properties.first { $0.text.hasPrefix(key) }?.line ?? nodes[index].line
    }
}

extension DiagnosticsTree {
    /// The numbers of `Name(a, b)` after `prefix` in `text` (`Offset(1.0, 2.0)`, `Size(3.0, 4.0)`).
    static func numbers(after prefix: String, in text: String) -> [Double]? {
        guard let range = text.range(of: prefix), let close = text[range.upperBound...].firstIndex(of: ")") else { return nil }
        let parts = text[range.upperBound..<close].split(separator: ",").map { Double($0.trimmingSpaces) }
        guard !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return parts.map { $0! }
    }

    /// The number after `key` (`layoutOffset=`, `paintExtent: `) up to the next `,`, `;`, `)` or space.
    static func number(after key: String, in text: String) -> Double? {
        guard let range = text.range(of: key) else { return nil }
        let digits = text[range.upperBound...].prefix { !",;) ".contains($0) }
        return Double(digits).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A quoted value without its quotes: `"Hello"` → `Hello`.
    static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }
}
