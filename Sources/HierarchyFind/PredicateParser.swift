/// Reads an iOS predicate string: `label == "OK" AND enabled == 1`, `name BEGINSWITH[c] 'log'`,
/// `value IN {"a", "b"}`, `NOT (visible == 0)`, `rect.width > 40`.
enum PredicateParser {
    static func parse(_ text: String, using: Locator.Strategy = .predicate) throws(LocatorError) -> Predicate {
        var scanner = LocatorScanner(text, using: using)
        let predicate = try parse(&scanner)
        scanner.skipSpaces()
        guard scanner.atEnd else { throw scanner.error("expected AND, OR or the end\(scanner.found)") }
        return predicate
    }

    /// One predicate from the scanner's place (for class chains, which embed them).
    static func parse(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate {
        var terms = [try conjunction(&scanner)]
        while keyword(&scanner, "OR") || symbol(&scanner, "||") { terms.append(try conjunction(&scanner)) }
        return balanced(terms, Predicate.or)
    }

    static func conjunction(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate {
        var terms = [try negation(&scanner)]
        while keyword(&scanner, "AND") || symbol(&scanner, "&&") { terms.append(try negation(&scanner)) }
        return balanced(terms, Predicate.and)
    }

    /// `terms` joined by an associative operator as a balanced tree, in their order: a chain of
    /// 20,000 ORs is 15 levels deep, not 20,000, for the evaluator's recursion (and for freeing it).
    static func balanced(_ terms: [Predicate], _ join: (Predicate, Predicate) -> Predicate) -> Predicate {
        var level = terms
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { $0 + 1 < level.count ? join(level[$0], level[$0 + 1]) : level[$0] }
        }
        return level[0]
    }

    static func negation(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        if keyword(&scanner, "NOT") || symbol(&scanner, "!") { return .not(try negation(&scanner)) }
        scanner.skipSpaces()
        if scanner.take("(") {
            let inner = try parse(&scanner)
            try scanner.expect(")", "')'")
            return inner
        }
        if keyword(&scanner, "TRUEPREDICATE") { return .constant(true) }
        if keyword(&scanner, "FALSEPREDICATE") { return .constant(false) }
        let left = try operand(&scanner)
        let op = try comparison(&scanner)
        let options = try optionsSuffix(&scanner)
        scanner.skipSpaces()
        let start = scanner.offset
        let right = try operand(&scanner)
        if op == .matches, case .string(let pattern) = right, (try? Regex(pattern)) == nil {
            throw scanner.error("MATCHES: '\(pattern)' is not a regular expression", at: start)
        }
        return .comparison(left, op, right, options)
    }

    /// A word that ends where a key path could not go on.
    static func keyword(_ scanner: inout LocatorScanner, _ word: String) -> Bool {
        scanner.skipSpaces()
        let start = scanner.offset
        guard scanner.take(word, caseInsensitive: true) else { return false }
        if let c = scanner.peek, c.isLetter || c.isNumber || c == "_" { scanner.offset = start; return false }
        return true
    }

    static func symbol(_ scanner: inout LocatorScanner, _ text: String) -> Bool {
        scanner.skipSpaces()
        if text == "!", scanner.characters.dropFirst(scanner.offset).starts(with: "!=") { return false }
        return scanner.take(text)
    }

    static func comparison(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate.Operator {
        scanner.skipSpaces()
        let symbols: [(String, Predicate.Operator)] = [
            ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<=", .lessOrEqual), ("=<", .lessOrEqual),
            (">=", .greaterOrEqual), ("=>", .greaterOrEqual), ("=", .equal), ("<", .less), (">", .greater),
        ]
        for (text, op) in symbols where scanner.take(text) { return op }
        for op in [Predicate.Operator.contains, .beginsWith, .endsWith, .like, .matches, .isIn] where keyword(&scanner, op.rawValue) { return op }
        throw scanner.error("expected a comparison (==, !=, <, >, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN)\(scanner.found)")
    }

    static func optionsSuffix(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate.Options {
        guard scanner.peek == "[" else { return Predicate.Options() }
        scanner.offset += 1
        var options = Predicate.Options()
        while let c = scanner.peek, c != "]" {
            switch c {
            case "c": options.caseInsensitive = true
            case "d": options.diacriticInsensitive = true
            default: throw scanner.error("expected c or d in the options\(scanner.found)")
            }
            scanner.offset += 1
        }
        try scanner.expect("]", "']' closing the options")
        return options
    }

    static func operand(_ scanner: inout LocatorScanner) throws(LocatorError) -> Predicate.Operand {
        scanner.skipSpaces()
        if let string = try scanner.quoted() { return .string(string) }
        if scanner.take("{") { return .list(try list(&scanner)) }
        for (word, value) in [("TRUE", true), ("YES", true), ("FALSE", false), ("NO", false)] where keyword(&scanner, word) { return .bool(value) }
        if let c = scanner.peek, c.isNumber || c == "-", let number = scanner.number() { return .number(number) }
        if scanner.peek == "$" { throw scanner.error("variables ($name) cannot be resolved here") }
        if let key = scanner.identifier() { return .key(key) }
        throw scanner.error("expected a key path, a string, a number or a list\(scanner.found)")
    }

    static func list(_ scanner: inout LocatorScanner) throws(LocatorError) -> [Predicate.Operand] {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        var items: [Predicate.Operand] = []
        scanner.skipSpaces()
        if scanner.take("}") { return items }
        repeat {
            items.append(try operand(&scanner))
            scanner.skipSpaces()
        } while scanner.take(",")
        try scanner.expect("}", "',' or '}'")
        return items
    }
}
