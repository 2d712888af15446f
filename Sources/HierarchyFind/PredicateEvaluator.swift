/// Tests an element against a predicate the way NSPredicate compares: a missing key equals
/// nothing (so `!=` holds), booleans and numbers compare as numbers (`enabled == 1`, `== YES`,
/// "true"), strings as strings with `[c]`/`[d]` folding.
struct PredicateEvaluator {
    let values: ElementValues

    func test(_ predicate: Predicate, _ e: ScreenElement) -> Bool {
        switch predicate {
        case .constant(let value): return value
        case .not(let inner): return !test(inner, e)
        case .and(let a, let b): return test(a, e) && test(b, e)
        case .or(let a, let b): return test(a, e) || test(b, e)
        case .comparison(let left, let op, let right, let options): return compare(left, op, right, options, e)
        }
    }

    private func compare(_ left: Predicate.Operand, _ op: Predicate.Operator, _ right: Predicate.Operand, _ options: Predicate.Options, _ e: ScreenElement) -> Bool {
        if op == .isIn {
            switch right {
            case .list(let items): return items.contains { compare(left, .equal, $0, options, e) }
            // `"Sign in" IN identifiers` (XCUITest's subscript): the key holds the value.
            case .key(let path):
                let keys = path == "identifiers" ? ["identifier", "label", "title", "value", "placeholderValue"] : [path]
                return keys.contains { compare(.key($0), .equal, left, options, e) }
            default:
                guard let l = text(left, e), let r = text(right, e) else { return false }
                return fold(r, options).contains(fold(l, options))
            }
        }
        let (l, r) = (text(left, e), text(right, e))
        if [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(op), isNumeric(left) || isNumeric(right) {
            guard let a = l.flatMap(number), let b = r.flatMap(number) else { return op == .notEqual }
            switch op {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }
        guard let lv = l, let rv = r else { return op == .notEqual }
        let (a, b) = (fold(lv, options), fold(rv, options))
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        case .contains: return a.contains(b)
        case .beginsWith: return a.hasPrefix(b)
        case .endsWith: return a.hasSuffix(b)
        case .like: return TextMatch.like(a, pattern: b)
        case .matches: return TextMatch.wholeMatch(a, pattern: b)
        case .isIn: return false
        }
    }

    private func isNumeric(_ operand: Predicate.Operand) -> Bool {
        switch operand {
        case .number, .bool: true
        default: false
        }
    }

    private func text(_ operand: Predicate.Operand, _ e: ScreenElement) -> String? {
        switch operand {
        case .key(let path): values.key(path, of: e)
        case .string(let s): s
        case .number(let n): String(n)
        case .bool(let b): b ? "1" : "0"
        case .list: nil
        }
    }

    private func number(_ text: String) -> Double? {
        switch text.lowercased() {
        case "true", "yes": 1
        case "false", "no": 0
        default: Double(text)
        }
    }

    private func fold(_ text: String, _ options: Predicate.Options) -> String {
        TextMatch.folded(text, caseInsensitive: options.caseInsensitive, diacriticInsensitive: options.diacriticInsensitive)
    }
}
