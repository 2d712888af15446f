import Foundation
import HierarchyModel

/// What the quick reader and the single-pass reader gather from a view's keys besides its
/// fields, which they set on the view as its keys come (no second copy of every value to build
/// the view from at the end).
struct ViewValues {
    /// A view with every property at its default, for a reader to start from.
    static let blank = ViewNode(frame: .zero)

    /// The fields read.
    var present = ViewField.Present()
    var extras = [String: JSONValue]()
    var children: Int?

    /// Completes `node` when it has the fields it requires (a field defaulting to the frame's
    /// size gets it); false when it lacks one.
    @inline(__always)
    func finish(_ node: inout ViewNode, _ table: ViewField.Table) -> Bool {
        guard table.finish(&node, present: present) else { return false }
        if !extras.isEmpty { node.extras = extras }
        return true
    }
}

extension TreeReader {
    /// Reads one view in a single pass over its object, each value converted where it lies, and
    /// adds it to `tree` under `parent`: the view `view(at:path:)` reads, when that reads it
    /// without an error. Returns its index, its array of subviews and the offset after it; nil,
    /// with nothing added, when anything is unusual (a bad value, a key spelled with escapes): the
    /// careful reader then reads the view again and says exactly what is wrong, so the messages
    /// and the order of a view's problems are the careful reader's alone.
    func quickView(at offset: Int, parent: Int, into tree: inout ViewTree) -> (Int, children: Int?, end: Int)? {
        var node = ViewValues.blank
        var values = ViewValues()
        let end = plainMembers(of: offset) { key, length, value in
            switch table.key(json.bytes, key, length) {
            case .field(let field)?:
                // The last of a repeated key wins, as in the careful reader.
                let row = field.definition
                guard let (read, end) = quickValue(row.kind, at: value, of: offset) else { return nil }
                field.set(read, on: &node)
                values.present.insert(field)
                return end
            case .children?:
                guard json.bytes[value] == UInt8(ascii: "[") else { return nil }
                values.children = value
                return json.arrayEnd(value)
            case nil:
                values.extras[String(decoding: UnsafeBufferPointer(rebasing: json.bytes[key..<key + length]), as: UTF8.self)] = json.value(at: value)
                return json.skip(value)
            }
        }
        guard let end, values.finish(&node, table) else { return nil }
        return (tree.append(node, to: parent), values.children, end)
    }

    /// The value of a field of `kind` at `value` and the offset after it; nil when it is not
    /// what the kind wants.
    @inline(__always)
    private func quickValue(_ kind: FieldKind, at value: Int, of view: Int) -> (FieldValue, end: Int)? {
        switch kind {
        case .nonEmptyString: guard let (s, e) = nonEmptyString(value) else { return nil }; return (.string(s), e)
        case .string: guard let (s, e) = string(value) else { return nil }; return (.string(s), e)
        case .rect: guard let (r, e) = quickRect(value) else { return nil }; return (.rect(r), e)
        case .integer:
            guard let (n, e) = number(value), n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else { return nil }
            return (.integer(Int(n)), e)
        case .number(let range):
            guard let (n, e) = number(value), range.contains(n) else { return nil }
            return (.number(n), e)
        case .bool: guard let (b, e) = bool(value) else { return nil }; return (.bool(b), e)
        case .color:
            guard let (s, e) = string(value), let color = Color(hex: s) else { return nil }
            return (.color(color), e)
        // Rare kinds: read by the careful reader's functions, any error only a sign to fall back.
        case .transform, .point, .attributes, .viewController, .sourceSpan:
            guard let read = try? fields(view).value(kind, value, "", required: false) else { return nil }
            return (read, json.skip(value))
        }
    }

