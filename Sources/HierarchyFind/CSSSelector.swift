/// A CSS selector list as Selenium's `css selector` strategy takes it, in the grammar this engine
/// reads (docs/find.md): type and universal selectors, `#id`, `.class`, attribute selectors with
/// `=`, `~=`, `|=`, `^=`, `$=`, `*=` (and the `i` flag), the four combinators, and the pseudo-classes
/// `:not()`, `:first-child`, `:last-child`, `:only-child`, `:nth-child()`, `:nth-last-child()`,
/// `:first-of-type`, `:last-of-type`, `:only-of-type`, `:nth-of-type()`, `:nth-last-of-type()`,
/// `:root`, `:empty`, `:checked`, `:disabled`, `:enabled`. Anything else is refused by the parser
/// with its column.
public struct CSSSelector: Hashable, Sendable {
    /// The selectors of the list (`a, b`): an element matches when one of them does.
    public var alternatives: [Complex]

    /// Compound selectors joined by combinators, left to right: `combinators[i]` joins
    /// `compounds[i]` and `compounds[i + 1]`.
    public struct Complex: Hashable, Sendable {
        public var compounds: [Compound]
        public var combinators: [Combinator]
    }

    public enum Combinator: Hashable, Sendable {
        /// `a b`
        case descendant
        /// `a > b`
        case child
        /// `a + b`
        case nextSibling
        /// `a ~ b`
        case subsequentSibling
    }

    /// One element's conditions: its type (nil: any) and the simple selectors after it.
    public struct Compound: Hashable, Sendable {
        public var type: String?
        public var conditions: [Condition]
    }

    public enum AttributeOperator: String, Hashable, Sendable {
        case exists = "", equals = "=", includes = "~=", dashMatch = "|=", prefix = "^=", suffix = "$=", substring = "*="
    }

    /// The `an+b` of `:nth-child()` and its kin: the positions n ≥ 0 makes, from 1.
    public struct Nth: Hashable, Sendable {
        public var a: Int
        public var b: Int

        /// Whether the 1-based `position` is a·n + b for some n ≥ 0.
        public func matches(_ position: Int) -> Bool {
            guard a != 0 else { return position == b }
            let offset = position - b
            return offset % a == 0 && offset / a >= 0
        }
    }

    public indirect enum Condition: Hashable, Sendable {
        case id(String)
        case className(String)
        case attribute(name: String, op: AttributeOperator, value: String, ignoreCase: Bool)
        case not([Complex])
        /// `:nth-child()` and its kin: counted among all siblings or those of the same type, from the start or the end.
        case nth(Nth, ofType: Bool, fromEnd: Bool)
        case onlyChild(ofType: Bool)
        case root
        case empty
        case checked
        case disabled
        case enabled
    }
}
