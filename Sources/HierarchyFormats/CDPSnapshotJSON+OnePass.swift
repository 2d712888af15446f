import HierarchyModel

extension CDPSnapshotJSON {
    /// The snapshot whose `{` is at `start`, read in one pass over its bytes: each byte checked as
    /// strict JSON as it is read, the arrays the import uses read into flat arrays as they are
    /// checked, every other value checked and passed over. Nil for anything but good JSON in the
    /// shape devtools-protocol's `DOMSnapshot.pdl` gives (a syntax error, a value of another
    /// type, an element that is no whole number or rectangle, `documents` or `strings` named
    /// twice): `read` then checks the whole value first and reads it again, which tells what is
    /// wrong where. The numbers of a snapshot are most of its bytes; checked, then read, each
    /// took a fifth of the import.
    static func readInOnePass(_ buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8], at start: Int, fileName: String) -> CDPSnapshotJSON? {
        OnePass(json: JSONParser(buffer)).snapshot(bytes, at: start, fileName: fileName)
    }
}

/// `CDPSnapshotJSON.readInOnePass`: every method returns nil where the bytes are not as it
/// expects, and the offset after what it read otherwise.
private struct OnePass {
    let json: JSONParser
    private var bytes: UnsafeBufferPointer<UInt8> { json.bytes }

    init(json: JSONParser) { self.json = json }

    func snapshot(_ source: [UInt8], at start: Int, fileName: String) -> CDPSnapshotJSON? {
        var documents: [(raw: CDPDocumentArrays.Raw, url: Double?, span: Range<Int>)]?
        var strings: [Int]?
        guard let end = object(at: start, depth: 0, { key, value in
            if json.string(at: key, is: "documents") {
                guard documents == nil, let (read, end) = self.documents(at: value) else { return nil }
                documents = read
                return end
            }
            if json.string(at: key, is: "strings") {
                guard strings == nil, let (offsets, end) = self.strings(at: value) else { return nil }
                strings = offsets
                return end
            }
            return skip(value, depth: 1)
        }), let documents, let strings else { return nil }
        let count = strings.count
        let arrays = documents.enumerated().map { ordinal, document in
            Result { () throws(InputError) in try CDPDocumentArrays(document.raw, path: "documents[\(ordinal)]", strings: count, fileName: fileName) }
        }
        let urls = documents.map { document -> Int? in
            guard let index = document.url, index >= 0, index < Double(count), index == index.rounded() else { return nil }
            return Int(index)
        }
        return CDPSnapshotJSON(bytes: source, stringOffsets: strings, documents: arrays, documentURLs: urls, span: start..<end, documentSpans: documents.map(\.span))
    }

    // MARK: The snapshot's parts

    private func documents(at open: Int) -> ([(raw: CDPDocumentArrays.Raw, url: Double?, span: Range<Int>)], end: Int)? {
        var documents: [(raw: CDPDocumentArrays.Raw, url: Double?, span: Range<Int>)] = []
        let end = array(at: open) { value in
            guard let (raw, url, end) = document(at: value) else { return nil }
            documents.append((raw, url, value..<end))
            return end
        }
        return end.map { (documents, $0) }
    }

    private func strings(at open: Int) -> ([Int], end: Int)? {
        var offsets: [Int] = []
        let end = array(at: open) { value in
            guard bytes[value] == UInt8(ascii: "\""), let (end, _) = try? json.checkString(value) else { return nil }
            offsets.append(value)
            return end
        }
        return end.map { (offsets, $0) }
    }

    /// A document: its arrays, its `documentURL` as written (a number), and the offset after it.
    private func document(at open: Int) -> (CDPDocumentArrays.Raw, url: Double?, end: Int)? {
        var raw = CDPDocumentArrays.Raw()
        var (nodes, layout) = (false, false)
        let end = object(at: open, depth: 2) { key, value in
            if json.string(at: key, is: "nodes") {
                nodes = true
                return self.nodes(at: value, into: &raw)
            }
            if json.string(at: key, is: "layout") {
                layout = true
                return self.layout(at: value, into: &raw)
            }
            for (name, path) in [("scrollOffsetX", \CDPDocumentArrays.Raw.scrollOffsetX), ("scrollOffsetY", \.scrollOffsetY),
                                 ("title", \.title), ("documentURL", \.documentURL)] as [(StaticString, WritableKeyPath<CDPDocumentArrays.Raw, Double?>)]
            where json.string(at: key, is: name) {
                guard let (number, end) = optionalNumber(at: value) else { return nil }
                raw[keyPath: path] = number
                return end
            }
            return skip(value, depth: 3)
        }
        guard let end, nodes, layout else { return nil }
        return (raw, raw.documentURL, end)
    }

