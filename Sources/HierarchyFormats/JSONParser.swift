import Foundation
import HierarchyModel

/// A strict JSON (RFC 8259) reader in two passes over the bytes, with no allocation per value.
///
/// `check` validates the whole document (syntax, UTF-8, nesting, number range) without building
/// anything, iteratively, so that any depth is an error and not a stack overflow; like
/// Foundation's, it refuses more than 512 nested containers. The readers below then take values
/// straight from the checked bytes: typed readers (`TreeDocument`) pick the keys they know, and
/// `value(at:)` builds a `JSONValue` where a document holds data nobody interprets.
/// A syntax error is thus always found before any error of meaning, wherever it is in the file.
/// `SinglePassReader` reads most view-hierarchy documents in one pass instead, with the same
/// checks (`checkString`, `checkedNumber`, `checkValue`…), and leaves the others to these passes.
struct JSONParser {
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of every array's `[` in document order, and of the byte after its `]`: skipping
    /// an array (a view's subviews) is then a look-up, and reading a tree stays linear at any depth.
    private var arrayOpens: [Int] = []
    private var arrayEnds: [Int] = []
    /// How many objects the document holds (every view is an object with a frame object in it).
    private(set) var objectCount = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses a whole document: one value, surrounded by white space only.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            do throws(JSONSyntaxError) {
                let start = try parser.check()
                return .success(parser.value(at: start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Checks the document and returns the offset of its top-level value.
    mutating func check() throws(JSONSyntaxError) -> Int {
        let start = skipWhitespace(skipByteOrderMark())
        let end = skipWhitespace(try checkValue(at: start, room: JSONParser.maxDepth))
        guard end == bytes.count else { throw error("unexpected text after the document", at: end) }
        return start
    }

    /// Checks the value at `start` (after any white space), with at most `room` containers nested
    /// in it and itself, and returns the offset after it. Records its arrays, so that the readers
    /// below can take values from it.
    mutating func checkValue(at start: Int, room: Int) throws(JSONSyntaxError) -> Int {
        var index = skipWhitespace(start)
        guard index < bytes.count else { throw error("the document ends where a value should be", at: index) }
        guard bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return try checkScalar(at: index) }
        // One bit per open container: 1 for an object, 0 for an array.
        var stack = [UInt64](repeating: 0, count: room / 64 + 1)
        var depth = 0
        // The ordinal in `arrayOpens` of the array open at each depth.
        var openArrays = [Int](repeating: 0, count: room)
        func isObject(_ level: Int) -> Bool { stack[level >> 6] & (1 << UInt64(level & 63)) != 0 }
        while true {
            // A value is expected at `index`.
            index = skipWhitespace(index)
            guard index < bytes.count else { throw error("the document ends where a value should be", at: index) }
            if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
                let object = bytes[index] == UInt8(ascii: "{")
                guard depth < room else { throw error("more than \(JSONParser.maxDepth) nested arrays and objects", at: index) }
                if object {
                    objectCount += 1
                    stack[depth >> 6] |= 1 << UInt64(depth & 63)
                } else {
                    stack[depth >> 6] &= ~(1 << UInt64(depth & 63))
                    openArrays[depth] = arrayOpens.count
                    arrayOpens.append(index)
                    arrayEnds.append(0)
                }
                depth += 1
                index = skipWhitespace(index + 1)
                if index < bytes.count && bytes[index] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    index += 1
                    if !object { arrayEnds[openArrays[depth]] = index }
                } else if object {
                    index = try checkKey(index)
                    continue
                } else if index < bytes.count, bytes[index] == UInt8(ascii: "-") || isDigit(bytes[index]) {
                    // An array of numbers: its numbers and commas checked in a loop of their own,
                    // up to its last number (or one that is not), the rest as below.
                    index = try numberRun(index)
                } else {
                    continue
                }
            } else {
                index = try checkScalar(at: index)
            }
            // After a value: a separator, the end of containers, or the end of the value.
            while true {
                index = skipWhitespace(index)
                guard depth > 0 else { return index }
                let object = isObject(depth - 1)
                let byte: UInt8? = index < bytes.count ? bytes[index] : nil
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if object { index = try checkKey(skipWhitespace(index)) }
                    break
                }
                guard byte == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array", at: index)
                }
                depth -= 1
                index += 1
                if !object { arrayEnds[openArrays[depth]] = index }
            }
        }
    }

    /// Checks the numbers from `start` (a number's first byte) and the commas between them, as
    /// long as a number follows each comma, and returns the offset after the last one. Most of a
    /// DOM snapshot's bytes are arrays of numbers: the general loop's steps for each cost more than
    /// the number.
    private func numberRun(_ start: Int) throws(JSONSyntaxError) -> Int {
        var index = plainInteger(at: start)?.end ?? -1
        if index < 0 { index = try checkNumber(start) }
        while true {
            let comma = skipWhitespace(index)
            guard comma < bytes.count, bytes[comma] == UInt8(ascii: ",") else { return index }
            let next = skipWhitespace(comma + 1)
            guard next < bytes.count, bytes[next] == UInt8(ascii: "-") || isDigit(bytes[next]) else { return index }
            index = plainInteger(at: next)?.end ?? -1
            if index < 0 { index = try checkNumber(next) }
        }
    }

    /// The whole number at `start` when it is written plainly, `-?(0|[1-9][0-9]{0,8})` with no
    /// fraction or exponent after it (an index, a count, a paint order: most of a snapshot's
    /// numbers), and the offset after it; nil for any other text, which `checkNumber` and
    /// `checkedNumber` then read (or refuse). Good JSON as it stands: a digit cannot follow a
    /// leading `0`, and the byte after it is none of a number's.
    @inline(__always)
    func plainInteger(at start: Int) -> (Int, end: Int)? {
        var index = start
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        let first = index
        var value = Int(bytes[index] &- UInt8(ascii: "0"))
        index += 1
        if value != 0 {
            while index < bytes.count, index - first < 9, isDigit(bytes[index]) {
                value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
        }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return (negative ? -value : value, index)
    }

    /// Checks the string, number or literal at `index` and returns the offset after it.
    private func checkScalar(at index: Int) throws(JSONSyntaxError) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "\""): try checkString(index).end
        case UInt8(ascii: "t"): try checkLiteral("true", index)
        case UInt8(ascii: "f"): try checkLiteral("false", index)
        case UInt8(ascii: "n"): try checkLiteral("null", index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try checkNumber(index)
        default: throw error("unexpected character '\(printable(bytes[index]))'", at: index)
        }
    }

    /// Checks `"key":` at `index` and returns the offset after the colon.
    private func checkKey(_ index: Int) throws(JSONSyntaxError) -> Int {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes", at: index) }
        let end = try checkString(index).end
        let colon = skipWhitespace(end)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key \"\(string(at: index))\"", at: colon)
        }
        return colon + 1
    }

    func checkLiteral(_ word: StaticString, _ index: Int) throws(JSONSyntaxError) -> Int {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw error("unexpected character '\(printable(bytes[index]))'", at: index)
        }
        return index + count
    }

    /// Checks a string at `start` (its opening quote) and returns the offset after it, and whether
    /// it has escapes (without, the bytes between its quotes are its text).
    func checkString(_ start: Int) throws(JSONSyntaxError) -> (end: Int, escaped: Bool) {
        var index = start + 1
        var ascii = true, escaped = false
        while true {
            if index + 8 <= bytes.count {
                // Eight bytes at a time to the first that is not printable ASCII other than a quote or a backslash.
                let special = JSONParser.specialBytes(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            } else if index == bytes.count {
                throw error("the document ends inside a string", at: index)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index = try checkEscape(index + 1)
                continue
            }
            if byte < 0x20 { throw error("a control character inside a string must be escaped", at: index) }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        if !ascii && String(validating: UnsafeBufferPointer(rebasing: bytes[start + 1..<index]), as: UTF8.self) == nil {
            throw error("a string is not valid UTF-8", at: index)
        }
        return (index + 1, escaped)
    }

    /// The high bit of each byte of `word` (read little-endian) that is a quote, a backslash, a
    /// control character or not ASCII. A byte above a flagged one may be flagged wrongly (the
    /// subtractions borrow), never the lowest: its offset is `trailingZeroBitCount / 8`.
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | (word & highs)
    }

    /// Checks the escape after a backslash and returns the offset after it.
    private func checkEscape(_ index: Int) throws(JSONSyntaxError) -> Int {
        guard index < bytes.count else { throw error("the document ends inside a string", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 1
        case UInt8(ascii: "u"):
            let high = try hex4(index + 1)
            var end = index + 5
            if (0xD800..<0xDC00).contains(high) {
                guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate \\u\(String(high, radix: 16))", at: end)
                }
                let low = try hex4(end + 2)
                end += 6
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate \\u\(String(high, radix: 16))", at: end) }
            } else if (0xDC00..<0xE000).contains(high) {
                throw error("a lone surrogate \\u\(String(high, radix: 16))", at: end)
            }
            return end
        default: throw error("unknown escape '\\\(printable(bytes[index]))'", at: index + 1)
        }
    }

    private func hex4(_ index: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u", at: index) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = hexDigit(byte) else { throw error("expected four hex digits after \\u", at: index) }
            value = value << 4 | digit
        }
        return value
    }

    /// Checks a number at `start` and returns the offset after it.
    private func checkNumber(_ start: Int) throws(JSONSyntaxError) -> Int {
        try scanNumber(start, converting: false).end
    }

    /// Checks a number at `start` and returns it with the offset after it. The usual numbers (at
    /// most 15 digits, no exponent) are converted as their digits are checked, in one pass; the
    /// others by `number(_:_:)`. The same value as `number(at:)`.
    func checkedNumber(at start: Int) throws(JSONSyntaxError) -> (Double, end: Int) {
        try scanNumber(start, converting: true)
    }

    /// Checks a number and, when `converting`, reads its value (0 otherwise).
    @inline(__always)
    private func scanNumber(_ start: Int, converting: Bool) throws(JSONSyntaxError) -> (Double, end: Int) {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit", at: index) }
        var mantissa: UInt64 = 0, scale = 0
        let first = index
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { index = digits(index, into: &mantissa) }
        let integerDigits = index - start
        var digits = index - first
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'", at: index) }
            let fraction = index
            index = self.digits(index, into: &mantissa)
            scale = fraction - index
            digits += index - fraction
        }
        var exponent = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            exponent = true
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent", at: index) }
            index = skipDigits(index)
        }
        // Only an exponent or more than 300 integer digits can leave the range of a Double.
        if exponent || integerDigits > 300 {
            let value = number(start, index)
            guard value.isFinite else {
                throw error("the number \(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) is out of range", at: index)
            }
            return (value, index)
        }
        guard converting else { return (0, index) }
        // Leading zeros count as digits here, so this takes fewer numbers than `number(_:_:)`,
        // never one it would read differently.
        guard digits <= 15 else { return (number(start, index), index) }
        let magnitude = scale == 0 ? Double(mantissa) : Double(mantissa) / JSONParser.powersOfTen[-scale]
        return (negative ? -magnitude : magnitude, index)
    }
}

