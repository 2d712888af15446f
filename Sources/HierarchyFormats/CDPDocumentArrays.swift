import HierarchyModel

/// One `DocumentSnapshot` of a `DOMSnapshot.captureSnapshot` answer as flat arrays, checked:
/// its nodes (`NodeTreeSnapshot`) indexed by node, its layout (`LayoutTreeSnapshot`) by layout
/// entry. The rare data (`RareStringData`, `RareBooleanData`, `RareIntegerData`: `index` and
/// `value` side by side) is spread over arrays indexed by node, `CDPDocumentArrays.absent` where
/// a node has none; a node named twice keeps its first value. Strings are indices into the
/// answer's table (`CDPSnapshotJSON.string`).
///
/// Read: `nodes.{parentIndex, nodeType, nodeName, nodeValue, attributes, shadowRootType,
/// inputValue, inputChecked, optionSelected, contentDocumentIndex}`, `layout.{nodeIndex, bounds,
/// offsetRects, scrollRects, clientRects, styles, paintOrders, stackingContexts}`,
/// `scrollOffsetX`, `scrollOffsetY`, `title`, `documentURL`. Passed over: the rest the protocol
/// defines (`backendNodeId`, `textValue`, `pseudoType`, `isClickable`, `layout.text`,
/// `blendedBackgroundColors`, `textColorOpacities`, `textBoxes`, `baseURL`…) and keys it does not.
public struct CDPDocumentArrays: Sendable, Equatable {
    /// A node's rare value that is not there.
    public static let absent = Int32.min

    /// The JSON path of the document (`documents[1]`).
    public let path: String
    /// Each node's parent (-1: none; always an earlier node), type, name and value (string indices).
    public let parents: [Int32], types: [Int32], names: [Int32], values: [Int32]
    /// Node `i`'s attributes, name and value in turn: `attributes[attributeStarts[i]..<attributeStarts[i + 1]]`
    /// (a node past the array's end has none).
    public let attributeStarts: [Int32], attributes: [Int32]
    /// By node: the kind of shadow root it is under, its input's value (string indices), and the
    /// document its frame holds (an index of `documents`); `absent` for none.
    public let shadowRootTypes: [Int32], inputValues: [Int32], contentDocuments: [Int32]
    /// By node: whether its input is checked, its option selected.
    public let checked: [Bool], selected: [Bool]
    /// By node: its layout entry, -1 for none.
    public let layoutEntries: [Int32]
    /// By layout entry: its border box, and its `offsetRects`, `scrollRects` and `clientRects`
    /// (nil for an empty rectangle; the arrays may be shorter or empty, when not asked for).
    public let bounds: [Rect]
    public let offsetRects: [Rect?], scrollRects: [Rect?], clientRects: [Rect?]
    /// Entry `i`'s computed styles: `styles[styleStarts[i]..<styleStarts[i + 1]]`.
    public let styleStarts: [Int32], styles: [Int32]
    public let paintOrders: [Int32]
    /// By layout entry: whether it makes a stacking context.
    public let stackingContexts: [Bool]
    public let scrollOffset: Point
    /// The document's `title` and `documentURL`: indices of the table, nil when outside it.
    public let title: Int?, url: Int?

    /// The number of nodes.
    public var count: Int { parents.count }

    /// Node `node`'s attribute indices, name and value in turn.
    public func attributeIndices(_ node: Int) -> ArraySlice<Int32> {
        guard node + 1 < attributeStarts.count else { return [] }
        return attributes[Int(attributeStarts[node])..<Int(attributeStarts[node + 1])]
    }

    /// Layout entry `entry`'s computed style indices.
    public func styleIndices(_ entry: Int) -> ArraySlice<Int32>? {
        guard entry + 1 < styleStarts.count else { return nil }
        return styles[Int(styleStarts[entry])..<Int(styleStarts[entry + 1])]
    }

    /// A document's arrays as read, before they are checked against each other: what
    /// `init(_:at:path:strings:)` reads from a checked value, and `CDPSnapshotJSON`'s one pass
    /// while it checks the bytes.
    struct Raw {
        var parents: [Int32] = [], types: [Int32] = [], names: [Int32] = [], values: [Int32] = []
        var attributes: (starts: [Int32], values: [Int32]) = ([0], [])
        /// Rare data: `index` and `value` side by side (`RareStringData`, `RareIntegerData`), or
        /// `index` alone (`RareBooleanData`).
        var shadowRootTypes: (index: [Int32], value: [Int32]) = ([], []), inputValues: (index: [Int32], value: [Int32]) = ([], [])
        var contentDocuments: (index: [Int32], value: [Int32]) = ([], [])
        var checked: [Int32] = [], selected: [Int32] = []
        var nodeIndex: [Int32] = []
        var bounds: [Rect?] = [], offsetRects: [Rect?] = [], scrollRects: [Rect?] = [], clientRects: [Rect?] = []
        var styles: (starts: [Int32], values: [Int32]) = ([0], [])
        var paintOrders: [Int32] = [], stackingContexts: [Int32] = []
        var scrollOffsetX: Double?, scrollOffsetY: Double?, title: Double?, documentURL: Double?
    }

