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
public struct CDPDocumentArrays: Sendable {
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

    /// Reads the document at `value`, checking it in the order its arrays are read.
    /// - Throws: `InputError` naming the path: no object, no `nodes` or `layout`, an array that is
    ///   none, an element that is no whole number or rectangle, arrays that differ in length, a
    ///   parent after its child, a string index past the table (`strings` strings).
    init(_ reader: CDPArrayReader, at value: Int, path: String, strings: Int) throws(InputError) {
        let json = reader.json
        guard json.kind(at: value) == .object else { throw reader.error(path, "expected a document object, got \(json.typeName(at: value))") }
        self.path = path
        let keys = reader.members(of: value, ["nodes", "layout", "scrollOffsetX", "scrollOffsetY", "title", "documentURL"])
        let (nodes, layout) = (keys[0], keys[1])
        guard nodes >= 0, layout >= 0 else { throw reader.error(path, "expected \"nodes\" and \"layout\"") }
        let (nodesPath, layoutPath) = (path + ".nodes", path + ".layout")
        let n = reader.members(of: nodes, ["parentIndex", "nodeType", "nodeName", "nodeValue", "attributes", "shadowRootType", "inputValue",
                                           "inputChecked", "optionSelected", "contentDocumentIndex"])
        parents = try reader.wholeNumbers(n[0], nodesPath + ".parentIndex")
        types = try reader.wholeNumbers(n[1], nodesPath + ".nodeType")
        names = try reader.wholeNumbers(n[2], nodesPath + ".nodeName")
        values = try reader.wholeNumbers(n[3], nodesPath + ".nodeValue")
        guard types.count == parents.count, names.count == parents.count else { throw reader.error(nodesPath, "parentIndex, nodeType and nodeName differ in length") }
        for (index, parent) in parents.enumerated() where Int(parent) >= index || parent < -1 {
            throw reader.error(nodesPath, "parentIndex[\(index)] is \(parent): expected -1 or an earlier node")
        }
        (attributeStarts, attributes) = try reader.lists(n[4], nodesPath + ".attributes")
        let count = parents.count
        let shadow = try Self.rare(reader, n[5], nodesPath + ".shadowRootType", count: count)
        let input = try Self.rare(reader, n[6], nodesPath + ".inputValue", count: count)
        (shadowRootTypes, inputValues) = (shadow.values, input.values)
        checked = try Self.flags(reader, n[7], nodesPath + ".inputChecked", count: count)
        selected = try Self.flags(reader, n[8], nodesPath + ".optionSelected", count: count)
        let l = reader.members(of: layout, ["nodeIndex", "bounds", "offsetRects", "scrollRects", "styles", "paintOrders", "stackingContexts", "clientRects"])
        let nodeIndex = try reader.wholeNumbers(l[0], layoutPath + ".nodeIndex")
        bounds = try reader.rectangles(l[1], layoutPath + ".bounds").map { $0 ?? .zero }
        guard bounds.count == nodeIndex.count else { throw reader.error(layoutPath, "nodeIndex and bounds differ in length") }
        var entries = [Int32](repeating: -1, count: count)
        for (entry, node) in nodeIndex.enumerated() where node >= 0 && Int(node) < count && entries[Int(node)] < 0 { entries[Int(node)] = Int32(entry) }
        layoutEntries = entries
        offsetRects = try reader.rectangles(l[2], layoutPath + ".offsetRects")
        scrollRects = try reader.rectangles(l[3], layoutPath + ".scrollRects")
        (styleStarts, styles) = try reader.lists(l[4], layoutPath + ".styles")
        paintOrders = try reader.wholeNumbers(l[5], layoutPath + ".paintOrders")
        stackingContexts = try Self.flags(reader, l[6], layoutPath + ".stackingContexts", count: bounds.count)
        clientRects = try reader.rectangles(l[7], layoutPath + ".clientRects")
        contentDocuments = try Self.rare(reader, n[9], nodesPath + ".contentDocumentIndex", count: count).values
        // Negative indices are no strings, and read as none.
        let past = names.first { $0 >= strings } ?? values.first { $0 >= strings } ?? attributes.first { $0 >= strings }
            ?? input.values.first { $0 >= strings } ?? input.outside.first { $0 >= strings }
        if let past { throw reader.error(path, "a string index \(past) past \"strings\" (\(strings))") }
        let offsetX = try Self.number(reader, keys[2], path + ".scrollOffsetX"), offsetY = try Self.number(reader, keys[3], path + ".scrollOffsetY")
        scrollOffset = Point(x: offsetX ?? 0, y: offsetY ?? 0)
        title = Self.index(try Self.number(reader, keys[4], path + ".title"), strings: strings)
        url = Self.index(try Self.number(reader, keys[5], path + ".documentURL"), strings: strings)
    }

    /// A `RareStringData` or `RareIntegerData` spread by node (`index` and `value` paired up to the
    /// shorter; a node's first pair kept), and the values of pairs naming no node, first of each.
    private static func rare(_ reader: CDPArrayReader, _ value: Int, _ path: String, count: Int) throws(InputError) -> (values: [Int32], outside: [Int32]) {
        let member = reader.members(of: value, ["index", "value"])
        let index = try reader.wholeNumbers(member[0], path + ".index"), values = try reader.wholeNumbers(member[1], path + ".value")
        var spread = [Int32](repeating: absent, count: count)
        var outside: [Int32] = [], named = Set<Int32>()
        for (node, value) in zip(index, values) {
            if node >= 0, Int(node) < count {
                if spread[Int(node)] == absent { spread[Int(node)] = value }
            } else if named.insert(node).inserted {
                outside.append(value)
            }
        }
        return (spread, outside)
    }

    /// A `RareBooleanData` (its `index`) as a flag for each of `count` nodes or entries.
    private static func flags(_ reader: CDPArrayReader, _ value: Int, _ path: String, count: Int) throws(InputError) -> [Bool] {
        var flags = [Bool](repeating: false, count: count)
        for index in try reader.wholeNumbers(reader.members(of: value, ["index"])[0], path + ".index") where index >= 0 && Int(index) < count {
            flags[Int(index)] = true
        }
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
