/// Reads an XPath expression as XPath 1.0 with the 27 functions of its core library, the
/// XPath Appium's drivers evaluate, and refuses, with the column, what libxml2 would compile
/// and then fail to run: XPath 2 functions (`matches()`, `lower-case()`), variables (`$x`),
/// the namespace axis, namespace prefixes (the page source declares none), a function called
/// with the wrong number of arguments, a node set expected where another type is given
/// (`count(1)`, `'a'/b`, `(1)[1]`, `1 | 2`), and nesting deeper than `LocatorLimits.depth`.
///
/// XPath 1.0's types are known before it runs when the functions are the core ones and there are
/// no variables, so every run-time type error is found here, where the column is still known.
struct XPathChecker {
    /// What an expression evaluates to.
    enum ValueType: String { case nodeSet = "a node set", number = "a number", string = "a string", boolean = "a boolean" }

    private let tokens: [XPathToken]
    private let text: String
    private var index = 0
    private var depth = 0

    /// Checks `text` and says what it evaluates to.
    /// - Throws: `LocatorError` with the column of the first thing libxml2 could not run.
    @discardableResult
    static func check(_ text: String) throws(LocatorError) -> ValueType {
        var checker = XPathChecker(tokens: try XPathLexer.tokens(text), text: text)
        let type = try checker.expression()
        if let extra = checker.peek { throw checker.error("expected an operator or the end, found '\(extra.text)'", at: extra) }
        return type
    }

    private init(tokens: [XPathToken], text: String) {
        self.tokens = tokens
        self.text = text
    }

    // MARK: Tokens

    private var peek: XPathToken? { index < tokens.count ? tokens[index] : nil }

    func error(_ message: String, at token: XPathToken?) -> LocatorError {
        LocatorError(using: .xpath, text, column: (token?.offset ?? text.count) + 1, message)
    }

    /// ", found 'x'" or ", found the end".
    private var found: String { peek.map { ", found '\($0.text)'" } ?? ", found the end" }

