import Foundation
import HierarchyModel

/// Reads a view-hierarchy document in one pass over its bytes, checking as it goes everything
/// `JSONParser.check` checks and every value as `TreeReader` does: the check pass was over a
/// quarter of reading a large document, and each view was read twice over.
///
/// It reads the documents writers write, keys in any order (our own writer puts a view's subviews
/// last, sorted keys put them before "frame" and "id"), keys it does not know kept as extras. On
/// anything else (a syntax error, a bad value, a key spelled with escapes, a repeated root or
/// subview array, nesting deeper than the check allows) it gives up, and the two-pass reader reads
/// the document from the start: every error, its message and which error comes first are that
/// reader's alone. Whenever this one returns a tree, the two-pass reader returns the equal tree.
struct SinglePassReader {
    /// The bytes and the checking primitives; its records of arrays are those of extras only,
    /// which it builds as `JSONValue`s.
    private var json: JSONParser
    /// The views read so far, in pre-order: the root (index 0) is there from the start, finished
    /// in place when its object ends.
    private var tree = ViewTree(root: ViewNode(frame: .zero))
    /// How many views the nodes' storage was last made room for.
    private var reserved = 0
    /// `ViewValues.blank`, held here: read through the static for each view, it cost a call.
    private let blank = ViewValues.blank
    /// The definition of a view's fields, as the readers look it up.
    private let table = ViewField.Table.shared

    /// Why the reader gave up; never shown, as the two-pass reader then tells what is wrong.
    private struct Unusual: Error {}

    /// The tree of the document in `bytes`, or nil when this reader leaves it to the two-pass one.
    static func tree(_ bytes: UnsafeBufferPointer<UInt8>) -> ViewTree? {
        // A document is one object: one whose last byte (before white space) is not its `}` was
        // most often cut short, and reading it all to find out would only delay the error.
        let last = bytes.lastIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard let last, bytes[last] == UInt8(ascii: "}") else { return nil }
        var reader = SinglePassReader(json: JSONParser(bytes))
        return try? reader.document()
    }

    /// The top-level object: `version`, `screenScale` and `root`, other keys checked and passed over.
    private mutating func document() throws -> ViewTree {
        // For a small document, room for all the views it can hold; for a large one, a start from
        // which `add` estimates the rest.
        reserve(min(mostViews, 4096))
        var version: Double?, screenScale = 1.0, hasRoot = false
        let start = json.skipWhitespace(json.skipByteOrderMark())
        var end = start
        var next = try firstMember(of: start, end: &end)
        while let member = next {
            if json.string(at: member.key, is: "root") {
                guard !hasRoot else { throw Unusual() }
                hasRoot = true
                end = try views(at: member.value)
            } else if json.string(at: member.key, is: "version") {
                (version, end) = try number(at: member.value)
            } else if json.string(at: member.key, is: "screenScale") {
                (screenScale, end) = try number(at: member.value)
                guard screenScale > 0 else { throw Unusual() }
            } else {
                end = try json.checkValue(at: member.value, room: JSONParser.maxDepth - 1)
            }
            next = try nextMember(end: &end)
        }
        guard json.skipWhitespace(end) == json.bytes.count, hasRoot, version == Double(TreeDocument.version) else { throw Unusual() }
        tree.screenScale = screenScale
        return tree
    }

    /// Where a view being read is: its object's offset, how many containers deep that is, its
    /// superview's index (nil: it is the root), and its own once it is added.
    private struct Place {
        let open: Int, depth: Int, parent: Int?
        var index: Int?
    }

    /// A view whose subviews are being read, with what its keys before them said.
    private struct Superview {
        var node: ViewNode, values: ViewValues, place: Place
    }

