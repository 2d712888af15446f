/// One token of an XPath 1.0 expression, as the specification's lexical structure (§3.7) cuts
/// it, with where it starts.
struct XPathToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// `(` `)` `[` `]` `.` `..` `@` `,` `::` `/` `//` `|` `+` `-` `=` `!=` `<` `<=` `>` `>=`
        case symbol(String)
        case literal
        case number
        /// `and`, `or`, `mod`, `div`
        case operatorName(String)
        /// `*` after an operand
        case multiply
        /// A name test: `name`, `prefix:name`, `prefix:*`, `*` (nil prefix or local name when absent or `*`).
        case nameTest(prefix: String?, local: String?)
        /// `comment`, `text`, `processing-instruction`, `node` before `(`
        case nodeType(String)
        /// A name before `(`, with its prefix when it has one (`fn:matches`).
        case functionName(String)
        /// A name before `::`
        case axisName(String)
        /// `$name`
        case variable(String)
    }

    let kind: Kind
    /// The token's first character, 0-based.
    let offset: Int
    /// The token as written.
    let text: String

    /// Whether a token after this one is read as an operator (`*` as multiply, a name as
    /// `and`/`or`/`mod`/`div`): §3.7's rule, "if there is a preceding token and it is not one of
    /// @, ::, (, [, , or an Operator".
    var endsOperand: Bool {
        switch kind {
        case .literal, .number, .nameTest, .variable: return true
        case .symbol(let s): return [")", "]", ".", ".."].contains(s)
        case .operatorName, .multiply, .nodeType, .functionName, .axisName: return false
        }
    }
}
