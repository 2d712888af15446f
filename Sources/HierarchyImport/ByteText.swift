/// A dump's bytes with the small searches detection and reading need; the syntax of every format
/// is ASCII, so searching bytes is safe inside UTF-8 text.
struct ByteText {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// UTF-8 of `bytes`: UTF-16 with a byte-order mark (as Windows shells save redirected output)
    /// is transcoded, anything else is returned as it is.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
            littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Where the content starts: after a UTF-8 byte-order mark and white space.
    var significantStart: Int {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return ByteText.skipSpace(bytes, from: start)
    }

    var firstSignificantByte: UInt8? {
        let start = significantStart
        return start < bytes.count ? bytes[start] : nil
    }

    /// True when nothing but white space (and a byte-order mark) is there.
    var isBlank: Bool { firstSignificantByte == nil }

    func startsWith(_ prefix: String, at index: Int? = nil) -> Bool {
        bytes[(index ?? significantStart)...].starts(with: prefix.utf8)
    }

    func contains(_ needle: String) -> Bool {
        ByteText.find(Array(needle.utf8), in: bytes[...]) != nil
    }

    /// The lines, without their `\n` or `\r\n`.
    var lines: [ArraySlice<UInt8>] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for index in lines.indices where lines[index].last == UInt8(ascii: "\r") {
            lines[index] = lines[index].dropLast()
        }
        return lines
    }

    /// The index of the first occurrence of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Text as shown in a warning: trimmed, at most 60 characters.
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: DescriptionScanner.trimmed(bytes), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }
}
