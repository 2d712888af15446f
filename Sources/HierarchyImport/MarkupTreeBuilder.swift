import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HierarchyModel

/// Collects XMLParser's events into a `MarkupTree`; stops at the first error.
final class MarkupTreeBuilder: NSObject, XMLParserDelegate {
    private var tree = MarkupTree()
    private var open: [Int] = []
    /// Lines of white space dropped before the XML declaration, which must come first for libxml2.
    private let lineOffset: Int
    private var failure: (code: Int, line: Int)?

    private init(lineOffset: Int) { self.lineOffset = lineOffset }

    static func build(_ bytes: [UInt8], fileName: String) throws(InputError) -> MarkupTree {
        let start = ByteText(bytes).significantStart
        let (end, notes) = contentEnd(bytes, from: start)
        let dropped = bytes[..<start].filter { $0 == UInt8(ascii: "\n") }.count
        let builder = MarkupTreeBuilder(lineOffset: dropped)
        let parser = XMLParser(data: Data(withoutDeclaredEncoding(bytes[start..<end])))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
        if builder.failure == nil, let error = parser.parserError {
            builder.failure = ((error as NSError).code, parser.lineNumber + dropped)
        }
        if let failure = builder.failure {
            throw InputError(file: fileName, location: "line \(max(failure.line, 1))", "malformed XML: \(describe(failure.code))")
        }
        guard !builder.tree.elements.isEmpty else {
            throw InputError(file: fileName, location: "line 1", "malformed XML: no element found")
        }
        builder.tree.notes = notes
        return builder.tree
    }

    /// The content with the XML declaration's `encoding="…"` blanked (spaces, so lines and
    /// columns stay): the bytes are UTF-8 by now (UTF-16 was converted), and libxml2 must not
    /// switch encodings: switching to some, such as UTF-7, crashes it (found by fuzzing).
    static func withoutDeclaredEncoding(_ content: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(content)
        guard bytes.starts(with: Array("<?xml".utf8)) else { return bytes }
        let declarationEnd = bytes.indices.first { $0 + 1 < bytes.count && bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") } ?? bytes.count
        let key = Array("encoding".utf8)
        guard let keyStart = (0..<max(0, declarationEnd - key.count + 1)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) }) else { return bytes }
        // Through the closing quote of the value, or up to the declaration's end when there is none.
        var end = keyStart + key.count, quote: UInt8?
        while end < declarationEnd {
            let byte = bytes[end]
            end += 1
            if let open = quote, byte == open { break }
            if quote == nil, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
        }
        for index in keyStart..<end { bytes[index] = UInt8(ascii: " ") }
        return bytes
    }

    /// Where the XML ends: after its last `>` when only plain text follows. `adb exec-out uiautomator dump /dev/tty` appends
    /// "UI hierchary dumped to: /dev/tty", which is skipped with a note.
    private static func contentEnd(_ bytes: [UInt8], from start: Int) -> (end: Int, notes: [String]) {
        guard let last = bytes.lastIndex(of: UInt8(ascii: ">")), last >= start else { return (bytes.count, []) }
        let trailing = DescriptionScanner.trimmed(bytes[(last + 1)...])
        // Markup after the end is the parser's to refuse; only plain text is skipped.
        guard !trailing.isEmpty, !trailing.contains(UInt8(ascii: "<")) else { return (bytes.count, []) }
        let line = bytes[..<trailing.startIndex].filter { $0 == UInt8(ascii: "\n") }.count + 1
        return (last + 1, ["line \(line): skipped '\(ByteText.excerpt(trailing))' (text after the XML)"])
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let index = tree.elements.count
        tree.elements.append(.init(name: elementName, attributes: attributeDict, line: parser.lineNumber + lineOffset, parent: open.last))
        if let parent = open.last { tree.elements[parent].children.append(index) }
        open.append(index)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = ((parseError as NSError).code, parser.lineNumber + lineOffset)
        parser.abortParsing()
    }

    /// XMLParser's error code in words. The codes are libxml2's on every platform (Darwin's
    /// `XMLParser.ErrorCode` shares them; Linux's enum is numbered differently), so match numbers.
    static func describe(_ code: Int) -> String {
        let words = [
            4: "no XML document", 5: "the document ends early or has content after its root element",
            9: "a character XML does not allow", 26: "an undeclared entity", 38: "a '<' inside an attribute value",
            39: "a broken attribute", 40: "a broken attribute", 41: "an attribute without a value",
            42: "an attribute is given twice", 64: "the XML declaration is not at the start",
            68: "a tag without a name", 73: "a tag is not closed with '>'", 76: "a closing tag does not match the open element",
            77: "a tag is cut short", 85: "the tags are not well balanced",
        ][code] ?? "the document is not well-formed"
        return "\(words) (XMLParser error \(code))"
    }
}