    /// Reads the root view at `open` and every view below it, and returns the offset after it. A
    /// view is added when its object ends, or when its subviews come if they come first: its later
    /// keys are then set in place at its end, so that indices stay in pre-order, document order.
    /// Iterative, the views whose subviews are being read waiting on a stack: the reader must not
    /// need more than a small thread's stack whatever the depth.
    private mutating func views(at open: Int) throws -> Int {
        var node = blank, values = ViewValues(), place = Place(open: open, depth: 2, parent: nil, index: 0)
        var superviews: [Superview] = []
        var end = open
        var next = try firstMember(of: open, end: &end)
        while true {
            if let member = next {
                let key = table.key(json.bytes, member.key + 1, member.length)
                guard key == .children else {
                    end = try read(key, member, depth: place.depth, into: &node, &values)
                    next = try nextMember(end: &end)
                    continue
                }
                guard values.children == nil, json.bytes[member.value] == UInt8(ascii: "[") else { throw Unusual() }
                values.children = member.value
                let index = place.index ?? add(node, to: place.parent!, at: place.open)
                place.index = index
                guard let first = try firstItem(of: member.value, closing: UInt8(ascii: "]"), end: &end) else {
                    next = try nextMember(end: &end)
                    continue
                }
                superviews.append(Superview(node: node, values: values, place: place))
                (node, values, place) = (blank, ViewValues(), try subview(at: first, of: place))
                next = try firstMember(of: first, end: &end)
                continue
            }
            // The end of the view's object.
            guard values.finish(&node, table) else { throw Unusual() }
            if let index = place.index {
                // The id it was given when added (its index path), when the document gives none.
                if node.id.isEmpty { node.id = tree[index].id }
                let finished = node
                tree.update(index) { $0 = finished }
            } else {
                add(node, to: place.parent!, at: place.open)
            }
            guard let superview = superviews.indices.last else { return end }
            if let element = try nextItem(end: &end, closing: UInt8(ascii: "]")) {
                (node, values, place) = (blank, ViewValues(), try subview(at: element, of: superviews[superview].place))
                next = try firstMember(of: element, end: &end)
            } else {
                let superview = superviews.removeLast()
                (node, values, place) = (superview.node, superview.values, superview.place)
                next = try nextMember(end: &end)
            }
        }
    }

    /// The place of a subview of the view at `superview` whose object is at `open`.
    private func subview(at open: Int, of superview: Place) throws -> Place {
        // Every view holds a frame, one container deeper.
        guard superview.depth + 2 < JSONParser.maxDepth else { throw Unusual() }
        return Place(open: open, depth: superview.depth + 2, parent: superview.index, index: nil)
    }

    /// Reads the value of a view's member into `node` or `values` (a key the format does not
    /// define: an extra) and returns the offset after it. `key`: the member's, `depth`: the view's.
    /// The last of a repeated key wins, as in the two-pass reader; any bad value makes the reader
    /// give up.
    private mutating func read(_ key: ViewKey?, _ member: Member, depth: Int, into node: inout ViewNode, _ values: inout ViewValues) throws -> Int {
        let value = member.value
        guard case .field(let field)? = key else {
            guard key == nil else { throw Unusual() }  // the subviews are read by `views(at:)`, never here
            let end = try json.checkValue(at: value, room: JSONParser.maxDepth - depth)
            values.extras[keyText(member)] = json.value(at: value)
            return end
        }
        values.present.insert(field)
        return try read(field, at: value, depth: depth, into: &node)
    }

