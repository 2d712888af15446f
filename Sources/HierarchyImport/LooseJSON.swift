import HierarchyModel

/// A small JSON reader for the JSON dumps (Maestro, Sentry), which may sit inside other text: it
/// reads one value from an offset and says where it ended, and it takes a number too large for a
/// double (Sentry's `1e999`) as the infinity it rounds to, for the importer to judge.
struct LooseJSON {
    let bytes: [UInt8]
    private var index: Int
    private var depth = 0
    static let maxDepth = 512
    /// The path of the value being read (`windows[0].children[3]`), as `JSONAt` names it.
    private var path = ""
    /// Where each object starts (its `{`), by its path.
    private(set) var objectOffsets: [String: Int] = [:]
    /// Where each object ends (its `}`), by its path.
    private(set) var objectEndOffsets: [String: Int] = [:]

    struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    /// The value starting at `offset` (after white space) and the offset after it.
    static func value(in bytes: [UInt8], at offset: Int) throws(SyntaxError) -> (JSONValue, end: Int) {
        let (value, end, _, _) = try valueAndObjects(in: bytes, at: offset)
        return (value, end)
    }

    /// The value starting at `offset`, the offset after it, and where each of its objects starts and ends.
    static func valueAndObjects(in bytes: [UInt8], at offset: Int) throws(SyntaxError) -> (JSONValue, end: Int, objects: [String: Int], objectEnds: [String: Int]) {
        var reader = LooseJSON(bytes: bytes, index: offset)
        let value = try reader.value()
        return (value, reader.index, reader.objectOffsets, reader.objectEndOffsets)
    }

    /// The line (from 1) of `offset`.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    private init(bytes: [UInt8], index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private mutating func skipSpace() {
        while index < bytes.count, ByteText.isSpace(bytes[index]) { index += 1 }
    }

    private func fail(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

    private var found: String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("expected a value, found the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value, found \(found)")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        guard bytes[index...].starts(with: word.utf8) else { throw fail("expected a value, found \(found)") }
        index += word.utf8.count
    }

    private mutating func nest() throws(SyntaxError) {
        depth += 1
        guard depth <= LooseJSON.maxDepth else { throw fail("more than \(LooseJSON.maxDepth) nested arrays and objects") }
    }

    private mutating func object() throws(SyntaxError) -> JSONValue {
        try nest()
        objectOffsets[path] = index
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            objectEndOffsets[path] = index
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes, found \(found)") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key, found \(found)") }
            index += 1
            let outer = path
            path = outer.isEmpty ? key : outer + "." + key
            members[key] = try value()
            path = outer
            skipSpace()
            guard index < bytes.count else { throw fail("expected ',' or '}', found the end of the text") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}', found \(found)") }
            objectEndOffsets[path] = index
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(SyntaxError) -> JSONValue {
        try nest()
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        let outer = path
        defer { path = outer }
        while true {
            path = outer + "[\(elements.count)]"
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw fail("expected ',' or ']', found the end of the text") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']', found \(found)") }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        guard digits() > 0 else { throw fail("a number needs a digit, found \(found)") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("a number needs a digit after '.', found \(found)") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("a number needs a digit in its exponent, found \(found)") }
        }
        // Double's parser rounds a huge exponent to infinity (1e999) and a tiny one to 0.
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw SyntaxError(offset: start, message: "a number that does not parse")
        }
        return value
    }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte < 0x20 { throw fail("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800..<0xDC00).contains(unit), bytes[index...].starts(with: "\\u".utf8) {
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                }
                let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                index -= 1
                throw fail("an unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
        throw fail("a string is not closed before the end of the text")
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw fail("expected four hex digits after \\u")
        }
        index += 4
        return value
    }
}

/// A JSON value with the path that names it in messages (`windows[0].children[3].x`).
struct JSONAt {
    var value: JSONValue
    var path: String