/// A syntax error with where it was found.
struct JSONSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String
    /// The offset in the bytes where it was found.
    var offset = 0

    var description: String { "line \(line), column \(column): \(message)" }
}

// MARK: - Reading checked bytes

extension JSONParser {
    enum Kind { case object, array, string, number, bool, null }

    /// The kind of the value at `index` (a checked value's first byte).
    func kind(at index: Int) -> Kind {
        switch bytes[index] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    /// The name of the value's type at `index`, for messages ("expected a number, got a string").
    func typeName(at index: Int) -> String {
        switch kind(at: index) {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    func bool(at index: Int) -> Bool { bytes[index] == UInt8(ascii: "t") }

    /// The number at `index`.
    func number(at index: Int) -> Double { number(index, numberEnd(index)) }

    /// The checked number at `index` and the offset after it: `checkedNumber(at:)`, which cannot fail here.
    func numberAndEnd(at start: Int) -> (Double, end: Int) {
        do { return try checkedNumber(at: start) } catch { preconditionFailure("a checked number: \(error.description)") }
    }

    private func numberEnd(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"): index += 1
            default: return index
            }
        }
        return index
    }

    /// The number in `start..<end`, correctly rounded. Most numbers in captures have at most 15
    /// significant digits and a small exponent: then the digits and the power of ten are exact
    /// doubles and one division or multiplication rounds correctly (Clinger's fast path); others
    /// go through the standard library's conversion.
    private func number(_ start: Int, _ end: Int) -> Double {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        while index < end, isDigit(bytes[index]) {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            if mantissa != 0 { digits += 1 }
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, isDigit(bytes[index]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
                scale -= 1
                index += 1
            }
        }
        if index == end && digits <= 15 && scale >= -22 {
            let magnitude = scale == 0 ? Double(mantissa) : Double(mantissa) / JSONParser.powersOfTen[-scale]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text) ?? .infinity
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The string at `index` (its opening quote).
    func string(at index: Int) -> String { stringAndEnd(at: index).0 }

    /// The string at `index` (its opening quote) and the offset after its closing quote.
    func stringAndEnd(at index: Int) -> (String, end: Int) {
        var end = index + 1
        while bytes[end] != UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if bytes[end] == UInt8(ascii: "\"") {
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<end]), as: UTF8.self), end + 1)
        }
        return (escapedString(index), skipString(index))
    }

    /// Checks a string at `start` (its opening quote) and returns it with the offset after it.
    func checkedString(at start: Int) throws(JSONSyntaxError) -> (String, end: Int) {
        let (end, escaped) = try checkString(start)
        let text = escaped ? escapedString(start) : String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<end - 1]), as: UTF8.self)
        return (text, end)
    }

    private func escapedString(_ start: Int) -> String {
        var scalars = [UInt8]()
        var index = start + 1
        while bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\") else {
                scalars.append(bytes[index])
                index += 1
                continue
            }
            let code = bytes[index + 1]
            index += 2
            let scalar: UInt32
            switch code {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                let high = checkedHex4(index)
                index += 4
                if (0xD800..<0xDC00).contains(high) {
                    scalar = 0x10000 + (high - 0xD800) << 10 + (checkedHex4(index + 2) - 0xDC00)
                    index += 6
                } else {
                    scalar = high
                }
            default: scalar = UInt32(code)
            }
            scalars.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
        }
        return String(decoding: scalars, as: UTF8.self)
    }

    private func checkedHex4(_ index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 4 | hexDigit($1)! }
    }

    /// Whether the string at `index` is exactly `key` (compared by bytes where it has no escapes).
    func string(at index: Int, is key: StaticString) -> Bool {
        let count = key.utf8CodeUnitCount
        if index + count + 1 < bytes.count, bytes[index + count + 1] == UInt8(ascii: "\""),
           memcmp(bytes.baseAddress! + index + 1, key.utf8Start, count) == 0 {
            return true
        }
        return hasEscape(at: index) && string(at: index) == key.description
    }

    private func hasEscape(at index: Int) -> Bool {
        var end = index + 1
        while bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return true }
            end += 1
        }
        return false
    }

    /// Calls `body` with the offsets of each member's key and value of the object at `index`, in
    /// document order, and returns the offset after the object.
    @discardableResult
    func members<E: Error>(of index: Int, _ body: (_ key: Int, _ value: Int) throws(E) -> Void) throws(E) -> Int {
        var index = skipWhitespace(index + 1)
        if bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            let key = index
            let value = skipWhitespace(skipWhitespace(skipString(key)) + 1)
            try body(key, value)
            index = skipWhitespace(skip(value))
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            index = skipWhitespace(index + 1)
        }
    }

    /// Calls `body` with the position and offset of each element of the array at `index`, and
    /// returns the offset after the array.
    @discardableResult
    func elements<E: Error>(of index: Int, _ body: (_ ordinal: Int, _ element: Int) throws(E) -> Void) throws(E) -> Int {
        var index = skipWhitespace(index + 1)
        if bytes[index] == UInt8(ascii: "]") { return index + 1 }
        var ordinal = 0
        while true {
            try body(ordinal, index)
            ordinal += 1
            index = skipWhitespace(skip(index))
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            index = skipWhitespace(index + 1)
        }
    }

    /// The offset after the checked value at `index`.
    func skip(_ start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""): return skipString(start)
        case UInt8(ascii: "["): return arrayEnd(start)
        case UInt8(ascii: "{"):
            var depth = 0
            var index = start
            while true {
                switch bytes[index] {
                case UInt8(ascii: "\""): index = skipString(index); continue
                case UInt8(ascii: "["): index = arrayEnd(index); continue
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
        case UInt8(ascii: "t"), UInt8(ascii: "n"): return start + 4
        case UInt8(ascii: "f"): return start + 5
        default: return numberEnd(start)
        }
    }

    /// The offset after the checked array at `open` (its `[`).
    func arrayEnd(_ open: Int) -> Int {
        var low = 0, high = arrayOpens.count
        while low < high {
            let middle = (low + high) / 2
            if arrayOpens[middle] < open { low = middle + 1 } else { high = middle }
        }
        return arrayEnds[low]
    }

    /// The offset after the checked string at `start`.
    func skipString(_ start: Int) -> Int {
        var index = start + 1
        while true {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index + 1 }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    /// The checked value at `index` as a `JSONValue` (recursion is bounded by the checked depth).
    func value(at index: Int) -> JSONValue {
        switch kind(at: index) {
        case .object:
            var object: [String: JSONValue] = [:]
            members(of: index) { key, value in object[string(at: key)] = self.value(at: value) }
            return .object(object)
        case .array:
            var items: [JSONValue] = []
            elements(of: index) { _, element in items.append(value(at: element)) }
            return .array(items)
        case .string: return .string(string(at: index))
        case .number: return .number(number(at: index))
        case .bool: return .bool(bool(at: index))
        case .null: return .null
        }
    }
}