    /// Reads the value of `field` at `value`, in a view `depth` containers deep, into `node`, and
    /// returns the offset after it. Each value is set where it is read: the optimizer then folds
    /// the `FieldValue` away, which a value returned to the caller cost in copies.
    @inline(__always)
    private mutating func read(_ field: ViewField, at value: Int, depth: Int, into node: inout ViewNode) throws -> Int {
        switch field.definition.kind {
        case .nonEmptyString: let (s, end) = try nonEmptyString(at: value); field.set(.string(s), on: &node); return end
        case .string: let (s, end) = try string(at: value); field.set(.string(s), on: &node); return end
        case .rect: let (r, end) = try rect(at: value, depth: depth + 1); field.set(.rect(r), on: &node); return end
        case .bool: let (b, end) = try bool(at: value); field.set(.bool(b), on: &node); return end
        case .integer:
            let (n, end) = try number(at: value)
            guard n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else { throw Unusual() }
            field.set(.integer(Int(n)), on: &node)
            return end
        case .number(let range):
            let (n, end) = try number(at: value)
            guard range.contains(n) else { throw Unusual() }
            field.set(.number(n), on: &node)
            return end
        case .color:
            let (s, end) = try string(at: value)
            guard let color = Color(hex: s) else { throw Unusual() }
            field.set(.color(color), on: &node)
            return end
        case .transform: let (t, end) = try transform(at: value); field.set(.transform(t), on: &node); return end
        case .point: let (p, end) = try point(at: value, depth: depth + 1); field.set(.point(p), on: &node); return end
        case .attributes: let (a, end) = try attributes(at: value); field.set(.attributes(a), on: &node); return end
        case .viewController: let (c, end) = try viewController(at: value); field.set(.viewController(c), on: &node); return end
        case .sourceSpan: let (span, end) = try sourceSpan(at: value); field.set(.source(span), on: &node); return end
        }
    }

    /// Adds `node` under `parent`. When the nodes' storage is full, it first makes room for as
    /// many views as the whole document holds at the rate read up to `offset` (a document's views
    /// are much alike), and at least twice as many: the storage is copied once, early, instead of
    /// at each doubling.
    @discardableResult
    private mutating func add(_ node: consuming ViewNode, to parent: Int, at offset: Int) -> Int {
        if tree.count == reserved {
            let estimate = Double(tree.count) * Double(json.bytes.count) / Double(max(offset, 1)) * 1.05
            reserve(max(Int(min(estimate, Double(mostViews))), 2 * reserved))
        }
        return tree.append(node, to: parent)
    }

    /// The most views the document can hold: each takes 45 bytes at the least,
    /// `{"frame":{"x":0,"y":0,"width":0,"height":0}}` and a separator.
    private var mostViews: Int { json.bytes.count / 45 + 1 }

    private mutating func reserve(_ count: Int) {
        tree.reserveCapacity(count)
        reserved = count
        HugePages.advise(tree.nodes)
    }
}

// MARK: - Values

extension SinglePassReader {
    /// `{"x", "y", "width", "height"}` with a size >= 0.
    private mutating func rect(at open: Int, depth: Int) throws -> (Rect, end: Int) {
        if let rect = try orderedRect(at: open) { return rect }
        let (x, y, width, height, end) = try coordinates(at: open, depth: depth)
        guard let x, let y, let width, let height, width >= 0, height >= 0 else { throw Unusual() }
        return (Rect(x: x, y: y, width: width, height: height), end)
    }

    /// `{"x", "y"}`.
    private mutating func point(at open: Int, depth: Int) throws -> (Point, end: Int) {
        let (x, y, _, _, end) = try coordinates(at: open, depth: depth)
        guard let x, let y else { throw Unusual() }
        return (Point(x: x, y: y), end)
    }

    /// The numbers of a rectangle's or a point's object at `open`, `depth` containers deep, read
    /// member by member; other keys are checked and passed over, as the two-pass reader passes
    /// them over.
    private mutating func coordinates(at open: Int, depth: Int) throws -> (x: Double?, y: Double?, width: Double?, height: Double?, end: Int) {
        var x: Double?, y: Double?, width: Double?, height: Double?
        var end = open
        var next = try firstMember(of: open, end: &end)
        while let member = next {
            switch (member.length, json.bytes[member.key + 1]) {
            case (1, UInt8(ascii: "x")): (x, end) = try number(at: member.value)
            case (1, UInt8(ascii: "y")): (y, end) = try number(at: member.value)
            case (5, UInt8(ascii: "w")) where json.string(at: member.key, is: "width"): (width, end) = try number(at: member.value)
            case (6, UInt8(ascii: "h")) where json.string(at: member.key, is: "height"): (height, end) = try number(at: member.value)
            default: end = try json.checkValue(at: member.value, room: JSONParser.maxDepth - depth)
            }
            next = try nextMember(end: &end)
        }
        return (x, y, width, height, end)
    }