    subscript(key: String) -> JSONAt? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        return JSONAt(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member, nil when it is absent or null.
    func present(_ key: String) -> JSONAt? {
        guard let member = self[key], member.value != .null else { return nil }
        return member
    }

    var isObject: Bool { if case .object = value { return true } else { return false } }

    /// The elements of an array; an error naming the path for anything else.
    func elements(_ fileName: String) throws(InputError) -> [JSONAt] {
        guard case .array(let elements) = value else { throw error(fileName, "expected an array, got \(value.typeName)") }
        return elements.enumerated().map { JSONAt(value: $1, path: "\(path)[\($0)]") }
    }

    func string(_ fileName: String) throws(InputError) -> String {
        guard case .string(let text) = value else { throw error(fileName, "expected a string, got \(value.typeName)") }
        return text
    }

    /// A number (infinite when the file wrote one too large); an error naming the path otherwise.
    func number(_ fileName: String) throws(InputError) -> Double {
        guard case .number(let number) = value else { throw error(fileName, "expected a number, got \(value.typeName)") }
        return number
    }

    func bool(_ fileName: String) throws(InputError) -> Bool {
        guard case .bool(let flag) = value else { throw error(fileName, "expected true or false, got \(value.typeName)") }
        return flag
    }

    func error(_ fileName: String, _ message: String) -> InputError {
        InputError(file: fileName, location: path.isEmpty ? "the top-level value" : path, message)
    }
}

extension JSONValue {
    /// The value as an attribute's text: strings as they are, numbers and booleans written out.
    var attributeText: String? {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): DescriptionValue.shown(number)
        default: nil
        }
    }
}

/// Finding JSON objects inside a text: each line whose first non-space character is `{` starts a
/// candidate (Maestro's `Running on …` preamble, a console log before and after).
enum EmbeddedJSON {
    /// The objects that `accept` takes, each with the line it starts on; the first syntax error of
    /// an object that looked like one (`accept` of its first 4 KB's text) is thrown.
    static func objects(_ bytes: [UInt8], fileName: String, looksLike: (ArraySlice<UInt8>) -> Bool) throws(InputError) -> [(JSONAt, line: Int)] {
        try located(bytes, fileName: fileName, looksLike: looksLike).map { ($0.value, $0.line) }
    }

    /// An object found in the text, with the line it starts on and the line of each object inside
    /// it, by path (for the views' lines in SARIF).
    struct Found {
        var value: JSONAt
        var line: Int
        var objectLines: [String: Int]
        /// The line of each object's closing brace, by path.
        var objectEndLines: [String: Int] = [:]
    }

    static func located(_ bytes: [UInt8], fileName: String, looksLike: (ArraySlice<UInt8>) -> Bool) throws(InputError) -> [Found] {
        var found: [Found] = []
        var offset = 0
        var lineStart = true
        var line = 1
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A { lineStart = true; line += 1; offset += 1; continue }
            if lineStart, byte == UInt8(ascii: "{") || (byte == UInt8(ascii: "[") && found.isEmpty && offset == ByteText(bytes).significantStart) {
                lineStart = false
                let window = bytes[offset..<min(bytes.count, offset + 4096)]
                if looksLike(window) {
                    do throws(LooseJSON.SyntaxError) {
                        let (value, end, objects, ends) = try LooseJSON.valueAndObjects(in: bytes, at: offset)
                        found.append(Found(value: JSONAt(value: value, path: ""), line: line, objectLines: lines(of: objects, in: bytes, from: offset, line: line),
                                           objectEndLines: lines(of: ends, in: bytes, from: offset, line: line)))
                        line += bytes[offset..<end].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                        offset = end
                        continue
                    } catch {
                        throw InputError(file: fileName, location: "line \(LooseJSON.line(of: error.offset, in: bytes))", "not valid JSON: \(error.message)")
                    }
                }
            } else if !ByteText.isSpace(byte) {
                lineStart = false
            }
            offset += 1
        }
        return found
    }

    /// The line of each offset, counting from `line` at `start`: one pass over the bytes.
    static func lines(of offsets: [String: Int], in bytes: [UInt8], from start: Int, line: Int) -> [String: Int] {
        let sorted = offsets.sorted { $0.value < $1.value }
        var result: [String: Int] = [:]
        result.reserveCapacity(sorted.count)
        var position = start
        var current = line
        for (path, offset) in sorted {
            while position < offset {
                if bytes[position] == 0x0A { current += 1 }
                position += 1
            }
            result[path] = current
        }
        return result
    }
}
