import HierarchyModel

/// Writing JSON text by hand, so that key order is fixed, numbers round-trip and output is
/// byte-identical for the same input.
public enum JSONText {
    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip form.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A JSON string literal with the escapes the specification requires.
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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

    /// Compact text, or indented by two spaces a level when `pretty`.
    public func text(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONText.number(n)
        case .string(let s): out += JSONText.string(s)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                out += (i > 0 ? "," : "") + newline
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            out += close + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                out += (i > 0 ? "," : "") + newline + JSONText.string(key) + (pretty ? ": " : ":")
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            out += close + "}"
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
