import HierarchyModel

/// Writing JSON text by hand, so that key order is fixed, numbers round-trip and output is
/// byte-identical for the same input.
public enum JSONText {
    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip form.
    ///
    /// JSON has no NaN or infinity, and none should get here: documents and options are checked
    /// for finite numbers where they come in. Should one slip through, it is written as `null`,
    /// which every reader of ours refuses with the value's path, never as a plausible 0.
    public static func number(_ value: Double) -> String {
        var out: [UInt8] = []
        append(number: value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON string literal with the escapes the specification requires.
    public static func string(_ value: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count + 2)
        append(string: value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a byte of UTF-8 text is escaped in a JSON string: a control character, a quote or a backslash.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends `string(value)` to UTF-8 text. Escapes are decided byte by byte: in UTF-8 the
    /// characters that need one are single bytes that occur in no other character's encoding.
    public static func append(string value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where needsEscape(byte) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A JSON value whose object keys keep the order they were given in: for documents whose shape
/// is specified key by key.
public indirect enum OrderedJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    public static func == (a: OrderedJSON, b: OrderedJSON) -> Bool { a.text() == b.text() }
    public func hash(into hasher: inout Hasher) { hasher.combine(text()) }

    /// Compact text, or indented by two spaces a level when `pretty`; on one line with a space
    /// after each comma and colon when `spaced`.
    public func text(pretty: Bool = false, spaced: Bool = false) -> String {
        var out: [UInt8] = []
        write(into: &out, pretty: pretty, spaced: spaced)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text to UTF-8 bytes: what `text(pretty:spaced:)` gives, without intermediate strings.
    public func write(into out: inout [UInt8], pretty: Bool = false, spaced: Bool = false, indent: Int = 0) {
        let spaceAfterComma = spaced && !pretty, spaceAfterColon = spaced || pretty
        func newline(_ level: Int) {
            guard pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): JSONText.append(number: n, to: &out)
        case .string(let s): JSONText.append(string: s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")); if spaceAfterComma { out.append(0x20) } }
                newline(indent + 1)
                item.write(into: &out, pretty: pretty, spaced: spaced, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            guard !pairs.isEmpty else { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")); if spaceAfterComma { out.append(0x20) } }
                newline(indent + 1)
                JSONText.append(string: key, to: &out)
                out.append(UInt8(ascii: ":"))
                if spaceAfterColon { out.append(0x20) }
                value.write(into: &out, pretty: pretty, spaced: spaced, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension OrderedJSON {
    /// The same value from an unordered one, keys sorted.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(OrderedJSON.init))
        case .object(let dict): self = .object(dict.keys.sorted().map { ($0, OrderedJSON(dict[$0]!)) })
        }
    }
}