    /// The rectangle writers write, `{"x": …, "y": …, "width": …, "height": …}` with those four
    /// keys in that order and a size >= 0, read straight through; nil for any other, which `rect`
    /// then reads member by member.
    private func orderedRect(at open: Int) throws -> (Rect, end: Int)? {
        let bytes = json.bytes
        var index = open
        // The separator, `"key":` and a number, each after any white space: the number, or nil.
        func member(_ key: StaticString, after separator: UInt8) throws -> Double? {
            guard index < bytes.count, bytes[index] == separator else { return nil }
            index = json.skipWhitespace(index + 1)
            let length = key.utf8CodeUnitCount
            guard index + length + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\""),
                  memcmp(bytes.baseAddress! + index + 1, key.utf8Start, length) == 0,
                  bytes[index + length + 1] == UInt8(ascii: "\"") else { return nil }
            index = json.skipWhitespace(index + length + 2)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index = json.skipWhitespace(index + 1)
            guard index < bytes.count, isNumber(bytes[index]) else { return nil }
            let (value, end) = try json.checkedNumber(at: index)
            index = json.skipWhitespace(end)
            return value
        }
        guard let x = try member("x", after: UInt8(ascii: "{")), let y = try member("y", after: UInt8(ascii: ",")),
              let width = try member("width", after: UInt8(ascii: ",")), width >= 0,
              let height = try member("height", after: UInt8(ascii: ",")), height >= 0,
              index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return nil }
        return (Rect(x: x, y: y, width: width, height: height), index + 1)
    }

    /// `[a, b, c, d, tx, ty]`.
    private mutating func transform(at open: Int) throws -> (Transform2D, end: Int) {
        guard json.bytes[open] == UInt8(ascii: "[") else { throw Unusual() }
        // An array, not an InlineArray: that needs iOS 26, and the in-app capture links this module.
        var numbers: [Double] = []
        numbers.reserveCapacity(6)
        var end = open
        var next = try firstItem(of: open, closing: UInt8(ascii: "]"), end: &end)
        while let element = next {
            guard numbers.count < 6 else { throw Unusual() }
            let number: Double
            (number, end) = try self.number(at: element)
            numbers.append(number)
            next = try nextItem(end: &end, closing: UInt8(ascii: "]"))
        }
        guard numbers.count == 6 else { throw Unusual() }
        return (Transform2D(numbers), end)
    }

    /// `{"class": non-empty string, "title": string}` exactly; anything else (another key, a key
    /// spelled with escapes, no class) is left to the two-pass reader.
    private mutating func viewController(at open: Int) throws -> (ViewController, end: Int) {
        var className: String?, title: String?
        var end = open
        var next = try firstMember(of: open, end: &end)
        while let member = next {
            switch keyText(member) {
            case "class": (className, end) = try nonEmptyString(at: member.value)
            case "title": let (s, e) = try string(at: member.value); (title, end) = (s, e)
            default: throw Unusual()
            }
            next = try nextMember(end: &end)
        }
        guard let className else { throw Unusual() }
        return (ViewController(className: className, title: title), end)
    }

    /// `{"line", "endLine"}` exactly, integers with 1 <= line <= endLine; anything else is left to
    /// the two-pass reader.
    private mutating func sourceSpan(at open: Int) throws -> (SourceSpan, end: Int) {
        var line: Double?, endLine: Double?
        var end = open
        var next = try firstMember(of: open, end: &end)
        while let member = next {
            switch keyText(member) {
            case "line": (line, end) = try number(at: member.value)
            case "endLine": (endLine, end) = try number(at: member.value)
            default: throw Unusual()
            }
            next = try nextMember(end: &end)
        }
        guard let line, let endLine, line == line.rounded(), endLine == endLine.rounded(), line >= 1, endLine >= line,
              endLine <= 9_007_199_254_740_992 else { throw Unusual() }
        return (SourceSpan(line: Int(line), endLine: Int(endLine)), end)
    }

    /// An object of strings.
    private mutating func attributes(at open: Int) throws -> (ViewAttributes, end: Int) {
        var attributes = ViewAttributes()
        var end = open
        var next = try firstMember(of: open, end: &end)
        while let member = next {
            let text: String
            (text, end) = try string(at: member.value)
            attributes[keyText(member)] = text
            next = try nextMember(end: &end)
        }
        return (attributes, end)
    }

    private func number(at offset: Int) throws -> (Double, end: Int) {
        guard isNumber(json.bytes[offset]) else { throw Unusual() }
        return try json.checkedNumber(at: offset)
    }

    private func isNumber(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 }

    private func bool(at offset: Int) throws -> (Bool, end: Int) {
        switch json.bytes[offset] {
        case UInt8(ascii: "t"): (true, try json.checkLiteral("true", offset))
        case UInt8(ascii: "f"): (false, try json.checkLiteral("false", offset))
        default: throw Unusual()
        }
    }

    private func string(at offset: Int) throws -> (String, end: Int) {
        guard json.bytes[offset] == UInt8(ascii: "\"") else { throw Unusual() }
        return try json.checkedString(at: offset)
    }

    private func nonEmptyString(at offset: Int) throws -> (String, end: Int) {
        let (text, end) = try string(at: offset)
        guard !text.isEmpty else { throw Unusual() }
        return (text, end)
    }
}