    /// Reads the document at `value`: its arrays, then their agreement.
    /// - Throws: `InputError` naming the path: no object, no `nodes` or `layout`, an array that is
    ///   none, an element that is no whole number or rectangle, arrays that differ in length, a
    ///   parent after its child, a string index past the table (`strings` strings).
    init(_ reader: CDPArrayReader, at value: Int, path: String, strings: Int) throws(InputError) {
        let json = reader.json
        guard json.kind(at: value) == .object else { throw reader.error(path, "expected a document object, got \(json.typeName(at: value))") }
        let keys = reader.members(of: value, ["nodes", "layout", "scrollOffsetX", "scrollOffsetY", "title", "documentURL"])
        let (nodes, layout) = (keys[0], keys[1])
        guard nodes >= 0, layout >= 0 else { throw reader.error(path, "expected \"nodes\" and \"layout\"") }
        let (nodesPath, layoutPath) = (path + ".nodes", path + ".layout")
        let n = reader.members(of: nodes, ["parentIndex", "nodeType", "nodeName", "nodeValue", "attributes", "shadowRootType", "inputValue",
                                           "inputChecked", "optionSelected", "contentDocumentIndex"])
        var raw = Raw()
        raw.parents = try reader.wholeNumbers(n[0], nodesPath + ".parentIndex")
        raw.types = try reader.wholeNumbers(n[1], nodesPath + ".nodeType")
        raw.names = try reader.wholeNumbers(n[2], nodesPath + ".nodeName")
        raw.values = try reader.wholeNumbers(n[3], nodesPath + ".nodeValue")
        raw.attributes = try reader.lists(n[4], nodesPath + ".attributes")
        raw.shadowRootTypes = try Self.rare(reader, n[5], nodesPath + ".shadowRootType")
        raw.inputValues = try Self.rare(reader, n[6], nodesPath + ".inputValue")
        raw.checked = try Self.flags(reader, n[7], nodesPath + ".inputChecked")
        raw.selected = try Self.flags(reader, n[8], nodesPath + ".optionSelected")
        raw.contentDocuments = try Self.rare(reader, n[9], nodesPath + ".contentDocumentIndex")
        let l = reader.members(of: layout, ["nodeIndex", "bounds", "offsetRects", "scrollRects", "styles", "paintOrders", "stackingContexts", "clientRects"])
        raw.nodeIndex = try reader.wholeNumbers(l[0], layoutPath + ".nodeIndex")
        raw.bounds = try reader.rectangles(l[1], layoutPath + ".bounds")
        raw.offsetRects = try reader.rectangles(l[2], layoutPath + ".offsetRects")
        raw.scrollRects = try reader.rectangles(l[3], layoutPath + ".scrollRects")
        raw.styles = try reader.lists(l[4], layoutPath + ".styles")
        raw.paintOrders = try reader.wholeNumbers(l[5], layoutPath + ".paintOrders")
        raw.stackingContexts = try Self.flags(reader, l[6], layoutPath + ".stackingContexts")
        raw.clientRects = try reader.rectangles(l[7], layoutPath + ".clientRects")
        raw.scrollOffsetX = try Self.number(reader, keys[2], path + ".scrollOffsetX")
        raw.scrollOffsetY = try Self.number(reader, keys[3], path + ".scrollOffsetY")
        raw.title = try Self.number(reader, keys[4], path + ".title")
        raw.documentURL = try Self.number(reader, keys[5], path + ".documentURL")
        try self.init(raw, path: path, strings: strings, fileName: reader.fileName)
    }

