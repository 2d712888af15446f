/// A `new UiSelector()…` expression, as appium-uiautomator2-server's `UiSelectorParser` reads it:
/// conditions on one element, which of the matches (`instance`), and the selector that follows
/// from it (`childSelector` among its descendants, `fromParent` among its siblings).
struct UiSelector: Hashable, Sendable {
    enum Condition: Hashable, Sendable {
        case string(attribute: String, StringTest, String)
        case flag(attribute: String, Bool)
        case index(Int)
    }

    enum StringTest: Hashable, Sendable {
        case equals, contains, startsWith, matches
    }

    enum Relation: Hashable, Sendable { case child, sibling }

    var conditions: [Condition] = []
    /// The 0-based match to take, in document order.
    var instance: Int?
    /// The selector that follows, and how.
    var next: Next?

    final class Next: Hashable, Sendable {
        let relation: Relation
        let selector: UiSelector
        init(relation: Relation, selector: UiSelector) { self.relation = relation; self.selector = selector }
        static func == (a: Next, b: Next) -> Bool { a.relation == b.relation && a.selector == b.selector }
        func hash(into hasher: inout Hasher) { hasher.combine(relation); hasher.combine(selector) }
    }
}
