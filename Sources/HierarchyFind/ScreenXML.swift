import CXPath
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The XML Appium would serve for a screen, held by libxml2 (FoundationXML's `XMLDocument`), with
/// each element tied to the view it stands for. See docs/find.md for what each input becomes.
///
/// A reference type because `XMLDocument` is one; it is built once per command and only read.
public final class ScreenXML {
    /// The document; XPath runs over libxml2's copy of its text (`XPathDocument`).
    public let document: XMLDocument
    /// The elements in document order.
    public let elements: [ScreenElement]
    /// What was approximated while building it (a page source that could not be read again).
    public let notes: [String]
    /// The element objects, in the order of `elements`.
    private let objects: [XMLElement]
    /// libxml2's copy of the document that XPath runs over.
    private let xpathDocument: XPathDocument

    init(document: XMLDocument, objects: [XMLElement], elements: [ScreenElement], notes: [String]) {
        self.document = document
        self.objects = objects
        self.elements = elements
        self.notes = notes
        xpathDocument = XPathDocument { document.xmlString(options: []) }
    }

    /// The document as text, as `hierarchy find --print-xml` shows it.
    public var text: String { document.xmlString(options: [.nodePrettyPrint]) }

    /// The document as compact text: what another XPath engine reads to check this one (the
    /// white space between elements kept as the page source has it).
    public var serialized: String { document.xmlString(options: []) }

    /// The element index of each view, indexed like the tree's nodes (nil for a view no element stands for).
    public func elementIndices(nodeCount: Int) -> [Int?] {
        var result = [Int?](repeating: nil, count: nodeCount)
        for (index, element) in elements.enumerated() {
            if let node = element.node, node < nodeCount { result[node] = index }
        }
        return result
    }

    /// The elements `expression` selects, in document order, by libxml2's XPath 1.0.
    ///
    /// The expression is checked first (`XPathChecker`: XPath 1.0 with its core functions, the
    /// column of anything else), then run by libxml2 through CXPath over its own copy of the
    /// document with libxml2's errors caught: FoundationXML's `nodes(forXPath:)` prints them and
    /// crashes on an expression that compiles but fails while running (`matches()`, `$x`).
    /// - Throws: `LocatorError` for an expression that is not such XPath (with the column) or
    ///   that fails while running, or that evaluates to a number, string or boolean, or to nodes
    ///   that are not elements (attributes, text), which Appium refuses too.
    public func evaluate(xpath expression: String) throws(LocatorError) -> [Int] {
        let type = try XPathChecker.check(expression)
        guard type == .nodeSet else {
            throw LocatorError(using: .xpath, expression, column: nil, "it evaluates to \(type.rawValue), not elements")
        }
        guard let copy = xpathDocument.document else {
            throw LocatorError(using: .xpath, expression, column: nil, "libxml2 cannot read the screen's XML again")
        }
        var selection = cxpath_selection()
        defer { cxpath_selection_free(&selection) }
        var offset: Int32 = 0
        var message = [CChar](repeating: 0, count: 128)
        switch cxpath_select(copy, expression, &selection, &offset, &message, message.count) {
        case CXPATH_NODES:
            let indices = UnsafeBufferPointer(start: selection.elements, count: selection.count).map { Int($0) }.filter { $0 < elements.count }
            if indices.isEmpty, selection.others > 0 {
                throw LocatorError(using: .xpath, expression, column: nil, "it selects \(selection.first_other_type == 2 ? "attributes" : "text or other nodes"), not elements")
            }
            return indices
        case CXPATH_NOT_NODES: throw LocatorError(using: .xpath, expression, column: nil, "it evaluates to a number, string or boolean, not elements")
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let column = offset < 0 ? nil : String(decoding: Array(expression.utf8.prefix(Int(offset))), as: UTF8.self).count + 1
            throw LocatorError(using: .xpath, expression, column: column, "libxml2: \(text)")
        }
    }
}