    private mutating func take(_ symbol: String) -> Bool {
        guard peek?.kind == .symbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(LocatorError) {
        guard take(symbol) else { throw error("expected \(what)\(found)", at: peek) }
    }

    /// The operator at the current token among `symbols` (symbols or operator names), consumed.
    private mutating func binaryOperator(_ symbols: Set<String>) -> XPathToken? {
        guard let token = peek else { return nil }
        switch token.kind {
        case .symbol(let s) where symbols.contains(s), .operatorName(let s) where symbols.contains(s): break
        case .multiply where symbols.contains("*"): break
        default: return nil
        }
        index += 1
        return token
    }

    // MARK: Expressions (XPath 1.0 §3, productions [14]–[27])

    /// Expr: counts the nesting, the one place the descent recurses through.
    mutating func expression() throws(LocatorError) -> ValueType {
        guard depth < LocatorLimits.depth else { throw LocatorLimits.tooDeep(.xpath, text, column: (peek?.offset ?? text.count) + 1) }
        depth += 1
        defer { depth -= 1 }
        return try binary(level: 0)
    }

    /// The operators by precedence, loosest first; each level's operands are the next level's.
    private static let levels: [(symbols: Set<String>, result: ValueType)] = [
        (["or"], .boolean), (["and"], .boolean), (["=", "!="], .boolean), (["<", "<=", ">", ">="], .boolean),
        (["+", "-"], .number), (["*", "div", "mod"], .number),
    ]

    /// OrExpr down to MultiplicativeExpr, left-associative, without recursion per operand.
    private mutating func binary(level: Int) throws(LocatorError) -> ValueType {
        guard level < Self.levels.count else { return try unary() }
        var type = try binary(level: level + 1)
        while binaryOperator(Self.levels[level].symbols) != nil {
            _ = try binary(level: level + 1)
            type = Self.levels[level].result
        }
        return type
    }

    /// UnaryExpr: any number of `-` before a union.
    private mutating func unary() throws(LocatorError) -> ValueType {
        var negated = false
        while take("-") { negated = true }
        let type = try union()
        return negated ? .number : type
    }

    /// UnionExpr: `|` joins node sets only.
    private mutating func union() throws(LocatorError) -> ValueType {
        let first = peek
        let type = try path()
        guard peek?.kind == .symbol("|") else { return type }
        try requireNodes(type, at: first, "'|' joins node sets")
        while take("|") {
            let operand = peek
            try requireNodes(try path(), at: operand, "'|' joins node sets")
        }
        return .nodeSet
    }

    private func requireNodes(_ type: ValueType, at token: XPathToken?, _ rule: String) throws(LocatorError) {
        guard type == .nodeSet else { throw error("\(rule), and this is \(type.rawValue)", at: token) }
    }

    /// PathExpr: a location path, or a filter expression with an optional path after it.
    private mutating func path() throws(LocatorError) -> ValueType {
        guard let token = peek else { throw error("expected an expression, found the end", at: nil) }
        if token.kind == .symbol("/") || token.kind == .symbol("//") {
            index += 1
            if token.kind == .symbol("//") || startsStep { try relativePath() }
            return .nodeSet
        }
        if startsStep {
            try relativePath()
            return .nodeSet
        }
        var type = try primary()
        while peek?.kind == .symbol("[") {
            try requireNodes(type, at: token, "a predicate filters a node set")
            try predicate()
            type = .nodeSet
        }
        if let slash = peek, slash.kind == .symbol("/") || slash.kind == .symbol("//") {
            try requireNodes(type, at: token, "a path goes on from a node set")
            index += 1
            try relativePath()
            type = .nodeSet
        }
        return type
    }

    /// PrimaryExpr: `( Expr )`, a literal, a number or a function call; variables are refused.
    private mutating func primary() throws(LocatorError) -> ValueType {
        guard let token = peek else { throw error("expected an expression, found the end", at: nil) }
        switch token.kind {
        case .literal: index += 1; return .string
        case .number: index += 1; return .number
        case .functionName(let name): return try call(name, at: token)
        case .variable(let name):
            throw error("variables ($\(name)) are not set by Appium's drivers: write the value instead", at: token)
        case .symbol("("):
            index += 1
            let type = try expression()
            try expect(")", "')'")
            return type
        default: throw error("expected a path, a string, a number or a function call\(found)", at: token)
        }
    }

    /// FunctionCall: a core function, its argument count and the node sets it needs.
    private mutating func call(_ name: String, at token: XPathToken) throws(LocatorError) -> ValueType {
        guard let function = XPathFunction.core[name] else { throw error(XPathFunction.unknown(name), at: token) }
        index += 1
        try expect("(", "'(' after \(name)")
        var count = 0
        if !take(")") {
            repeat {
                let argument = peek
                let type = try expression()
                if function.nodeSetArguments, type != .nodeSet {
                    throw error("\(name)() takes a node set, and this is \(type.rawValue)", at: argument)
                }
                count += 1
            } while take(",")
            try expect(")", "',' or ')' closing \(name)(")
        }
        guard function.arguments.contains(count) else {
            throw error("\(name)() takes \(function.argumentsText), not \(count)", at: token)
        }
        return function.result
    }

    // MARK: Location paths (XPath 1.0 §2, productions [1]–[13])

    /// Whether the current token starts a step: `.`, `..`, `@`, an axis, a name test or a node type.
    private var startsStep: Bool {
        switch peek?.kind {
        case .symbol(".")?, .symbol("..")?, .symbol("@")?, .axisName?, .nameTest?, .nodeType?: true
        default: false
        }
    }

    /// RelativeLocationPath: steps joined by `/` or `//`.
    private mutating func relativePath() throws(LocatorError) {
        repeat {
            guard startsStep else { throw error("expected a step (a name, '*', '.', '..', '@' or an axis)\(found)", at: peek) }
            try step()
        } while take("/") || take("//")
    }

    private static let axes: Set<String> = [
        "ancestor", "ancestor-or-self", "attribute", "child", "descendant", "descendant-or-self",
        "following", "following-sibling", "parent", "preceding", "preceding-sibling", "self",
    ]

    /// Step: `.`, `..`, or an axis, a node test and predicates.
    private mutating func step() throws(LocatorError) {
        if take(".") || take("..") { return }
        if case .axisName(let axis)? = peek?.kind {
            if axis == "namespace" {
                throw error("the namespace axis is not read: Appium's page sources declare no namespaces", at: peek)
            }
            guard Self.axes.contains(axis) else { throw error("'\(axis)' is not an XPath axis", at: peek) }
            index += 1
            try expect("::", "'::'")
        } else {
            _ = take("@")
        }
        try nodeTest()
        while peek?.kind == .symbol("[") { try predicate() }
    }

    /// NodeTest: a name without a prefix, `*`, or `node()`, `text()`, `comment()`,
    /// `processing-instruction('name'?)`.
    private mutating func nodeTest() throws(LocatorError) {
        guard let token = peek else { throw error("expected a name or a node type, found the end", at: nil) }
        switch token.kind {
        case .nameTest(let prefix?, _):
            throw error("the namespace prefix '\(prefix):' is not declared: Appium's page sources declare no namespaces", at: token)
        case .nameTest: index += 1
        case .nodeType(let type):
            index += 1
            try expect("(", "'('")
            if type == "processing-instruction", peek?.kind == .literal { index += 1 }
            try expect(")", type == "processing-instruction" ? "a string or ')'" : "')': \(type)() takes nothing")
        default: throw error("expected a name, '*' or a node type such as node()\(found)", at: token)
        }
    }

    /// Predicate: `[ Expr ]`.
    private mutating func predicate() throws(LocatorError) {
        try expect("[", "'['")
        _ = try expression()
        try expect("]", "']'")
    }
}
