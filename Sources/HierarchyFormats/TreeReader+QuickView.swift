import Foundation
import HierarchyModel

/// The keys of a view's object that the format defines.
private enum ViewKey {
    case id, className, name, text, tag, frame, bounds, transform, anchorPoint
    case clipsToBounds, alpha, hidden, backgroundColor, snapshot, attributes, children

    /// The key spelled by the `length` bytes at `start` (without escapes); nil for any other.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) {
        func spells(_ key: StaticString) -> Bool {
            key.utf8CodeUnitCount == length && memcmp(bytes.baseAddress! + start, key.utf8Start, length) == 0
        }
        // The length and the first byte tell the keys apart before any comparison.
        switch (length, bytes[start]) {
        case (2, UInt8(ascii: "i")) where spells("id"): self = .id
        case (5, UInt8(ascii: "c")) where spells("class"): self = .className
        case (5, UInt8(ascii: "f")) where spells("frame"): self = .frame
        case (5, UInt8(ascii: "a")) where spells("alpha"): self = .alpha
        case (4, UInt8(ascii: "n")) where spells("name"): self = .name
        case (4, UInt8(ascii: "t")) where spells("text"): self = .text
        case (3, UInt8(ascii: "t")) where spells("tag"): self = .tag
        case (6, UInt8(ascii: "b")) where spells("bounds"): self = .bounds
        case (6, UInt8(ascii: "h")) where spells("hidden"): self = .hidden
        case (8, UInt8(ascii: "c")) where spells("children"): self = .children
        case (8, UInt8(ascii: "s")) where spells("snapshot"): self = .snapshot
        case (9, UInt8(ascii: "t")) where spells("transform"): self = .transform
        case (10, UInt8(ascii: "a")) where spells("attributes"): self = .attributes
        case (11, UInt8(ascii: "a")) where spells("anchorPoint"): self = .anchorPoint
        case (13, UInt8(ascii: "c")) where spells("clipsToBounds"): self = .clipsToBounds
        case (15, UInt8(ascii: "b")) where spells("backgroundColor"): self = .backgroundColor
        default: return nil
        }
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
        var id: String?, className: String?, name: String?, text: String?, snapshot: String?
        var frame: Rect?, bounds: Rect?, transform: Transform2D?, anchorPoint: Point?
        var tag = 0, alpha = 1.0, clipsToBounds = false, hidden = false
        var backgroundColor: Color?, attributes = ViewAttributes(), extras: [String: JSONValue] = [:]
        var children: Int?
        let bytes = json.bytes
        guard bytes[offset] == UInt8(ascii: "{") else { return nil }
        var index = json.skipWhitespace(offset + 1)
        if bytes[index] == UInt8(ascii: "}") { return nil }  // no frame
        while true {
            // A checked document has a key here, then a colon and a value.
            var keyEnd = index + 1
            while bytes[keyEnd] != UInt8(ascii: "\"") && bytes[keyEnd] != UInt8(ascii: "\\") { keyEnd += 1 }
            guard bytes[keyEnd] == UInt8(ascii: "\"") else { return nil }
            let value = json.skipWhitespace(json.skipWhitespace(keyEnd + 1) + 1)
            let end: Int
            // The last of a repeated key wins, as in the careful reader.
            switch ViewKey(bytes, index + 1, keyEnd - index - 1) {
            case .id?: guard let (s, e) = nonEmptyString(value) else { return nil }; (id, end) = (s, e)
            case .className?: guard let (s, e) = nonEmptyString(value) else { return nil }; (className, end) = (s, e)
            case .snapshot?: guard let (s, e) = nonEmptyString(value) else { return nil }; (snapshot, end) = (s, e)
            case .name?: guard let (s, e) = string(value) else { return nil }; (name, end) = (s, e)
            case .text?: guard let (s, e) = string(value) else { return nil }; (text, end) = (s, e)
            case .frame?: guard let (r, e) = quickRect(value) else { return nil }; (frame, end) = (r, e)
            case .bounds?: guard let (r, e) = quickRect(value) else { return nil }; (bounds, end) = (r, e)
            case .tag?:
                guard let (n, e) = number(value), n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else { return nil }
                (tag, end) = (Int(n), e)
            case .alpha?: guard let (n, e) = number(value), n >= 0 && n <= 1 else { return nil }; (alpha, end) = (n, e)
            case .clipsToBounds?: guard let (b, e) = bool(value) else { return nil }; (clipsToBounds, end) = (b, e)
            case .hidden?: guard let (b, e) = bool(value) else { return nil }; (hidden, end) = (b, e)
            case .backgroundColor?:
                guard let (s, e) = string(value), let color = Color(hex: s) else { return nil }
                (backgroundColor, end) = (color, e)
            case .children?:
                guard bytes[value] == UInt8(ascii: "[") else { return nil }
                (children, end) = (value, json.arrayEnd(value))
            // Rare keys: read by the careful reader's functions, any error only a sign to fall back.
            case .transform?: guard let t = try? fields(offset).transform(value, "transform") else { return nil }; (transform, end) = (t, json.skip(value))
            case .anchorPoint?: guard let p = try? fields(offset).point(value, "anchorPoint") else { return nil }; (anchorPoint, end) = (p, json.skip(value))
            case .attributes?: guard let a = try? fields(offset).attributes(value, "attributes") else { return nil }; (attributes, end) = (a, json.skip(value))
            case nil:
                extras[String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<keyEnd]), as: UTF8.self)] = json.value(at: value)
                end = json.skip(value)
            }
            index = json.skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "}") { break }
            index = json.skipWhitespace(index + 1)
        }
        guard let frame else { return nil }
        // Built in the call, the view moves into the tree without a copy.
        let added = tree.append(ViewNode(
            id: id, className: className ?? "View", name: name, text: text, tag: tag, frame: frame, bounds: bounds,
            transform: transform ?? .identity, anchorPoint: anchorPoint ?? .centre, clipsToBounds: clipsToBounds, alpha: alpha,
            isHidden: hidden, backgroundColor: backgroundColor, snapshot: snapshot, attributes: attributes, extras: extras), to: parent)
        return (added, children, index + 1)
    }

    /// `{"x", "y", "width", "height"}` with a size >= 0, keys without escapes; nil otherwise.
    private func quickRect(_ offset: Int) -> (Rect, end: Int)? {
        let bytes = json.bytes
        guard bytes[offset] == UInt8(ascii: "{") else { return nil }
        var x: Double?, y: Double?, width: Double?, height: Double?
        var index = json.skipWhitespace(offset + 1)
        if bytes[index] == UInt8(ascii: "}") { return nil }
        while true {
            var keyEnd = index + 1
            while bytes[keyEnd] != UInt8(ascii: "\"") && bytes[keyEnd] != UInt8(ascii: "\\") { keyEnd += 1 }
            guard bytes[keyEnd] == UInt8(ascii: "\"") else { return nil }
            let value = json.skipWhitespace(json.skipWhitespace(keyEnd + 1) + 1)
            let end: Int
            // Other keys are passed over, as the careful reader does.
            switch (keyEnd - index - 1, bytes[index + 1]) {
            case (1, UInt8(ascii: "x")): guard let (n, e) = number(value) else { return nil }; (x, end) = (n, e)
            case (1, UInt8(ascii: "y")): guard let (n, e) = number(value) else { return nil }; (y, end) = (n, e)
            case (5, UInt8(ascii: "w")) where json.string(at: index, is: "width"):
                guard let (n, e) = number(value), n >= 0 else { return nil }; (width, end) = (n, e)
            case (6, UInt8(ascii: "h")) where json.string(at: index, is: "height"):
                guard let (n, e) = number(value), n >= 0 else { return nil }; (height, end) = (n, e)
            default: end = json.skip(value)
            }
            index = json.skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "}") { break }
            index = json.skipWhitespace(index + 1)
        }
        guard let x, let y, let width, let height else { return nil }
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
