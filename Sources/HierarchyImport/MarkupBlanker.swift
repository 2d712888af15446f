/// The parts of an XML document that Foundation's XMLParser must never be given, blanked with
/// spaces before it is (newlines are kept, so lines and columns stay where they were).
///
/// swift-corelibs-foundation turns some of libxml2's C strings into Swift strings without
/// checking for NULL, and crashes in `strlen` (found by fuzzing): a processing instruction
/// without data (`<?pi?>`), a NOTATION or an unparsed entity declaration, an ATTLIST default
/// left `#IMPLIED`. libxml2 switching encodings crashes it too (to UTF-7, say). No dump an
/// importer reads has any use for them: page sources are plain elements and attributes. So
/// these go before parsing:
/// - the `encoding="…"` of the XML declaration (the bytes are UTF-8 by now: UTF-16 was converted);
/// - every processing instruction but the XML declaration (`<?xml-stylesheet …?>`, `<?pi?>`);
/// - the document type declaration with its internal subset (`<!DOCTYPE … [ … ]>`): entities
///   declared there are then undeclared, which XMLParser reports as an error like any other.
/// Comments, CDATA sections and quoted attribute values are read past, never blanked inside.
enum MarkupBlanker {
    static func blanked(_ content: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(content)
        blankDeclaredEncoding(&bytes)
        var index = 0
        while let open = bytes[index...].firstIndex(of: lessThan) {
            index = skip(&bytes, markupAt: open)
        }
        return bytes
    }