    /// Calls `body` with each member's key (the offset and length of its text inside the quotes)
    /// and value offset, in order, `body` returning the offset after the value. Returns the offset
    /// after the object; nil when it is not an object, a key has an escape, or `body` returns nil.
    private func plainMembers(of offset: Int, _ body: (_ key: Int, _ length: Int, _ value: Int) -> Int?) -> Int? {
        let bytes = json.bytes
        guard bytes[offset] == UInt8(ascii: "{") else { return nil }
        var index = json.skipWhitespace(offset + 1)
        if bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            // A checked document has a key here, then a colon and a value.
            var keyEnd = index + 1
            while bytes[keyEnd] != UInt8(ascii: "\"") && bytes[keyEnd] != UInt8(ascii: "\\") { keyEnd += 1 }
            guard bytes[keyEnd] == UInt8(ascii: "\""),
                  let end = body(index + 1, keyEnd - index - 1, json.skipWhitespace(json.skipWhitespace(keyEnd + 1) + 1)) else { return nil }
            index = json.skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// `{"x", "y", "width", "height"}` with a size >= 0, keys without escapes; nil otherwise.
    /// Other keys are passed over, as the careful reader does.
    private func quickRect(_ offset: Int) -> (Rect, end: Int)? {
        if let rect = orderedRect(offset) { return rect }
        var x: Double?, y: Double?, width: Double?, height: Double?
        let end = plainMembers(of: offset) { key, length, value in
            switch (length, json.bytes[key]) {
            case (1, UInt8(ascii: "x")): guard let (n, e) = number(value) else { return nil }; x = n; return e
            case (1, UInt8(ascii: "y")): guard let (n, e) = number(value) else { return nil }; y = n; return e
            case (5, UInt8(ascii: "w")) where json.string(at: key - 1, is: "width"):
                guard let (n, e) = number(value), n >= 0 else { return nil }; width = n; return e
            case (6, UInt8(ascii: "h")) where json.string(at: key - 1, is: "height"):
                guard let (n, e) = number(value), n >= 0 else { return nil }; height = n; return e
            default: return json.skip(value)
            }
        }
        guard let end, let x, let y, let width, let height else { return nil }
        return (Rect(x: x, y: y, width: width, height: height), end)
    }

    /// The rectangle writers write, `{"x": …, "y": …, "width": …, "height": …}` with those four
    /// keys in that order and a size >= 0, read straight through; nil for any other, which
    /// `quickRect` then reads member by member.
    private func orderedRect(_ offset: Int) -> (Rect, end: Int)? {
        let bytes = json.bytes
        var index = offset
        // `"key":` then a number, each after any white space; the number, or nil.
        func member(_ key: StaticString, after separator: UInt8) -> Double? {
            guard bytes[index] == separator else { return nil }
            index = json.skipWhitespace(index + 1)
            let length = key.utf8CodeUnitCount
            // A checked document has a closing quote somewhere after the opening one, so the
            // comparison stays inside the bytes until a byte differs.
            guard bytes[index] == UInt8(ascii: "\""), index + length + 2 <= bytes.count,
                  memcmp(bytes.baseAddress! + index + 1, key.utf8Start, length) == 0,
                  bytes[index + length + 1] == UInt8(ascii: "\"") else { return nil }
            index = json.skipWhitespace(index + length + 2)
            guard bytes[index] == UInt8(ascii: ":") else { return nil }
            index = json.skipWhitespace(index + 1)
            guard json.kind(at: index) == .number else { return nil }
            let (value, end) = json.numberAndEnd(at: index)
            index = json.skipWhitespace(end)
            return value
        }
        guard let x = member("x", after: UInt8(ascii: "{")), let y = member("y", after: UInt8(ascii: ",")),
              let width = member("width", after: UInt8(ascii: ",")), width >= 0,
              let height = member("height", after: UInt8(ascii: ",")), height >= 0,
              bytes[index] == UInt8(ascii: "}") else { return nil }
        return (Rect(x: x, y: y, width: width, height: height), index + 1)
    }

    /// A field reader for the rare keys; its path is never shown, as its errors are not.
    private func fields(_ offset: Int) throws(InputError) -> FieldReader {
        try FieldReader(json: json, at: offset, path: .top)
    }

    private func number(_ offset: Int) -> (Double, end: Int)? {
        json.kind(at: offset) == .number ? json.numberAndEnd(at: offset) : nil
    }

    private func bool(_ offset: Int) -> (Bool, end: Int)? {
        json.kind(at: offset) == .bool ? (json.bool(at: offset), json.skip(offset)) : nil
    }

    private func string(_ offset: Int) -> (String, end: Int)? {
        json.bytes[offset] == UInt8(ascii: "\"") ? json.stringAndEnd(at: offset) : nil
    }

    private func nonEmptyString(_ offset: Int) -> (String, end: Int)? {
        guard let (text, end) = string(offset), !text.isEmpty else { return nil }
        return (text, end)
    }
}
