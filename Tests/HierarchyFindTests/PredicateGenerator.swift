import HierarchyFind
import HierarchyTestSupport

/// Random iOS predicate strings over a screen's own values: every comparison (`==`, `!=`, `<>`,
/// `<`, `>=`, `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES`, `IN` both ways) with and
/// without `[c]`/`[cd]`, over the keys XCUITest's and Appium's predicates name (`type`, `name`,
/// `label`, `value`, `identifier`, `wdName`, `rect.x`…), joined by `AND`/`OR`/`&&`/`||`/`NOT`/`!`
/// in parentheses; and, cut short or with a stray character, predicates that do not parse.
struct PredicateGenerator {
    /// Texts the elements hold, without quotes or backslashes (so that any quoting reads them).
    let texts: [String]

    init(elements: [ScreenElement]) {
        texts = Array(Set(elements.flatMap { $0.attributes.values }.filter { !$0.isEmpty && !$0.contains("'") && !$0.contains("\"") && !$0.contains("\\") })).sorted()
    }

    static let textKeys = ["type", "name", "label", "value", "identifier", "wdName", "wdLabel", "title", "elementType", "className", "text", "class", "resource"]
    static let numberKeys = ["rect.x", "rect.y", "rect.width", "rect.height", "rect.origin.x", "frame.size.height", "x", "width", "enabled", "visible"]
    static let textOperators = ["==", "!=", "<>", "=", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN", "<", ">="]
    static let numberOperators = ["==", "!=", "<", "<=", ">", ">=", "=<", "=>"]

    func predicates(count: Int, using random: inout SplitMix) -> [String] {
        (0..<count).map { _ in predicate(depth: 0, &random) }
    }

    /// A predicate broken: cut short at a random place, or a stray character put in.
    func broken(_ predicate: String, _ random: inout SplitMix) -> String {
        let characters = Array(predicate)
        let at = pick(characters.count + 1, &random)
        if pick(2, &random) == 0 { return String(characters[..<at]) }
        let stray = ["(", ")", "'", "[", "{", "=", "@", "#", "AND", "$x", "\u{00E9}"][pick(11, &random)]
        return String(characters[..<at]) + stray + String(characters[at...])
    }

    func predicate(depth: Int, _ random: inout SplitMix) -> String {
        switch depth < 2 ? pick(7, &random) : 0 {
        case 1: return "\(predicate(depth: depth + 1, &random)) \(["AND", "and", "&&"][pick(3, &random)]) \(predicate(depth: depth + 1, &random))"
        case 2: return "\(predicate(depth: depth + 1, &random)) \(["OR", "or", "||"][pick(3, &random)]) \(predicate(depth: depth + 1, &random))"
        case 3: return "\(["NOT ", "!", "not "][pick(3, &random)])(\(predicate(depth: depth + 1, &random)))"
        case 4: return "(\(predicate(depth: depth + 1, &random)))"
        default: return pick(4, &random) == 0 ? numberComparison(&random) : textComparison(&random)
        }
    }

    func numberComparison(_ random: inout SplitMix) -> String {
        let key = Self.numberKeys[pick(Self.numberKeys.count, &random)]
        let op = Self.numberOperators[pick(Self.numberOperators.count, &random)]
        let value = key == "enabled" || key == "visible" ? ["1", "0", "true", "YES", "FALSE", "no"][pick(6, &random)] : ["0", "42", "100.5", "390", "-3", "1080", "2e2"][pick(7, &random)]
        return "\(key) \(op) \(value)"
    }

    func textComparison(_ random: inout SplitMix) -> String {
        let key = Self.textKeys[pick(Self.textKeys.count, &random)]
        let op = Self.textOperators[pick(Self.textOperators.count, &random)]
        let options = ["", "", "[c]", "[cd]", "[d]"][pick(5, &random)]
        let whole = texts.isEmpty ? "OK" : texts[pick(texts.count, &random)]
        let characters = Array(whole)
        let start = pick(characters.count, &random), end = start + 1 + pick(characters.count - start, &random)
        var value = switch op {
        case "BEGINSWITH": String(characters[..<end])
        case "ENDSWITH": String(characters[start...])
        case "CONTAINS": String(characters[start..<end])
        case "LIKE": String(characters.enumerated().map { $0.offset == start ? "*" : $0.offset == end - 1 ? "?" : $0.element })
        case "MATCHES": String(characters[..<end].filter { $0.isLetter || $0.isNumber || $0 == " " }) + ".*"
        default: whole
        }
        if pick(3, &random) == 0 { value = pick(2, &random) == 0 ? value.uppercased() : value.lowercased() }
        let quoted = pick(2, &random) == 0 ? "'\(value)'" : "\"\(value)\""
        if op == "IN" {
            return pick(2, &random) == 0 ? "\(key) IN\(options) {\(quoted), 'Cancel'}" : "\(quoted) IN\(options) \(key)"
        }
        return "\(key) \(op)\(options) \(quoted)"
    }

    func pick(_ n: Int, _ random: inout SplitMix) -> Int { Int(random.next() % UInt64(max(n, 1))) }
}
