/// Reads a matcher's text into `MatcherSyntax`: the expressions UI tests write their matchers in,
/// across Java, Kotlin, Dart, JavaScript and Swift. `const`, `new` and `await` before an
/// expression, a generic's `<String>` and Kotlin's `::class.java` are read and left; a `;` may end it.
enum MatcherSyntaxParser {
    /// - Throws: `LocatorError` (strategy `matcher`) naming the column where reading stopped.
    static func parse(_ text: String) throws(LocatorError) -> MatcherSyntax {
        var scanner = LocatorScanner(text, using: .matcher)
        let syntax = try expression(&scanner)
        try scanner.expectStatementEnd("the end of the matcher")
        return syntax
    }

    /// Operands joined by Kotlin's infix `and`/`or` (or `&&`/`||`), left to right as Kotlin reads infix calls.
    static func expression(_ scanner: inout LocatorScanner) throws(LocatorError) -> MatcherSyntax {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        var left = try unary(&scanner)
        while true {
            scanner.skipSpaces()
            let start = scanner.offset
            guard let name = infix(&scanner) else { break }
            let right = try unary(&scanner)
            left = MatcherSyntax(form: .infix(name, left, right), column: start + 1)
        }
        return left
    }

    static func infix(_ scanner: inout LocatorScanner) -> String? {
        if scanner.take("&&") { return "and" }
        if scanner.take("||") { return "or" }
        for word in ["and", "or"] {
            let start = scanner.offset
            if scanner.take(word), let next = scanner.peek, next.isWhitespace || next == "(" { return word }
            scanner.offset = start
        }
        return nil
    }

    static func unary(_ scanner: inout LocatorScanner) throws(LocatorError) -> MatcherSyntax {
        scanner.skipSpaces()
        let start = scanner.offset
        if scanner.peek == "!", !scanner.take("!=") {
            scanner.offset += 1
            try scanner.descend()
            defer { scanner.depth -= 1 }
            return MatcherSyntax(form: .negated(try unary(&scanner)), column: start + 1)
        }
        return try postfix(&scanner)
    }

    /// A primary expression and its calls, members and subscripts.
    static func postfix(_ scanner: inout LocatorScanner) throws(LocatorError) -> MatcherSyntax {
        var syntax = try primary(&scanner)
        while true {
            scanner.skipSpaces()
            let start = scanner.offset
            if scanner.take("(") {
                syntax = MatcherSyntax(form: .call(syntax, try arguments(&scanner)), column: syntax.column)
            } else if scanner.take("[") {
                let key = try expression(&scanner)
                try scanner.expect("]")
                syntax = MatcherSyntax(form: .subscripted(syntax, key), column: syntax.column)
            } else if scanner.peek == ".", scanner.characters.indices.contains(start + 1), scanner.characters[start + 1].isLetter {
                scanner.offset += 1
                for part in (scanner.identifier() ?? "").split(separator: ".") {
                    syntax = MatcherSyntax(form: .member(syntax, String(part)), column: start + 2)
                }
            } else if scanner.peek == "<", syntax.path != nil, skipGeneric(&scanner) {
                continue
            } else {
                return syntax
            }
        }
    }

    /// A generic's arguments (`ValueKey<String>`), when `<` opens one: names, dots, commas and `?` up to `>`.
    static func skipGeneric(_ scanner: inout LocatorScanner) -> Bool {
        let start = scanner.offset
        scanner.offset += 1
        while let c = scanner.peek, c.isLetter || c.isNumber || c == "_" || c == "." || c == "," || c == "?" || c == " " { scanner.offset += 1 }
        if scanner.take(">") { return true }
        scanner.offset = start
        return false
    }

    static func primary(_ scanner: inout LocatorScanner) throws(LocatorError) -> MatcherSyntax {
        scanner.skipSpaces()
        let start = scanner.offset
        let column = start + 1
        if let value = try scanner.quoted() { return MatcherSyntax(form: .string(value), column: column) }
        if let c = scanner.peek, c.isASCII, c.isNumber || c == "-" {
            guard let value = scanner.number(), let whole = Int(exactly: value) else { throw scanner.error("expected a whole number", at: start) }
            _ = scanner.take("L")
            return MatcherSyntax(form: .number(whole), column: column)
        }
        if scanner.take("(") {
            let inner = try expression(&scanner)
            try scanner.expect(")")
            return inner
        }
        if scanner.take("[") {
            var items: [MatcherSyntax] = []
            while true {
                scanner.skipSpaces()
                if scanner.take("]") { break }
                if !items.isEmpty { try scanner.expect(",", "',' or ']'") }
                items.append(try expression(&scanner))
            }
            return MatcherSyntax(form: .list(items), column: column)
        }
        // Swift's implicit member (`.button` in `children(matching: .button)`).
        let leadingDot = scanner.take(".")
        guard let word = scanner.identifier() else { throw scanner.error("expected a matcher\(scanner.found)") }
        if !leadingDot, ["const", "new", "await"].contains(word), let next = scanner.peek, next.isWhitespace {
            return try primary(&scanner)
        }
        let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var syntax = MatcherSyntax(form: .name((leadingDot ? "." : "") + parts[0]), column: column)
        var offset = column + parts[0].count + 1
        for part in parts.dropFirst() {
            syntax = MatcherSyntax(form: .member(syntax, part), column: offset)
            offset += part.count + 1
        }
        // Kotlin's class literal: `Button::class.java` names the class.
        if scanner.take("::") { _ = scanner.identifier() }
        return syntax
    }

    /// `(a, label = b, label: c)` after its `(`.
    static func arguments(_ scanner: inout LocatorScanner) throws(LocatorError) -> [MatcherSyntax.Argument] {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        var result: [MatcherSyntax.Argument] = []
        while true {
            scanner.skipSpaces()
            if scanner.take(")") { return result }
            if !result.isEmpty {
                try scanner.expect(",", "',' or ')'")
                scanner.skipSpaces()
                if scanner.take(")") { return result }
            }
            result.append(MatcherSyntax.Argument(label: label(&scanner), value: try expression(&scanner)))
        }
    }

    /// `name =` or `name:` before an argument, else nothing read.
    static func label(_ scanner: inout LocatorScanner) -> String? {
        let start = scanner.offset
        if let name = scanner.identifier(), !name.contains(".") {
            scanner.skipSpaces()
            if scanner.take(":") || (scanner.take("=") && scanner.peek != "=") { return name }
        }
        scanner.offset = start
        return nil
    }
}
