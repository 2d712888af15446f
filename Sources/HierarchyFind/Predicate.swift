/// An iOS predicate string (NSPredicate's syntax, the subset WebDriverAgent's tests use): key
/// paths compared with strings, numbers and booleans, combined with AND, OR and NOT.
indirect enum Predicate: Hashable, Sendable {
    case constant(Bool)
    case not(Predicate)
    case and(Predicate, Predicate)
    case or(Predicate, Predicate)
    case comparison(Operand, Operator, Operand, Options)

    enum Operand: Hashable, Sendable {
        case key(String)
        case string(String)
        case number(Double)
        case bool(Bool)
        case list([Operand])
    }

    enum Operator: String, Hashable, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES", isIn = "IN"
    }

    /// `[c]` case-insensitive, `[d]` diacritic-insensitive.
    struct Options: Hashable, Sendable {
        var caseInsensitive = false
        var diacriticInsensitive = false
    }
}