// MARK: - Containers

extension SinglePassReader {
    /// A member of an object: the offset of its key's opening quote, the key's length inside the
    /// quotes, and the offset of its value.
    private struct Member {
        let key: Int, length: Int, value: Int
    }

    /// The first member of the object at `open` (its `{`); nil when it is empty, `end` then the
    /// offset after it.
    private func firstMember(of open: Int, end: inout Int) throws -> Member? {
        guard open < json.bytes.count, json.bytes[open] == UInt8(ascii: "{") else { throw Unusual() }
        return try firstItem(of: open, closing: UInt8(ascii: "}"), end: &end).map { index throws in try member(at: index) }
    }

    /// The member after the value that ends at `end`; nil at the end of the object, `end` then
    /// the offset after it.
    private func nextMember(end: inout Int) throws -> Member? {
        try nextItem(end: &end, closing: UInt8(ascii: "}")).map { index throws in try member(at: index) }
    }

    /// The member whose key is at `index`: the key, its colon, and where its value starts. Gives
    /// up at a key spelled with escapes.
    private func member(at index: Int) throws -> Member {
        let bytes = json.bytes
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unusual() }
        let (keyEnd, escaped) = try json.checkString(index)
        let colon = json.skipWhitespace(keyEnd)
        guard !escaped, colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { throw Unusual() }
        let value = json.skipWhitespace(colon + 1)
        guard value < bytes.count else { throw Unusual() }
        return Member(key: index, length: keyEnd - index - 2, value: value)
    }

    /// A key the format does not define, as text.
    private func keyText(_ member: Member) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: json.bytes[member.key + 1..<member.key + 1 + member.length]), as: UTF8.self)
    }

    /// The offset of the first member or element of the object or array at `open`; nil when it
    /// is empty (`closing` follows), `end` then the offset after it.
    private func firstItem(of open: Int, closing: UInt8, end: inout Int) throws -> Int? {
        let index = json.skipWhitespace(open + 1)
        guard index < json.bytes.count else { throw Unusual() }
        if json.bytes[index] == closing {
            end = index + 1
            return nil
        }
        return index
    }

    /// The offset of the member or element after the one that ends at `end`; nil at the end of
    /// its object or array (`closing`), `end` then the offset after it.
    private func nextItem(end: inout Int, closing: UInt8) throws -> Int? {
        let index = json.skipWhitespace(end)
        guard index < json.bytes.count else { throw Unusual() }
        if json.bytes[index] == closing {
            end = index + 1
            return nil
        }
        guard json.bytes[index] == UInt8(ascii: ",") else { throw Unusual() }
        let item = json.skipWhitespace(index + 1)
        guard item < json.bytes.count else { throw Unusual() }
        return item
    }
}