    private func nodes(at open: Int, into raw: inout CDPDocumentArrays.Raw) -> Int? {
        object(at: open, depth: 3) { key, value in
            if json.string(at: key, is: "parentIndex") { return wholeNumbers(at: value, into: &raw.parents) }
            if json.string(at: key, is: "nodeType") { return wholeNumbers(at: value, into: &raw.types) }
            if json.string(at: key, is: "nodeName") { return wholeNumbers(at: value, into: &raw.names) }
            if json.string(at: key, is: "nodeValue") { return wholeNumbers(at: value, into: &raw.values) }
            if json.string(at: key, is: "attributes") { return lists(at: value, into: &raw.attributes) }
            if json.string(at: key, is: "shadowRootType") { return rare(at: value, into: &raw.shadowRootTypes) }
            if json.string(at: key, is: "inputValue") { return rare(at: value, into: &raw.inputValues) }
            if json.string(at: key, is: "contentDocumentIndex") { return rare(at: value, into: &raw.contentDocuments) }
            if json.string(at: key, is: "inputChecked") { return flags(at: value, into: &raw.checked) }
            if json.string(at: key, is: "optionSelected") { return flags(at: value, into: &raw.selected) }
            return skip(value, depth: 4)
        }
    }

    private func layout(at open: Int, into raw: inout CDPDocumentArrays.Raw) -> Int? {
        object(at: open, depth: 3) { key, value in
            if json.string(at: key, is: "nodeIndex") { return wholeNumbers(at: value, into: &raw.nodeIndex) }
            if json.string(at: key, is: "bounds") { return rectangles(at: value, into: &raw.bounds) }
            if json.string(at: key, is: "offsetRects") { return rectangles(at: value, into: &raw.offsetRects) }
            if json.string(at: key, is: "scrollRects") { return rectangles(at: value, into: &raw.scrollRects) }
            if json.string(at: key, is: "clientRects") { return rectangles(at: value, into: &raw.clientRects) }
            if json.string(at: key, is: "styles") { return lists(at: value, into: &raw.styles) }
            if json.string(at: key, is: "paintOrders") { return wholeNumbers(at: value, into: &raw.paintOrders) }
            if json.string(at: key, is: "stackingContexts") { return flags(at: value, into: &raw.stackingContexts) }
            return skip(value, depth: 4)
        }
    }

    /// `RareStringData` or `RareIntegerData`: `{"index": […], "value": […]}` (null: none).
    private func rare(at open: Int, into rare: inout (index: [Int32], value: [Int32])) -> Int? {
        if let end = null(at: open) {
            rare = ([], [])
            return end
        }
        var read: (index: [Int32], value: [Int32]) = ([], [])
        let end = object(at: open, depth: 4) { key, value in
            if json.string(at: key, is: "index") { return wholeNumbers(at: value, into: &read.index) }
            if json.string(at: key, is: "value") { return wholeNumbers(at: value, into: &read.value) }
            return skip(value, depth: 5)
        }
        rare = read
        return end
    }

    /// `RareBooleanData`: `{"index": […]}` (null: none).
    private func flags(at open: Int, into index: inout [Int32]) -> Int? {
        if let end = null(at: open) {
            index = []
            return end
        }
        var read: [Int32] = []
        let end = object(at: open, depth: 4) { key, value in
            json.string(at: key, is: "index") ? wholeNumbers(at: value, into: &read) : skip(value, depth: 5)
        }
        index = read
        return end
    }

    // MARK: Arrays of numbers

    /// An array of whole numbers under 10⁹ in size (null: none), as `CDPArrayReader` reads one.
    private func wholeNumbers(at open: Int, into numbers: inout [Int32]) -> Int? {
        if let end = null(at: open) {
            numbers = []
            return end
        }
        guard bytes[open] == UInt8(ascii: "[") else { return nil }
        var read: [Int32] = []
        // A flat array ends at the first `]`: two bytes a number at the least, with its separator.
        if let close = ByteSearch.first(UInt8(ascii: "]"), in: bytes.baseAddress! + open, count: bytes.count - open) {
            read.reserveCapacity(close / 2 + 1)
        }
        guard let end = appendWholeNumbers(open, to: &read) else { return nil }
        numbers = read
        return end
    }

