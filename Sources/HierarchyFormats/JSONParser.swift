import HierarchyModel

/// A strict JSON (RFC 8259) reader producing `JSONValue`.
///
/// Foundation's `JSONDecoder` spends tens of microseconds a value on coding paths, which made
/// reading a 2,000-view capture take longer than laying it out and a 1,000,000-view one half a
/// minute; this reader is a single pass over the bytes. Like Foundation's, it refuses more than
/// 512 nested containers, so its recursion stays shallow whatever the file holds.
struct JSONParser {
    static let maxDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole document: one value, surrounded by white space only.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipByteOrderMark()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the document ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(printable(bytes[index]))'")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a key in double quotes") }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            members[key] = try value()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            guard peek(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        var items: [JSONValue] = []
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(items) }
        while true {
            items.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            guard peek(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("more than \(JSONParser.maxDepth) nested arrays and objects") }
    }

    private mutating func literal(_ word: String, _ result: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected character '\(printable(bytes[index]))'")
        }
        index += utf8.count
        return result
    }
}

/// A syntax error with where it was found.
struct JSONSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONParser {
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        var integral = true
        if peek(UInt8(ascii: ".")) {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            integral = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        // Short integers exactly, by hand; everything else through the standard library's
        // correctly rounded conversion.
        if integral && index - start <= 15 {
            var value = 0
            for byte in bytes[start..<index] where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            return bytes[start] == UInt8(ascii: "-") ? -Double(value) : Double(value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range") }
        return value
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try validated(bytes[start..<index])
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: try validated(bytes[start..<index]).unicodeScalars)
        while true {
            guard index < bytes.count else { throw error("the document ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; return String(scalars) }
            guard byte >= 0x20 else { throw error("a control character inside a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                let runStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
                scalars.append(contentsOf: try validated(bytes[runStart..<index]).unicodeScalars)
                continue
            }
            index += 1
            scalars.append(try escape())
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("the document ends inside a string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { throw error("a lone surrogate \\u\(String(high, radix: 16))") }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate \\u\(String(high, radix: 16))") }
                return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a lone surrogate \\u\(String(high, radix: 16))") }
            return scalar
        default: throw error("unknown escape '\\\(printable(byte))'")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// The bytes as a string, refusing ill-formed UTF-8.
    private func validated(_ slice: ArraySlice<UInt8>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
        return text
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    /// An error at the current position, with its line and column (1-based, columns in bytes).
    private func error(_ message: String) -> JSONSyntaxError {
        let upTo = bytes[..<min(index, bytes.count)]
        let line = upTo.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = index - (upTo.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
