/// Reads a locator's text a character at a time for the parsers, and says where it stopped.
struct LocatorScanner {
    let characters: [Character]
    let using: Locator.Strategy
    let text: String
    var offset = 0
    /// How many levels the parser has descended (`descend()`).
    var depth = 0

    init(_ text: String, using: Locator.Strategy) {
        self.text = text
        self.characters = Array(text)
        self.using = using
    }

    var atEnd: Bool { offset >= characters.count }
    var peek: Character? { atEnd ? nil : characters[offset] }

    /// An error at the current column (1-based).
    func error(_ message: String, at position: Int? = nil) -> LocatorError {
        LocatorError(using: using, text, column: (position ?? offset) + 1, message)
    }

    /// One more level of nesting (a parenthesis, a NOT, a list, a selector), at the current column;
    /// the parser counts it down when it comes back up.
    /// - Throws: `LocatorError` past `LocatorLimits.depth`, before the stack could overflow.
    mutating func descend() throws(LocatorError) {
        guard depth < LocatorLimits.depth else { throw LocatorLimits.tooDeep(using, text, column: offset + 1) }
        depth += 1
    }

    /// The end of a locator as Java, Kotlin and JavaScript end a statement: spaces, a `;`, spaces.
    /// - Throws: `LocatorError` with `expected` and what was found instead, when text follows.
    mutating func expectStatementEnd(_ expected: String) throws(LocatorError) {
        skipSpaces()
        _ = take(";")
        skipSpaces()
        guard atEnd else { throw error("expected \(expected)\(found)") }
    }

    mutating func skipSpaces() {
        while let c = peek, c.isWhitespace { offset += 1 }
    }

    /// Consumes `word` when the text continues with it (case-insensitively when asked).
    mutating func take(_ word: String, caseInsensitive: Bool = false) -> Bool {
        let end = offset + word.count
        guard end <= characters.count else { return false }
        let slice = String(characters[offset..<end])
        guard caseInsensitive ? slice.lowercased() == word.lowercased() : slice == word else { return false }
        offset = end
        return true
    }

    mutating func expect(_ word: String, _ what: String? = nil) throws(LocatorError) {
        skipSpaces()
        guard take(word) else { throw error("expected \(what ?? "'\(word)'")\(found)") }
    }

    /// ", found 'x'" or ", found the end".
    var found: String { peek.map { ", found '\($0)'" } ?? ", found the end" }

    /// Letters, digits, `_` and `.` (a key path), or nil.
    mutating func identifier() -> String? {
        let start = offset
        while let c = peek, c.isLetter || c.isNumber || c == "_" || (c == "." && offset > start) { offset += 1 }
        return offset > start ? String(characters[start..<offset]) : nil
    }

    /// A quoted string (`"` or `'`, backslash escapes), or nil when none starts here.
    mutating func quoted() throws(LocatorError) -> String? {
        guard let mark = peek, mark == "\"" || mark == "'" else { return nil }
        let start = offset
        offset += 1
        var value = ""
        while let c = peek {
            offset += 1
            if c == mark { return value }
            if c == "\\", let next = peek {
                offset += 1
                switch next {
                case "n": value.append("\n")
                case "t": value.append("\t")
                default: value.append(next)
                }
            } else {
                value.append(c)
            }
        }
        throw error("the string that starts here is never closed", at: start)
    }

    /// A decimal number (sign, digits, fraction), or nil.
    mutating func number() -> Double? {
        let start = offset
        if peek == "-" || peek == "+" { offset += 1 }
        while let c = peek, c.isASCII, c.isNumber || c == "." { offset += 1 }
        guard let value = Double(String(characters[start..<offset])) else { offset = start; return nil }
        return value
    }
}