    @inline(__always)
    private func appendWholeNumbers(_ open: Int, to numbers: inout [Int32]) -> Int? {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "[") else { return nil }
        var index = json.skipWhitespace(open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
        while true {
            if let (n, end) = json.plainInteger(at: index) {
                numbers.append(Int32(n))
                index = end
            } else {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] &- UInt8(ascii: "0") < 10,
                      let (n, end) = try? json.checkedNumber(at: index), n == n.rounded(), abs(n) < CDPArrayReader.limit else { return nil }
                numbers.append(Int32(n))
                index = end
            }
            index = json.skipWhitespace(index)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// An array of arrays of whole numbers (null: none), flat: list `i` is `values[starts[i]..<starts[i + 1]]`.
    private func lists(at open: Int, into lists: inout (starts: [Int32], values: [Int32])) -> Int? {
        if let end = null(at: open) {
            lists = ([0], [])
            return end
        }
        var read: (starts: [Int32], values: [Int32]) = ([0], [])
        let end = array(at: open) { value in
            guard let end = appendWholeNumbers(value, to: &read.values) else { return nil }
            read.starts.append(Int32(read.values.count))
            return end
        }
        lists = read
        return end
    }

    /// An array of rectangles `[x, y, width, height]`, finite with a size >= 0, or `[]` (nil) (null: none).
    private func rectangles(at open: Int, into rects: inout [Rect?]) -> Int? {
        if let end = null(at: open) {
            rects = []
            return end
        }
        var read: [Rect?] = []
        let end = array(at: open) { value in
            guard bytes[value] == UInt8(ascii: "[") else { return nil }
            var numbers = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            let end = array(at: value) { item in
                guard count < 4, bytes[item] == UInt8(ascii: "-") || bytes[item] &- UInt8(ascii: "0") < 10,
                      let (n, end) = try? json.checkedNumber(at: item) else { return nil }
                switch count {
                case 0: numbers.0 = n
                case 1: numbers.1 = n
                case 2: numbers.2 = n
                default: numbers.3 = n
                }
                count += 1
                return end
            }
            guard let end, count == 0 || (count == 4 && numbers.2 >= 0 && numbers.3 >= 0) else { return nil }
            read.append(count == 0 ? nil : Rect(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3))
            return end
        }
        rects = read
        return end
    }

    // MARK: JSON

    /// A number, or null (nil), as a document's `scrollOffsetX` or `title`.
    private func optionalNumber(at value: Int) -> (Double?, end: Int)? {
        if let end = null(at: value) { return (nil, end) }
        guard bytes[value] == UInt8(ascii: "-") || bytes[value] &- UInt8(ascii: "0") < 10, let (n, end) = try? json.checkedNumber(at: value) else { return nil }
        return (n, end)
    }

    /// The offset after a `null` at `value`; nil for anything else.
    private func null(at value: Int) -> Int? {
        guard value < bytes.count, bytes[value] == UInt8(ascii: "n") else { return nil }
        return try? json.checkLiteral("null", value)
    }

    /// Any value, checked (`depth` containers around it) and passed over.
    private func skip(_ value: Int, depth: Int) -> Int? {
        var checker = json
        return try? checker.checkValue(at: value, room: JSONParser.maxDepth - depth)
    }

    /// The object at `open`, each member's key (its opening quote) and value (its first byte)
    /// given to `member`, which returns the offset after the value.
    private func object(at open: Int, depth: Int, _ member: (_ key: Int, _ value: Int) -> Int?) -> Int? {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "{"), depth < JSONParser.maxDepth else { return nil }
        var index = json.skipWhitespace(open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let (keyEnd, _) = try? json.checkString(index) else { return nil }
            let colon = json.skipWhitespace(keyEnd)
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
            let value = json.skipWhitespace(colon + 1)
            guard value < bytes.count, let end = member(index, value) else { return nil }
            index = json.skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// The array at `open`, each element (its first byte) given to `element`, which returns the
    /// offset after it.
    private func array(at open: Int, _ element: (_ value: Int) -> Int?) -> Int? {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "[") else { return nil }
        var index = json.skipWhitespace(open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
        while true {
            guard index < bytes.count, let end = element(index) else { return nil }
            index = json.skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = json.skipWhitespace(index + 1)
        }
    }
}
