import HierarchyModel

/// An XML document's elements, stored flat like `ViewTree` so that any depth is walked without
/// recursion: `elements[0]` is the document element. The one reader of the XML dumps: the
/// importers read their views from it, and `find` builds the XML its locators run over from it
/// (each view names its element in `SourceSpan.element`).
public struct MarkupTree: Sendable {
    public struct Element: Sendable {
        public internal(set) var name: String
        public internal(set) var attributes: [String: String]
        /// The line where the element's start tag ends.
        var line: Int
        public internal(set) var parent: Int?
        public internal(set) var children: [Int] = []
        /// The line where the start tag begins (its `<`), from 1.
        public internal(set) var firstLine = 0
        /// The line where the element ends: its end tag's, or its start tag's when it closes itself.
        public internal(set) var endLine = 0
        /// The attributes' names in the order the start tag writes them.
        public internal(set) var attributeNames: [String] = []
        /// The element's own character data and CDATA, in order; kept only when asked for (a
        /// JUnit report's failure), empty otherwise.
        public internal(set) var text = ""

        init(name: String, attributes: [String: String], line: Int, parent: Int?) {
            self.name = name
            self.attributes = attributes
            self.line = line
            self.parent = parent
            firstLine = line
            endLine = line
        }

        /// The attribute's value, nil when it is absent or only white space.
        func text(_ key: String) -> String? {
            guard let value = attributes[key], !value.allSatisfy(\.isWhitespace) else { return nil }
            return value
        }

        /// The attributes as the start tag writes them, in its order.
        public var orderedAttributes: [(name: String, value: String)] {
            attributeNames.compactMap { name in attributes[name].map { (name, $0) } }
        }

        /// Where the element is in the file, start tag to end tag, with its index.
        func span(_ index: Int) -> SourceSpan { SourceSpan(line: firstLine, endLine: endLine, element: index) }
    }

    public internal(set) var elements: [Element] = []
    /// Warnings about the text around the document, naming their lines.
    var notes: [String] = []

    var root: Element { elements[0] }

    public subscript(index: Int) -> Element { elements[index] }

    /// The elements under `starts` (included) in document order, walked without recursion.
    func preorder(from starts: [Int]) -> [Int] {
        var order: [Int] = []
        var stack = Array(starts.reversed())
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: elements[index].children.reversed())
        }
        return order
    }

    /// Parses `bytes` with Foundation's XMLParser, behind `MarkupBlanker`: the one XML reader of
    /// the inputs (dumps, and the JUnit reports `report --junit-in` reads, `keepingText` for them).
    /// - Throws: `InputError` naming the file and the line of the first XML error.
    public static func parse(_ bytes: [UInt8], fileName: String, keepingText: Bool = false) throws(InputError) -> MarkupTree {
        try MarkupTreeBuilder.build(bytes, fileName: fileName, keepingText: keepingText)
    }
}