    private static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">")

    /// An element's start tag as written: the line of its `<` and its attributes' names in order.
    struct StartTag {
        var line: Int
        var names: [String]
    }

    /// The start tags of blanked bytes in document order (the order XMLParser reports elements
    /// in), `firstLine` being the line of the first byte. Comments, CDATA sections, processing
    /// instructions, declarations and end tags are passed over as `blanked` passes over them.
    static func startTags(_ blanked: [UInt8], firstLine: Int) -> [StartTag] {
        var bytes = blanked
        var tags: [StartTag] = []
        var index = 0, line = firstLine, counted = 0
        while let open = bytes[index...].firstIndex(of: lessThan) {
            let next = max(open + 1, skip(&bytes, markupAt: open))
            if open + 1 < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(bytes[open + 1]) {
                line += bytes[counted..<open].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                counted = open
                tags.append(StartTag(line: line, names: attributeNames(bytes[(open + 1)..<min(next, bytes.count)])))
            }
            index = min(next, bytes.count)
        }
        return tags
    }

    /// The names of a start tag's attributes (the bytes after its `<`), in order: each name is
    /// followed by `=` and a quoted value, which may hold anything but its own quote.
    private static func attributeNames(_ tag: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var index = tag.startIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        // Past the element's name.
        while index < tag.endIndex, !isSpace(tag[index]), tag[index] != greaterThan, tag[index] != UInt8(ascii: "/") { index += 1 }
        while index < tag.endIndex {
            while index < tag.endIndex, isSpace(tag[index]) { index += 1 }
            guard index < tag.endIndex, tag[index] != greaterThan, tag[index] != UInt8(ascii: "/") else { break }
            let start = index
            while index < tag.endIndex, !isSpace(tag[index]), tag[index] != UInt8(ascii: "=") { index += 1 }
            names.append(String(decoding: tag[start..<index], as: UTF8.self))
            while index < tag.endIndex, tag[index] != UInt8(ascii: "\""), tag[index] != UInt8(ascii: "'") { index += 1 }
            guard index < tag.endIndex else { break }
            let quote = tag[index]
            index += 1
            while index < tag.endIndex, tag[index] != quote { index += 1 }
            index += 1
        }
        return names
    }

    /// Reads past (or blanks) the markup starting with `<` at `start`; returns where scanning goes on.
    private static func skip(_ bytes: inout [UInt8], markupAt start: Int) -> Int {
        if starts(bytes, "<!--", at: start) { return end(of: "-->", in: bytes, from: start + 4) }
        if starts(bytes, "<![CDATA[", at: start) { return end(of: "]]>", in: bytes, from: start + 9) }
        if starts(bytes, "<?", at: start) {
            let end = end(of: "?>", in: bytes, from: start + 2)
            // The XML declaration (libxml2 refuses it anywhere but at the start, which is safe).
            if !isXMLDeclaration(bytes, at: start) { blank(&bytes, start..<end) }
            return end
        }
        if starts(bytes, "<!DOCTYPE", at: start) {
            let end = doctypeEnd(bytes, from: start + 9)
            blank(&bytes, start..<end)
            return end
        }
        return tagEnd(bytes, from: start + 1)
    }

    /// `<?xml` followed by white space or `?>`: the declaration, not a `<?xml-stylesheet`.
    private static func isXMLDeclaration(_ bytes: [UInt8], at start: Int) -> Bool {
        guard starts(bytes, "<?xml", at: start) else { return false }
        let next = start + 5
        return next >= bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "?")].contains(bytes[next])
    }

    /// After the `>` that closes a tag begun before `from`, outside quoted attribute values.
    private static func tagEnd(_ bytes: [UInt8], from: Int) -> Int {
        var index = from, quotes = Quotes()
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard quotes.isOutside(byte) else { continue }
            if byte == greaterThan { return index }
            // A `<` inside a tag is the parser's error to report; scanning goes on from it.
            if byte == lessThan { return index - 1 }
        }
        return bytes.count
    }

    /// After the `>` that closes a document type declaration: outside quoted literals, comments
    /// and the brackets of its internal subset.
    private static func doctypeEnd(_ bytes: [UInt8], from: Int) -> Int {
        var index = from, quotes = Quotes(), depth = 0
        while index < bytes.count {
            if !quotes.isOpen, starts(bytes, "<!--", at: index) {
                index = end(of: "-->", in: bytes, from: index + 4)
                continue
            }
            let byte = bytes[index]
            index += 1
            guard quotes.isOutside(byte) else { continue }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            if byte == greaterThan && depth == 0 { return index }
        }
        return bytes.count
    }

    /// Follows quoted literals (`"…"` or `'…'`) byte by byte.
    private struct Quotes {
        private var open: UInt8?
        var isOpen: Bool { open != nil }

        /// Takes the next byte: true when it lies outside quotes and is not a quote itself.
        mutating func isOutside(_ byte: UInt8) -> Bool {
            if let quote = open {
                if byte == quote { open = nil }
                return false
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                open = byte
                return false
            }
            return true
        }
    }

    /// The `encoding="…"` of a leading XML declaration blanked.
    private static func blankDeclaredEncoding(_ bytes: inout [UInt8]) {
        guard isXMLDeclaration(bytes, at: 0) else { return }
        let declarationEnd = find("?>", in: bytes, from: 2) ?? bytes.count
        guard let keyStart = find("encoding", in: bytes, from: 5), keyStart < declarationEnd else { return }
        // Through the closing quote of the value, or up to the declaration's end when there is none.
        var end = keyStart + 8, quote: UInt8?
        while end < declarationEnd {
            let byte = bytes[end]
            end += 1
            if let open = quote, byte == open { break }
            if quote == nil, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
        }
        blank(&bytes, keyStart..<end)
    }

    private static func starts(_ bytes: [UInt8], _ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    /// After the first `terminator` at or after `from`, or the end of the bytes.
    private static func end(of terminator: StaticString, in bytes: [UInt8], from: Int) -> Int {
        find(terminator, in: bytes, from: from).map { $0 + terminator.utf8CodeUnitCount } ?? bytes.count
    }

    /// Where `needle` first starts at or after `from`.
    private static func find(_ needle: StaticString, in bytes: [UInt8], from: Int) -> Int? {
        var index = from
        let first = needle.withUTF8Buffer { $0[0] }
        while index < bytes.count {
            guard let hit = bytes[index...].firstIndex(of: first) else { return nil }
            if starts(bytes, needle, at: hit) { return hit }
            index = hit + 1
        }
        return nil
    }

    /// Spaces over `range`, newlines kept.
    private static func blank(_ bytes: inout [UInt8], _ range: Range<Int>) {
        for index in range where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
            bytes[index] = UInt8(ascii: " ")
        }
    }
}
