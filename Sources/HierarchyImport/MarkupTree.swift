import HierarchyModel

/// An XML document's elements, stored flat like `ViewTree` so that any depth is walked without
/// recursion: `elements[0]` is the document element.
struct MarkupTree {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The line where the element's start tag ends.
        var line: Int
        var parent: Int?
        var children: [Int] = []

        /// The attribute's value, nil when it is absent or only white space.
        func text(_ key: String) -> String? {
            guard let value = attributes[key], !value.allSatisfy(\.isWhitespace) else { return nil }
            return value
        }
    }

    var elements: [Element] = []
    /// Warnings about the text around the document, naming their lines.
    var notes: [String] = []

    var root: Element { elements[0] }

    subscript(index: Int) -> Element { elements[index] }

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

    /// Parses `bytes` with Foundation's XMLParser.
    /// - Throws: `InputError` naming the file and the line of the first XML error.
    static func parse(_ bytes: [UInt8], fileName: String) throws(InputError) -> MarkupTree {
        try MarkupTreeBuilder.build(bytes, fileName: fileName)
    }
}
