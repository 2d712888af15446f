/// An iOS class chain (WebDriverAgent's `FBClassChainQueryParser`): steps separated by `/`,
/// each a type (or `*`) among the children, or among all descendants after `**/`, filtered in
/// order by `` [`predicate`] `` and positions `[n]` (from 1; `[-1]` the last).
struct ClassChain: Hashable, Sendable {
    struct Step: Hashable, Sendable {
        var descendants: Bool
        /// nil for `*`.
        var type: String?
        var filters: [Filter]
    }

    enum Filter: Hashable, Sendable {
        case position(Int)
        case predicate(Predicate)
    }

    var steps: [Step]

    static func parse(_ text: String) throws(LocatorError) -> ClassChain {
        var scanner = LocatorScanner(text, using: .classChain)
        var steps: [Step] = []
        repeat {
            guard steps.count < LocatorLimits.classChainSteps else {
                throw scanner.error("more than \(LocatorLimits.classChainSteps) steps, the most this reads")
            }
            steps.append(try step(&scanner))
        } while scanner.take("/")
        guard scanner.atEnd else { throw scanner.error("expected '/' or '['\(scanner.found)") }
        return ClassChain(steps: steps)
    }

    static func step(_ scanner: inout LocatorScanner) throws(LocatorError) -> Step {
        let descendants = scanner.take("**/")
        let type: String?
        if scanner.take("*") { type = nil }
        else if let name = scanner.identifier() { type = name }
        else { throw scanner.error("expected a type such as XCUIElementTypeButton or '*'\(scanner.found)") }
        var filters: [Filter] = []
        while scanner.take("[") {
            filters.append(try filter(&scanner))
            guard scanner.take("]") else { throw scanner.error("expected ']'\(scanner.found)") }
        }
        return Step(descendants: descendants, type: type, filters: filters)
    }

    static func filter(_ scanner: inout LocatorScanner) throws(LocatorError) -> Filter {
        if scanner.take("`") {
            let start = scanner.offset
            guard let end = scanner.characters[start...].firstIndex(of: "`") else { throw scanner.error("the predicate is never closed with '`'", at: start - 1) }
            // The predicate is read alone so that its columns are its own, then shifted.
            let body = String(scanner.characters[start..<end])
            do {
                let predicate = try PredicateParser.parse(body, using: .classChain)
                scanner.offset = end + 1
                return .predicate(predicate)
            } catch {
                throw LocatorError(using: .classChain, scanner.text, column: error.column.map { $0 + start }, error.message)
            }
        }
        if scanner.peek == "$" { throw scanner.error("descendant predicates ([$…$]) are not read") }
        let start = scanner.offset
        guard let number = scanner.number(), number == number.rounded(), number != 0, abs(number) < 1e9 else {
            scanner.offset = start
            throw scanner.error("expected a position (1, 2… or -1 for the last) or a `predicate`\(scanner.found)")
        }
        return .position(Int(number))
    }
}
