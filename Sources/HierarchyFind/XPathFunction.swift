/// A function of XPath 1.0's core library (§4): how many arguments it takes and what it gives.
struct XPathFunction: Sendable {
    let arguments: ClosedRange<Int>
    let result: XPathChecker.ValueType
    /// Whether its arguments must be node sets (`count`, `sum`, and the name functions), which
    /// libxml2 checks only while running.
    var nodeSetArguments = false

    var argumentsText: String {
        if arguments.upperBound == Int.max { return "\(arguments.lowerBound) or more arguments" }
        if arguments.count == 1 { return arguments.lowerBound == 1 ? "1 argument" : "\(arguments.lowerBound) arguments" }
        return "\(arguments.lowerBound) to \(arguments.upperBound) arguments"
    }

    /// The 27 functions, by name.
    static let core: [String: XPathFunction] = [
        "last": .init(arguments: 0...0, result: .number), "position": .init(arguments: 0...0, result: .number),
        "count": .init(arguments: 1...1, result: .number, nodeSetArguments: true), "id": .init(arguments: 1...1, result: .nodeSet),
        "local-name": .init(arguments: 0...1, result: .string, nodeSetArguments: true),
        "namespace-uri": .init(arguments: 0...1, result: .string, nodeSetArguments: true),
        "name": .init(arguments: 0...1, result: .string, nodeSetArguments: true),
        "string": .init(arguments: 0...1, result: .string), "concat": .init(arguments: 2...Int.max, result: .string),
        "starts-with": .init(arguments: 2...2, result: .boolean), "contains": .init(arguments: 2...2, result: .boolean),
        "substring-before": .init(arguments: 2...2, result: .string), "substring-after": .init(arguments: 2...2, result: .string),
        "substring": .init(arguments: 2...3, result: .string), "string-length": .init(arguments: 0...1, result: .number),
        "normalize-space": .init(arguments: 0...1, result: .string), "translate": .init(arguments: 3...3, result: .string),
        "boolean": .init(arguments: 1...1, result: .boolean), "not": .init(arguments: 1...1, result: .boolean),
        "true": .init(arguments: 0...0, result: .boolean), "false": .init(arguments: 0...0, result: .boolean),
        "lang": .init(arguments: 1...1, result: .boolean),
        "number": .init(arguments: 0...1, result: .number), "sum": .init(arguments: 1...1, result: .number, nodeSetArguments: true),
        "floor": .init(arguments: 1...1, result: .number), "ceiling": .init(arguments: 1...1, result: .number),
        "round": .init(arguments: 1...1, result: .number),
    ]

    /// XPath 2's functions UI tests reach for, and what XPath 1.0 does instead.
    static let instead: [String: String] = [
        "matches": "contains() or starts-with()", "lower-case": "translate(@text, 'ABC…', 'abc…')",
        "upper-case": "translate(@text, 'abc…', 'ABC…')", "ends-with": "substring(@a, string-length(@a) - string-length('x') + 1) = 'x'",
        "string-join": "concat()", "replace": "translate()", "exists": "boolean()", "empty": "not()",
    ]

    /// Why `name()` is refused.
    static func unknown(_ name: String) -> String {
        let base = "\(name)() is not a function of XPath 1.0, which Appium's drivers evaluate"
        return instead[name].map { base + " (use \($0))" } ?? base
    }
}
