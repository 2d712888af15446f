/// Cuts an XPath 1.0 expression into tokens (XPath 1.0 §3.7): names are told apart by what
/// follows them (`(` a function or node type, `::` an axis) and what precedes them (after an
/// operand, `*` multiplies and a name is an operator).
struct XPathLexer {
    private let characters: [Character]
    private let text: String
    private var offset = 0
    private var tokens: [XPathToken] = []

    /// The tokens of `text`.
    /// - Throws: `LocatorError` at a character no token starts with, or an unclosed literal.
    static func tokens(_ text: String) throws(LocatorError) -> [XPathToken] {
        var lexer = XPathLexer(text: text)
        try lexer.run()
        return lexer.tokens
    }

    private init(text: String) {
        self.text = text
        characters = Array(text)
    }

    private func error(_ message: String, at position: Int) -> LocatorError {
        LocatorError(using: .xpath, text, column: position + 1, message)
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        offset + ahead < characters.count ? characters[offset + ahead] : nil
    }

    private mutating func run() throws(LocatorError) {
        while true {
            skipSpaces()
            guard let c = peek() else { return }
            let start = offset
            let kind = try token(c)
            tokens.append(XPathToken(kind: kind, offset: start, text: String(characters[start..<offset])))
        }
    }

    /// XPath's white space: space, tab, carriage return, line feed.
    private mutating func skipSpaces() {
        while let c = peek(), c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" { offset += 1 }
    }

    private mutating func token(_ c: Character) throws(LocatorError) -> XPathToken.Kind {
        if let symbol = symbol(c) { return .symbol(symbol) }
        if c == "\"" || c == "'" { return try literal(c) }
        if c.isASCII && c.isNumber || c == "." && peek(1).map({ $0.isASCII && $0.isNumber }) == true { return number() }
        if c == "." { return .symbol(take(peek(1) == "." ? ".." : ".")) }
        if c == "$" {
            offset += 1
            guard let name = qualifiedName() else { throw error("expected a variable name after '$'", at: offset - 1) }
            return .variable(name)
        }
        if c == "*" {
            offset += 1
            return tokens.last?.endsOperand == true ? .multiply : .nameTest(prefix: nil, local: nil)
        }
        if Self.isNameStart(c) { return try name() }
        throw error("unexpected character '\(c.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F ? "U+\(String($0.value, radix: 16, uppercase: true))" : String(c) } ?? "")'", at: offset)
    }

    /// Punctuation and operators of one or two characters, consumed; nil for another character.
    private mutating func symbol(_ c: Character) -> String? {
        switch c {
        case "(", ")", "[", "]", "@", ",", "|", "+", "-", "=": return take(String(c))
        case "/": return take(peek(1) == "/" ? "//" : "/")
        case "<", ">": return take(peek(1) == "=" ? "\(c)=" : String(c))
        case "!": return peek(1) == "=" ? take("!=") : nil
        case ":": return peek(1) == ":" ? take("::") : nil
        default: return nil
        }
    }

    private mutating func take(_ symbol: String) -> String {
        offset += symbol.count
        return symbol
    }

    private mutating func literal(_ quote: Character) throws(LocatorError) -> XPathToken.Kind {
        let start = offset
        guard let end = characters[(start + 1)...].firstIndex(of: quote) else {
            throw error("the string that starts here is never closed", at: start)
        }
        offset = end + 1
        return .literal
    }

    /// Digits with an optional fraction, or `.` and digits (no sign, no exponent in XPath 1.0).
    private mutating func number() -> XPathToken.Kind {
        while let c = peek(), c.isASCII, c.isNumber { offset += 1 }
        if peek() == "." {
            offset += 1
            while let c = peek(), c.isASCII, c.isNumber { offset += 1 }
        }
        return .number
    }

    /// A name, told apart by the token before it and what follows it.
    private mutating func name() throws(LocatorError) -> XPathToken.Kind {
        let start = offset
        let local = ncName()
        if tokens.last?.endsOperand == true {
            guard ["and", "or", "mod", "div"].contains(local) else {
                throw error("expected an operator (and, or, =, |, /…), found '\(local)'", at: start)
            }
            return .operatorName(local)
        }
        var prefix: String?, name: String? = local
        if peek() == ":", peek(1) != ":" {
            offset += 1
            prefix = local
            if peek() == "*" { offset += 1; name = nil }
            else if let c = peek(), Self.isNameStart(c) { name = ncName() }
            else { throw error("expected a name or '*' after '\(local):'", at: offset) }
        }
        let after = lookahead()
        if after == "(", prefix == nil, let name, ["comment", "text", "processing-instruction", "node"].contains(name) { return .nodeType(name) }
        if after == "(", let name { return .functionName(prefix.map { "\($0):\(name)" } ?? name) }
        if after == "::", prefix == nil { return .axisName(local) }
        return .nameTest(prefix: prefix, local: name)
    }

    /// The next one or two characters after white space: `(`, `::` or nil.
    private func lookahead() -> String? {
        var index = offset
        while index < characters.count, [" ", "\t", "\r", "\n", "\r\n"].contains(characters[index]) { index += 1 }
        guard index < characters.count else { return nil }
        if characters[index] == "(" { return "(" }
        if characters[index] == ":", index + 1 < characters.count, characters[index + 1] == ":" { return "::" }
        return nil
    }

    private mutating func qualifiedName() -> String? {
        guard let c = peek(), Self.isNameStart(c) else { return nil }
        var name = ncName()
        if peek() == ":", let c = peek(1), Self.isNameStart(c) {
            offset += 1
            name += ":" + ncName()
        }
        return name
    }

    private mutating func ncName() -> String {
        let start = offset
        offset += 1
        while let c = peek(), Self.isNameCharacter(c) { offset += 1 }
        return String(characters[start..<offset])
    }

    static func isNameStart(_ c: Character) -> Bool { c == "_" || c.isLetter }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c == "_" || c == "-" || c == "." || c.isNumber && c.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal }
            || c.unicodeScalars.first.map { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) } == true
    }
}
