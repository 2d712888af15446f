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
        let dropped = bytes[..<start].filter { $0 == UInt8(ascii: "\n") }.count
        let builder = MarkupTreeBuilder(lineOffset: dropped)
        let parser = XMLParser(data: Data(bytes[start...]))
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
        return builder.tree
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

    /// XMLParser's error code in words (its own description on Linux says only the number).
    static func describe(_ code: Int) -> String {
        let words: String
        switch XMLParser.ErrorCode(rawValue: code) {
        case .prematureDocumentEndError?: words = "the document ends early or has content after its root element"
        case .tagNameMismatchError?: words = "a closing tag does not match the open element"
        case .attributeRedefinedError?: words = "an attribute is given twice"
        case .undeclaredEntityError?: words = "an undeclared entity"
        case .misplacedXMLDeclarationError?: words = "the XML declaration is not at the start"
        case .lessThanSymbolInAttributeError?: words = "a '<' inside an attribute value"
        case .attributeNotFinishedError?, .attributeNotStartedError?, .attributeHasNoValueError?: words = "a broken attribute"
        case .gtRequiredError?, .ltRequiredError?, .notWellBalancedError?: words = "the tags are not well balanced"
        case .emptyDocumentError?, .documentStartError?: words = "no XML document"
        case .invalidCharacterError?: words = "a character XML does not allow"
        default: words = "the document is not well-formed"
        }
        return "\(words) (XMLParser error \(code))"
    }
}
