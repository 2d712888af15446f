/// A selector that does not parse, or asks for what this engine does not read: the 1-based
/// column (in characters) and why. Bad input: exit status 2.
public struct CSSSelectorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var message: String

    public var description: String { "column \(column): \(message)" }
}

/// Reads a CSS selector list (`CSSSelector`) one character at a time, as CSS Syntax tokenizes
/// identifiers, strings and escapes.
public struct CSSSelectorParser {
    private let text: [Character]
    private var index = 0

    private init(_ text: String) { self.text = Array(text) }

    public static func parse(_ text: String) throws(CSSSelectorError) -> CSSSelector {
        var parser = CSSSelectorParser(text)
        let list = try parser.selectorList(closing: nil)
        return CSSSelector(alternatives: list)
    }

    private var current: Character? { index < text.count ? text[index] : nil }

    private func fail(_ message: String, at position: Int? = nil) -> CSSSelectorError {
        CSSSelectorError(column: (position ?? index) + 1, message: message)
    }

    private mutating func skipSpace() -> Bool {
        let start = index
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { index += 1 }
        return index > start
    }

    /// Complex selectors separated by commas, up to the end or `closing` (left unread).
    private mutating func selectorList(closing: Character?) throws(CSSSelectorError) -> [CSSSelector.Complex] {
        var list: [CSSSelector.Complex] = []
        while true {
            _ = skipSpace()
            list.append(try complex(closing: closing))
            guard current == "," else { break }
            index += 1
        }
        if current != closing {
            throw fail(current.map { "unexpected '\($0)'" } ?? "expected '\(closing.map(String.init) ?? "")'")
        }
        return list
    }

    private mutating func complex(closing: Character?) throws(CSSSelectorError) -> CSSSelector.Complex {
        var compounds = [try compound()]
        var combinators: [CSSSelector.Combinator] = []
        while true {
            let spaced = skipSpace()
            guard let c = current, c != ",", c != closing else { break }
            let combinator: CSSSelector.Combinator
            switch c {
            case ">": combinator = .child
            case "+": combinator = .nextSibling
            case "~": combinator = .subsequentSibling
            default:
                guard spaced else { throw fail("unexpected '\(c)'") }
                combinator = .descendant
            }
            if combinator != .descendant {
                index += 1
                _ = skipSpace()
            }
            combinators.append(combinator)
            compounds.append(try compound())
        }
        return CSSSelector.Complex(compounds: compounds, combinators: combinators)
    }

    private mutating func compound() throws(CSSSelectorError) -> CSSSelector.Compound {
        var compound = CSSSelector.Compound(type: nil, conditions: [])
        let start = index
        if current == "*" {
            index += 1
            if current == "|" { throw fail("namespaces are not supported") }
        } else if let c = current, Self.startsIdentifier(c) || c == "\\" {
            compound.type = try identifier().lowercased()
            if current == "|" { throw fail("namespaces are not supported") }
        }
        while let c = current {
            switch c {
            case "#": index += 1; compound.conditions.append(.id(try identifier()))
            case ".": index += 1; compound.conditions.append(.className(try identifier()))
            case "[": compound.conditions.append(try attribute())
            case ":": compound.conditions.append(try pseudoClass())
            default:
                guard index > start else { throw fail(c == ")" || c == "," ? "expected a selector" : "unexpected '\(c)'") }
                return compound
            }
        }
        guard index > start else { throw fail("expected a selector") }
        return compound
    }

    private mutating func attribute() throws(CSSSelectorError) -> CSSSelector.Condition {
        index += 1
        _ = skipSpace()
        if current == "*" || current == "|" { throw fail("namespaces are not supported") }
        let name = try identifier().lowercased()
        _ = skipSpace()
        if current == "]" {
            index += 1
            return .attribute(name: name, op: .exists, value: "", ignoreCase: false)
        }
        let opStart = index
        var op = ""
        if let c = current, "~|^$*".contains(c) { op.append(c); index += 1 }
        guard current == "=" else { throw fail("expected '=', '~=', '|=', '^=', '$=', '*=' or ']'", at: opStart) }
        index += 1
        op.append("=")
        _ = skipSpace()
        let value = current == "\"" || current == "'" ? try string() : try identifier()
        _ = skipSpace()
        var ignoreCase = false
        if let c = current, c == "i" || c == "I" || c == "s" || c == "S" {
            if c == "s" || c == "S" { throw fail("the 's' flag is not supported") }
            ignoreCase = true
            index += 1
            _ = skipSpace()
        }
        guard current == "]" else { throw fail("expected ']'") }
        index += 1
        return .attribute(name: name, op: CSSSelector.AttributeOperator(rawValue: op)!, value: value, ignoreCase: ignoreCase)
    }

