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
    private var failure: (message: String, line: Int)?
    /// Whether the elements' character data is kept.
    private let keepsText: Bool

    /// How deep elements may nest: libxml2's own limit (FoundationXML's `XMLDocument`, which
    /// `find` builds from the page source, refuses deeper documents), about as deep as JSON's 512
    /// nested arrays and objects let a tree.json's views go. Below it a dump's cost stays linear;
    /// deeper, every view's id (its index path) grows with the depth. See docs/limits.md.
    static let maxDepth = 256

    private init(lineOffset: Int, keepsText: Bool) {
        self.lineOffset = lineOffset
        self.keepsText = keepsText
    }

    static func build(_ bytes: [UInt8], fileName: String, keepingText: Bool = false) throws(InputError) -> MarkupTree {
        let start = ByteText(bytes).significantStart
        let (end, notes) = contentEnd(bytes, from: start)
        let dropped = bytes[..<start].filter { $0 == UInt8(ascii: "\n") }.count
        try checkPlainBytes(bytes, start: start, end: end, fileName: fileName)
        let builder = MarkupTreeBuilder(lineOffset: dropped, keepsText: keepingText)
        // Given as a stream, so that libxml2 is fed in chunks: given the whole document at once
        // it stops at 10 MB ("huge input lookup"), which XMLParser reports as not well-formed.
        let blanked = MarkupBlanker.blanked(bytes[start..<end])
        let parser = XMLParser(stream: InputStream(data: Data(blanked)))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
        if builder.failure == nil, let error = parser.parserError {
            builder.failure = (XMLProblem.message((error as NSError).code), parser.lineNumber + dropped)
        }
        if let failure = builder.failure, failure.message.hasPrefix("malformed"), let line = hugeTextLine(bytes, start..<end) {
            builder.failure = (XMLProblem.message(1), line)
        }
        if let failure = builder.failure {
            throw InputError(file: fileName, location: "line \(max(failure.line, 1))", failure.message)
        }
        guard !builder.tree.elements.isEmpty else {
            throw InputError(file: fileName, location: "line 1", "malformed XML: no element found")
        }
        builder.tree.notes = notes
        builder.placeStartTags(MarkupBlanker.startTags(blanked, firstLine: dropped + 1))
        return builder.tree
    }

    /// libxml2 reads no text or attribute value over 10 MB (XMLParser does not ask for more with
    /// XML_PARSE_HUGE), and says so as a broken attribute or an internal error.
    static let longestText = 10_000_000

    /// The line where a stretch longer than `longestText` without markup characters starts, if
    /// any: the reason libxml2 stopped, rather than malformed XML.
    private static func hugeTextLine(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let markup: Set<UInt8> = [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")]
        var runStart = range.lowerBound
        for index in range where markup.contains(bytes[index]) {
            if index - runStart > longestText { break }
            runStart = index + 1
        }
        let runEnd = bytes[runStart..<range.upperBound].firstIndex { markup.contains($0) } ?? range.upperBound
        guard runEnd - runStart > longestText else { return nil }
        return bytes[..<runStart].filter { $0 == UInt8(ascii: "\n") }.count + 1
    }

    /// What libxml2 must not be given: it reads a document that does not start with `<` or holds
    /// NUL bytes as another encoding (UCS-4, UTF-16 without a byte-order mark, EBCDIC), and
    /// crashed switching to some (found by fuzzing). XML allows neither, so both are errors here.
    private static func checkPlainBytes(_ bytes: [UInt8], start: Int, end: Int, fileName: String) throws(InputError) {
        guard start < end, bytes[start] == UInt8(ascii: "<") else {
            let line = bytes[..<min(start, bytes.count)].filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw InputError(file: fileName, location: "line \(line)", "malformed XML: no XML document (it does not start with '<')")
        }
        if let nul = bytes[start..<end].firstIndex(of: 0) {
            let line = bytes[..<nul].filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw InputError(file: fileName, location: "line \(line)", "malformed XML: a NUL byte, which XML does not allow (UTF-16 without a byte-order mark?)")
        }
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
        guard open.count < Self.maxDepth else {
            failure = ("more than \(Self.maxDepth) nested elements, the most this reads", parser.lineNumber + lineOffset)
            parser.abortParsing()
            return
        }
        let index = tree.elements.count
        tree.elements.append(.init(name: elementName, attributes: attributeDict, line: parser.lineNumber + lineOffset, parent: open.last))
        if let parent = open.last { tree.elements[parent].children.append(index) }
        open.append(index)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if let closed = open.popLast() { tree.elements[closed].endLine = max(tree.elements[closed].line, parser.lineNumber + lineOffset) }
    }

    /// Each element's first line and the order of its attributes, from the start tags found in
    /// the bytes (one an element, in document order, as the parser met them). Left as the parser
    /// gave them (the line where the start tag ends, the names in alphabetical order) if the two
    /// counts ever differ.
    private func placeStartTags(_ tags: [MarkupBlanker.StartTag]) {
        let matched = tags.count == tree.elements.count
        for index in tree.elements.indices {
            let names = tree.elements[index].attributes.keys
            guard matched else {
                tree.elements[index].attributeNames = names.sorted()
                continue
            }
            tree.elements[index].firstLine = min(tags[index].line, tree.elements[index].line)
            // A name the parser did not give (a namespace declaration) is left out; one it gave that the scan missed goes last.
            let ordered = tags[index].names.filter { tree.elements[index].attributes[$0] != nil }
            let seen = Set(ordered)
            tree.elements[index].attributeNames = ordered + names.filter { !seen.contains($0) }.sorted()
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if keepsText, let element = open.last { tree.elements[element].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if keepsText, let element = open.last { tree.elements[element].text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = (XMLProblem.message((parseError as NSError).code), parser.lineNumber + lineOffset)
        parser.abortParsing()
    }
}
