/// A locator that does not parse or cannot run: bad input, exit status 2.
///
/// `description` reads `--predicate: column 12: expected a value after '=='`.
public struct LocatorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var using: Locator.Strategy
    public var value: String
    /// The 1-based column (in characters) where reading stopped, when known.
    public var column: Int?
    public var message: String

    public init(using: Locator.Strategy, _ value: String, column: Int?, _ message: String) {
        self.using = using
        self.value = value
        self.column = column
        self.message = message
    }

    public var description: String {
        let option = Locator.Strategy.options[using] ?? using.rawValue
        return "--\(option): " + (column.map { "column \($0): " } ?? "") + message
    }
}

extension Locator.Strategy {
    /// The command-line option of each strategy.
    public static let options: [Locator.Strategy: String] = [
        .xpath: "xpath", .id: "id", .accessibilityID: "accessibility-id", .className: "class-name",
        .uiautomator: "uiautomator", .predicate: "predicate", .classChain: "class-chain", .text: "text",
        .textMatching: "text-matching", .idMatching: "id-matching", .matcher: "matcher",
        .css: "css", .linkText: "link-text", .partialLinkText: "partial-link-text", .tagName: "tag-name", .name: "name",
    ]
}
