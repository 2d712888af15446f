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
    /// The document XPath runs over.
    public let document: XMLDocument
    /// The elements in document order.
    public let elements: [ScreenElement]
    /// What was approximated while building it (a page source that could not be read again).
    public let notes: [String]
    /// The element objects, kept so that the ones XPath returns are these very objects.
    private let objects: [XMLElement]
    private let indexByObject: [ObjectIdentifier: Int]

    init(document: XMLDocument, objects: [XMLElement], elements: [ScreenElement], notes: [String]) {
        self.document = document
        self.objects = objects
        self.elements = elements
        self.notes = notes
        indexByObject = Dictionary(uniqueKeysWithValues: objects.enumerated().map { (ObjectIdentifier($1), $0) })
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
    /// - Throws: `LocatorError` when libxml2 refuses the expression (with the column where it
    ///   stopped) or it evaluates to a number, string or boolean, or to nodes that are not
    ///   elements (attributes, text), which Appium refuses too.
    public func evaluate(xpath expression: String) throws(LocatorError) -> [Int] {
        try Self.check(xpath: expression)
        // Checked first: FoundationXML prints libxml2's error and traps on an expression it refuses.
        guard let nodes = try? document.nodes(forXPath: expression) else {
            throw LocatorError(using: .xpath, expression, column: nil, "libxml2 cannot evaluate this XPath expression")
        }
        let indices = nodes.compactMap { $0.kind == .element ? indexByObject[ObjectIdentifier($0)] : nil }
        if indices.isEmpty, let other = nodes.first {
            throw LocatorError(using: .xpath, expression, column: nil, "it selects \(other.kind == .attribute ? "attributes" : "text or other nodes"), not elements")
        }
        return Array(Set(indices)).sorted()
    }

    /// libxml2's verdict on an expression, its error caught: the column where it stopped.
    static func check(xpath expression: String) throws(LocatorError) {
        var offset: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cxpath_check(expression, &offset, &message, message.count)
        switch status {
        case CXPATH_NODES: return
        case CXPATH_NOT_NODES: throw LocatorError(using: .xpath, expression, column: nil, "it evaluates to a number, string or boolean, not elements")
        default:
            let bytes = Array(expression.utf8.prefix(max(0, Int(offset))))
            let column = String(decoding: bytes, as: UTF8.self).count + 1
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw LocatorError(using: .xpath, expression, column: column, "libxml2: \(text.lowercased())")
        }
    }
}
