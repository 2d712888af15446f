/// The backslash escapes of the strings in recursiveDescription pastes, as the printers write
/// them: Cycript (JavaScript string literals: `\\u4e0b`, `\\xa0`, `\\u{1F600}`, `\\n`, `\\'`), LLDB
/// and C (`\\n`, `\\t`, `\\"`, octal `\\342\\200\\231`, `\\x` bytes, `\\U0001F600`).
///
/// - `\\uXXXX` is a UTF-16 unit; a high and a low surrogate in a row are one character, an unpaired
///   one is U+FFFD. `\\u{X…}` (1 to 8 hex digits) and `\\UXXXXXXXX` are a code point (U+FFFD when
///   it is none).
/// - `\\xNN` (1 or 2 hex digits) and octal `\\N`, `\\NN`, `\\NNN` are bytes: a run of them that is
///   well-formed UTF-8 with a character of more than one byte is read as UTF-8 (as C printers
///   write a UTF-8 string's bytes); otherwise each byte is the character of that code (as
///   JavaScript reads `\\xa0`, a no-break space).
/// - `\\n \\t \\r \\a \\b \\f \\v \\e` are their control characters; a backslash before anything else
///   stands for that character (`\\\\`, `\\'`, `\\"`, `\\?`); a backslash at the end stays.
enum DescriptionEscapes {
    static func decode(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var pendingHigh: UInt32?
        var index = 0
        func flushBytes() {
            guard !bytes.isEmpty else { return }
            let utf8 = String(decoding: bytes, as: UTF8.self)
            // Well-formed exactly when decoding replaced nothing, so that it encodes back to the bytes.
            if bytes.contains(where: { $0 >= 0x80 }), Array(utf8.utf8) == bytes {
                out.append(contentsOf: utf8.unicodeScalars)
            } else {
                out.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            }
            bytes.removeAll()
        }
        func flushHigh() {
            if pendingHigh != nil { out.append("\u{FFFD}") }
            pendingHigh = nil
        }
        while index < scalars.count {
            let (escape, length) = next(scalars, at: index)
            index += length
            switch escape {
            case .byte(let byte):
                flushHigh()
                bytes.append(byte)
            case .unit(let code):
                flushBytes()
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(code) {
                    out.append(Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (code - 0xDC00)) ?? "\u{FFFD}")
                    pendingHigh = nil
                } else {
                    flushHigh()
                    if (0xD800...0xDBFF).contains(code) { pendingHigh = code } else { out.append(Unicode.Scalar(code) ?? "\u{FFFD}") }
                }
            case .scalar(let scalar):
                flushBytes()
                flushHigh()
                out.append(scalar)
            }
        }
        flushBytes()
        flushHigh()
        return String(out)
    }

    /// What one character or escape stands for.
    private enum Piece {
        case byte(UInt8)
        case unit(UInt32)
        case scalar(Unicode.Scalar)
    }

    /// The piece at `index` and how many scalars it spans.
    private static func next(_ scalars: [Unicode.Scalar], at index: Int) -> (Piece, Int) {
        guard scalars[index] == "\\", index + 1 < scalars.count else { return (.scalar(scalars[index]), 1) }
        let letter = scalars[index + 1]
        switch letter {
        case "u":
            if index + 2 < scalars.count, scalars[index + 2] == "{",
               let (code, digits) = hex(scalars, from: index + 3, max: 8), index + 3 + digits < scalars.count, scalars[index + 3 + digits] == "}" {
                return (.scalar(Unicode.Scalar(code) ?? "\u{FFFD}"), digits + 4)
            }
            if let (code, digits) = hex(scalars, from: index + 2, max: 4), digits == 4 { return (.unit(code), 6) }
        case "U":
            if let (code, digits) = hex(scalars, from: index + 2, max: 8), digits == 8 { return (.scalar(Unicode.Scalar(code) ?? "\u{FFFD}"), 10) }
        case "x":
            if let (code, digits) = hex(scalars, from: index + 2, max: 2) { return (.byte(UInt8(code)), digits + 2) }
        case "0"..."7":
            var code: UInt32 = 0, digits = 0
            while digits < 3, index + 1 + digits < scalars.count, ("0"..."7").contains(scalars[index + 1 + digits]) {
                code = code * 8 + scalars[index + 1 + digits].value - 48
                digits += 1
            }
            if code <= 0xFF { return (.byte(UInt8(code)), digits + 1) }
            return (.scalar(Unicode.Scalar(code) ?? "\u{FFFD}"), digits + 1)
        default:
            if let control = controls[letter] { return (.scalar(control), 2) }
            return (.scalar(letter), 2)
        }
        // A `\\u`, `\\U` or `\\x` without its digits: the letter, as JavaScript reads it.
        return (.scalar(letter), 2)
    }

    private static let controls: [Unicode.Scalar: Unicode.Scalar] = [
        "n": "\n", "t": "\t", "r": "\r", "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "v": "\u{0B}", "e": "\u{1B}",
    ]

    /// The value of up to `max` hex digits from `start` and how many there were; nil for none.
    private static func hex(_ scalars: [Unicode.Scalar], from start: Int, max: Int) -> (UInt32, Int)? {
        var code: UInt32 = 0, digits = 0
        while digits < max, start + digits < scalars.count, scalars[start + digits].properties.isASCIIHexDigit,
              let value = UInt32(String(scalars[start + digits]), radix: 16) {
            code = code * 16 + value
            digits += 1
        }
        return digits > 0 ? (code, digits) : nil
    }
}