// MARK: - Bytes

extension JSONParser {
    private func skipDigits(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// Skips digits as `skipDigits` does, adding each to `mantissa` (wrapping: only up to 15 are used).
    private func digits(_ start: Int, into mantissa: inout UInt64) -> Int {
        var index = start
        while index < bytes.count, isDigit(bytes[index]) {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        return index
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        // Most calls find none: every white-space byte is at most 0x20, and every byte that can
        // start or end a value, key or container is above it. That test is made where it is called.
        guard start < bytes.count, bytes[start] <= 0x20 else { return start }
        return skipWhitespaceRun(start)
    }

    private func skipWhitespaceRun(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            // Indentation comes in runs of spaces (after a line break): eight bytes at a time, the
            // word's first byte that is not a space found by its bits.
            while index + 8 <= bytes.count {
                let others = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                index += others.trailingZeroBitCount >> 3
                if others != 0 { break }
            }
            guard index < bytes.count else { break }
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    func skipByteOrderMark() -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    /// An error at `index`, with its line and column (1-based, columns in bytes).
    private func error(_ message: String, at index: Int) -> JSONSyntaxError {
        let upTo = UnsafeBufferPointer(rebasing: bytes[..<min(index, bytes.count)])
        let line = upTo.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = index - (upTo.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return JSONSyntaxError(line: line, column: column, message: message, offset: index)
    }
}
