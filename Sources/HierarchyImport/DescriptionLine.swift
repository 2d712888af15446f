import HierarchyModel

/// One line of a recursiveDescription, classified: a view, something to skip, or nothing.
enum DescriptionLine: Equatable {
    case blank
    /// Not a view (an elision, a sublayer, prose): skipped with a warning naming `reason`.
    case skipped(reason: String)
    case view(ViewDescription)

    /// Classifies `line`.
    /// - Throws: `InputError` (message only) for a line that looks like a view but is cut short.
    static func parse(_ line: ArraySlice<UInt8>) throws(InputError) -> DescriptionLine {
        let bytes = Array(line)
        var index = skipPastePrefix(bytes)
        var depth = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "|") || bytes[index] == 0x20 || bytes[index] == 0x09 {
            if bytes[index] == UInt8(ascii: "|") { depth += 1 }
            index += 1
        }
        let rest = trimmedContent(bytes[index...])
        if rest.isEmpty { return .blank }
        if isElision(rest) { return .skipped(reason: "elision") }
        guard let open = rest.firstIndex(of: UInt8(ascii: "<")) else { return .skipped(reason: "not a view") }
        guard let start = viewStart(bytes, open: open) else { return .skipped(reason: "not a view") }
        return try parseView(bytes, open: start, depth: depth, prefix: rest[rest.startIndex..<open])
    }

    private static func parseView(
        _ bytes: [UInt8], open: Int, depth: Int, prefix: ArraySlice<UInt8>
    ) throws(InputError) -> DescriptionLine {
        let scanner = DescriptionScanner(bytes)
        guard let close = scanner.matchingClose(of: open) else {
            // A view line cut short; prose that merely holds a `<` is skipped instead.
            let after = bytes[open...]
            guard ByteText.find(Array("frame".utf8), in: after) != nil || ByteText.find(Array(": 0x".utf8), in: after) != nil
            else { return .skipped(reason: "not a view") }
            throw InputError("unbalanced '<' in view description")
        }
        let trailer = trimmedContent(bytes[(close + 1)...])
        if trailer.starts(with: "(layer)".utf8) { return .skipped(reason: "a layer, not a view") }
        let segments = scanner.segments((open + 1)..<close)
        guard let head = segments.first else { return .skipped(reason: "not a view") }
        var view = ViewDescription(depth: depth, head: head, scanner: scanner)
        view.ivar = ivarName(prefix)
        for segment in segments.dropFirst() {
            guard let separator = scanner.separator(in: segment) else { continue }
            let key = DescriptionScanner.trimmed(segment[segment.startIndex..<separator])
            guard !key.isEmpty, key.allSatisfy(DescriptionScanner.isIdentifier) else { continue }
            let value = DescriptionScanner.trimmed(segment[(separator + 1)...])
            view.fields.append(.init(key: String(decoding: key, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
        }
        guard view.field("frame") != nil else { return .skipped(reason: "no frame") }
        return .view(view)
    }

    /// Skips what pastes put before the tree: indentation, `//` comment markers, Cycript's backtick.
    private static func skipPastePrefix(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "`") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// Content without surrounding white space or a closing Cycript backtick.
    private static func trimmedContent(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = DescriptionScanner.trimmed(slice)
        while slice.last == UInt8(ascii: "`") { slice = DescriptionScanner.trimmed(slice.dropLast()) }
        return slice
    }

    /// `...` or `…`, alone on the line.
    private static func isElision(_ rest: ArraySlice<UInt8>) -> Bool {
        rest.elementsEqual("…".utf8) || (rest.count >= 2 && rest.allSatisfy { $0 == UInt8(ascii: ".") })
    }

    /// Where the view's own description opens: at `open`, or one further for classes that wrap their
    /// superclass's description in a second pair of brackets and append their own fields after it
    /// (`<<_UITextContainerView: 0x…; frame = (…); layer = <…>> minSize = {…}, textContainer = <…>>`).
    private static func viewStart(_ bytes: [UInt8], open: Int) -> Int? {
        if looksLikeView(bytes, open: open) { return open }
        if open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "<"), looksLikeView(bytes, open: open + 1) { return open + 1 }
        return nil
    }

    /// `<` then a class name and `:` (address), `;` (no address), `<` (generic) or `>`.
    private static func looksLikeView(_ bytes: [UInt8], open: Int) -> Bool {
        var index = open + 1
        guard index < bytes.count, bytes[index] != UInt8(ascii: "."), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]),
              DescriptionScanner.isIdentifier(bytes[index]) else { return false }
        while index < bytes.count, DescriptionScanner.isIdentifier(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        return [UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(bytes[index])
    }

    /// HOU's recursiveDescription2 names the ivar before the view (`_myButton <UIButton: …>`).
    private static func ivarName(_ prefix: ArraySlice<UInt8>) -> String? {
        let token = DescriptionScanner.trimmed(prefix)
        guard let first = token.first, first == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
              token.allSatisfy(DescriptionScanner.isIdentifier) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }
}