    private mutating func pseudoClass() throws(CSSSelectorError) -> CSSSelector.Condition {
        let start = index
        index += 1
        if current == ":" { throw fail("pseudo-elements ('::') select no element", at: start) }
        let name = try identifier().lowercased()
        let plain: [String: CSSSelector.Condition] = [
            "first-child": .nth(.init(a: 0, b: 1), ofType: false, fromEnd: false), "last-child": .nth(.init(a: 0, b: 1), ofType: false, fromEnd: true),
            "first-of-type": .nth(.init(a: 0, b: 1), ofType: true, fromEnd: false), "last-of-type": .nth(.init(a: 0, b: 1), ofType: true, fromEnd: true),
            "only-child": .onlyChild(ofType: false), "only-of-type": .onlyChild(ofType: true), "root": .root, "empty": .empty,
            "checked": .checked, "disabled": .disabled, "enabled": .enabled,
        ]
        if let condition = plain[name] {
            if current == "(" { throw fail(":\(name) takes no argument") }
            return condition
        }
        let functions: [String: (ofType: Bool, fromEnd: Bool)] = [
            "nth-child": (false, false), "nth-last-child": (false, true), "nth-of-type": (true, false), "nth-last-of-type": (true, true),
        ]
        guard name == "not" || functions[name] != nil else { throw fail("':\(name)' is not supported", at: start) }
        guard current == "(" else { throw fail(":\(name) needs an argument in parentheses") }
        index += 1
        _ = skipSpace()
        if name == "not" {
            let list = try selectorList(closing: ")")
            index += 1
            return .not(list)
        }
        let nth = try self.nth()
        _ = skipSpace()
        if current == "o" || current == "O" { throw fail("':\(name)(… of S)' is not supported") }
        guard current == ")" else { throw fail("expected ')'") }
        index += 1
        let kind = functions[name]!
        return .nth(nth, ofType: kind.ofType, fromEnd: kind.fromEnd)
    }

    /// `odd`, `even`, `b`, `an`, `an+b`, `an-b`, `-n+b`, spaces around the sign.
    private mutating func nth() throws(CSSSelectorError) -> CSSSelector.Nth {
        let start = index
        var word = ""
        while let c = current, c.isLetter || c.isNumber || c == "+" || c == "-" || c == " " {
            if c != " " { word.append(c) }
            index += 1
        }
        switch word.lowercased() {
        case "odd": return .init(a: 2, b: 1)
        case "even": return .init(a: 2, b: 0)
        default: break
        }
        let lower = word.lowercased()
        guard let n = lower.firstIndex(of: "n") else {
            guard let b = Int(lower) else { throw fail("expected an+b, odd or even", at: start) }
            return .init(a: 0, b: b)
        }
        let aText = String(lower[..<n]), bText = String(lower[lower.index(after: n)...])
        let a: Int? = aText.isEmpty || aText == "+" ? 1 : aText == "-" ? -1 : Int(aText)
        let b: Int? = bText.isEmpty ? 0 : (bText.first == "+" || bText.first == "-") ? Int(bText.dropFirst(bText.first == "+" ? 1 : 0)) : nil
        guard let a, let b else { throw fail("expected an+b, odd or even", at: start) }
        return .init(a: a, b: b)
    }

    private static func startsIdentifier(_ c: Character) -> Bool {
        c.isLetter || c == "_" || c == "-" || !c.isASCII
    }

    /// An identifier, its escapes (`\:`, `\31 `) decoded.
    private mutating func identifier() throws(CSSSelectorError) -> String {
        let start = index
        var out = ""
        while let c = current {
            if c == "\\" {
                out.append(try escape())
            } else if c.isLetter || c.isNumber || c == "_" || c == "-" || !c.isASCII {
                out.append(c)
                index += 1
            } else {
                break
            }
        }
        guard !out.isEmpty, !(out.first!.isNumber), !(out.hasPrefix("-") && out.dropFirst().first?.isNumber == true) else {
            throw fail(current.map { "expected a name, got '\($0)'" } ?? "expected a name", at: start)
        }
        return out
    }

    private mutating func escape() throws(CSSSelectorError) -> Character {
        index += 1
        guard let c = current else { throw fail("an escape at the end") }
        var hex = ""
        while let h = current, h.isHexDigit, hex.count < 6 { hex.append(h); index += 1 }
        guard !hex.isEmpty else {
            index += 1
            return c
        }
        if current == " " { index += 1 }
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value), value != 0 else { return "\u{FFFD}" }
        return Character(scalar)
    }

    private mutating func string() throws(CSSSelectorError) -> String {
        let quote = current!
        let start = index
        index += 1
        var out = ""
        while let c = current {
            if c == quote {
                index += 1
                return out
            }
            if c == "\\" { out.append(try escape()) } else { out.append(c); index += 1 }
        }
        throw fail("a string without its closing \(quote)", at: start)
    }
}
