/// A test framework's matcher as conditions over the screen's elements, whatever framework wrote
/// it: `MatcherParser` reads the text into one, `MatcherEngine` runs it. docs/find.md, "Matchers
/// as the test wrote them", gives each framework's matchers and where the framework defines them.
indirect enum Matcher: Hashable, Sendable {
    /// A condition one of Appium's strategies (or `text matching`/`id matching`) already states.
    case locator(Locator)
    /// An attribute's value passes the test (`hint`, Detox's `testID`…); `keys` are tried in order.
    case attribute([String], TextTest)
    /// A state: the attribute equals `true`/`false`, an absent one read as its default
    /// (`enabled` true, the others false).
    case state(String, Bool)
    /// Some of the view is drawn (Espresso's `isDisplayed()`: visible with a visible rectangle).
    case displayed
    /// Compose's semantics: the text, description or test tag of a node as its (merged) configuration holds it.
    case semantics(SemanticsField, TextTest)
    /// Flutter's finders that read widgets or semantics: a widget type, a label, a tooltip; the
    /// tree answers them or says what it lacks.
    case widget(WidgetField, String)
    /// Flutter's `find.byKey`: the key as the test wrote it, matched as the dump prints it.
    case flutterKey(FlutterKey)

    case all([Matcher])
    case any([Matcher])
    case not(Matcher)
    /// The parent matches (Espresso's `withParent`, Compose's `hasParent`).
    case parent(Matcher)
    /// An ancestor matches (`isDescendantOfA`, `hasAnyAncestor`, `withAncestor`, `find.descendant(of:)`, `childOf:`).
    case ancestor(Matcher)
    /// A child matches (Maestro's `containsChild:`).
    case child(Matcher)
    /// A descendant matches (`hasDescendant`, `hasAnyDescendant`, `withDescendant`, `find.ancestor(of:)`).
    case descendant(Matcher)
    /// The view is its parent's child at `position` (from 0) and the parent matches (the test
    /// recorder's `childAtPosition`).
    case childAt(Matcher, Int)
    /// The `index`-th of the matches (from 0) in the framework's order; a negative index counts
    /// from the end (Flutter's `.last`).
    case nth(Matcher, Int, order: Order)
    /// Maestro's `below:`/`above:`/`leftOf:`/`rightOf:`: views of the first whose top (left) is
    /// past the other's, nearest centre first.
    case relative(Matcher, Direction, Matcher)
    /// Compose: the inner matcher over the merged semantics tree (`merged`) or the unmerged one.
    case composeTree(Matcher, merged: Bool)
    /// Maestro: the matches with clickable views first, as Maestro orders them without `index:`.
    case clickableFirst(Matcher)

    /// The order a framework counts several matches in.
    enum Order: Hashable, Sendable {
        /// Document order (Compose, Flutter, XCUITest).
        case document
        /// Top to bottom, then left to right, ties in document order (Maestro's `index:`).
        case position
        /// Detox's `atIndex`: breadth first on Android, as Espresso walks the views; by position
        /// on iOS, as Detox sorts what it found (`MatcherEngine.detoxOrder`).
        case detox
    }

    enum SemanticsField: String, Hashable, Sendable { case text, description, tag }
    enum WidgetField: String, Hashable, Sendable { case type, semanticsLabel, tooltip }
    enum Direction: String, Hashable, Sendable { case below, above, leftOf, rightOf }
}

/// How a value is compared: whole, contained, at the start or end, or a Maestro regular expression
/// (matched whole, in any case); in its case or not.
struct TextTest: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case equal, contains, prefix, suffix, regex }
    var kind: Kind
    var value: String
    var ignoreCase = false

    /// A test that can run many times: the regular expression compiled once.
    /// - Throws: `LocatorError` for a regular expression that does not compile.
    func compiled() throws(LocatorError) -> (String) -> Bool {
        if kind == .regex {
            let pattern = try TextPattern(value, using: .matcher)
            return { pattern.matches($0) }
        }
        let wanted = ignoreCase ? value.lowercased() : value
        let kind = kind, ignoreCase = ignoreCase
        return { candidate in
            let text = ignoreCase ? candidate.lowercased() : candidate
            switch kind {
            case .equal: return text == wanted
            case .contains: return text.contains(wanted)
            case .prefix: return text.hasPrefix(wanted)
            case .suffix: return text.hasSuffix(wanted)
            case .regex: return false
            }
        }
    }
}