    /// The document of arrays read, checked against each other.
    /// - Throws: `InputError` naming the path: arrays that differ in length, a parent after its
    ///   child, a string index past the table (`strings` strings).
    init(_ raw: Raw, path: String, strings: Int, fileName: String) throws(InputError) {
        func error(_ path: String, _ message: String) -> InputError { InputError(file: fileName, location: path, message) }
        self.path = path
        let (nodesPath, layoutPath) = (path + ".nodes", path + ".layout")
        (parents, types, names, values) = (raw.parents, raw.types, raw.names, raw.values)
        guard types.count == parents.count, names.count == parents.count else { throw error(nodesPath, "parentIndex, nodeType and nodeName differ in length") }
        for (index, parent) in parents.enumerated() where Int(parent) >= index || parent < -1 {
            throw error(nodesPath, "parentIndex[\(index)] is \(parent): expected -1 or an earlier node")
        }
        (attributeStarts, attributes) = raw.attributes
        let count = parents.count
        let input = Self.spread(raw.inputValues, count: count)
        (shadowRootTypes, inputValues) = (Self.spread(raw.shadowRootTypes, count: count).values, input.values)
        checked = Self.flags(raw.checked, count: count)
        selected = Self.flags(raw.selected, count: count)
        bounds = raw.bounds.map { $0 ?? .zero }
        guard bounds.count == raw.nodeIndex.count else { throw error(layoutPath, "nodeIndex and bounds differ in length") }
        var entries = [Int32](repeating: -1, count: count)
        for (entry, node) in raw.nodeIndex.enumerated() where node >= 0 && Int(node) < count && entries[Int(node)] < 0 { entries[Int(node)] = Int32(entry) }
        layoutEntries = entries
        (offsetRects, scrollRects, clientRects) = (raw.offsetRects, raw.scrollRects, raw.clientRects)
        (styleStarts, styles) = raw.styles
        paintOrders = raw.paintOrders
        stackingContexts = Self.flags(raw.stackingContexts, count: bounds.count)
        contentDocuments = Self.spread(raw.contentDocuments, count: count).values
        // Negative indices are no strings, and read as none.
        let past = names.first { $0 >= strings } ?? values.first { $0 >= strings } ?? attributes.first { $0 >= strings }
            ?? input.values.first { $0 >= strings } ?? input.outside.first { $0 >= strings }
        if let past { throw error(path, "a string index \(past) past \"strings\" (\(strings))") }
        scrollOffset = Point(x: raw.scrollOffsetX ?? 0, y: raw.scrollOffsetY ?? 0)
        title = Self.index(raw.title, strings: strings)
        url = Self.index(raw.documentURL, strings: strings)
    }

    /// A `RareStringData` or `RareIntegerData`'s `index` and `value`.
    private static func rare(_ reader: CDPArrayReader, _ value: Int, _ path: String) throws(InputError) -> (index: [Int32], value: [Int32]) {
        let member = reader.members(of: value, ["index", "value"])
        return (try reader.wholeNumbers(member[0], path + ".index"), try reader.wholeNumbers(member[1], path + ".value"))
    }

    /// Rare data spread by node (`index` and `value` paired up to the shorter; a node's first
    /// pair kept), and the values of pairs naming no node, first of each.
    private static func spread(_ rare: (index: [Int32], value: [Int32]), count: Int) -> (values: [Int32], outside: [Int32]) {
        var spread = [Int32](repeating: absent, count: count)
        var outside: [Int32] = [], named = Set<Int32>()
        for (node, value) in zip(rare.index, rare.value) {
            if node >= 0, Int(node) < count {
                if spread[Int(node)] == absent { spread[Int(node)] = value }
            } else if named.insert(node).inserted {
                outside.append(value)
            }
        }
        return (spread, outside)
    }

    /// A `RareBooleanData`'s `index`.
    private static func flags(_ reader: CDPArrayReader, _ value: Int, _ path: String) throws(InputError) -> [Int32] {
        try reader.wholeNumbers(reader.members(of: value, ["index"])[0], path + ".index")
    }

    /// A `RareBooleanData` (its `index`) as a flag for each of `count` nodes or entries.
    private static func flags(_ index: [Int32], count: Int) -> [Bool] {
        var flags = [Bool](repeating: false, count: count)
        for index in index where index >= 0 && Int(index) < count { flags[Int(index)] = true }
        return flags
    }

    /// The number at `value`, nil when absent.
    private static func number(_ reader: CDPArrayReader, _ value: Int, _ path: String) throws(InputError) -> Double? {
        guard value >= 0 else { return nil }
        guard reader.json.kind(at: value) == .number else { throw reader.error(path, "expected a number, got \(reader.json.typeName(at: value))") }
        return reader.json.number(at: value)
    }

    /// A string index read as a number: its whole part, when it is inside the table.
    private static func index(_ number: Double?, strings: Int) -> Int? {
        guard let number, number >= 0, number < Double(strings) else { return nil }
        return Int(number)
    }
}
