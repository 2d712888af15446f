import Foundation

/// The test frameworks' own failure texts. Each form is how the framework's source prints its
/// matcher (cited on each reader); the recorded real texts are in `Tests/Fixtures/failures`.
extension FailureLocator {
    /// Espresso: `with id: com.app:id/login`, `with id is <com.app:id/login>`, `view.getId() is <…>`.
    static func espressoID(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with id:? (?:is )?|view\.getId\(\) is )<?([A-Za-z0-9_.]+:id\/[A-Za-z0-9_.]+|[A-Za-z0-9_]+)>?/) else { return nil }
        return found(text, m.range, .id, String(m.output.1))
    }

    /// Espresso's `PerformException` for a view that breaks the action's constraints: `Action will
    /// not be performed because the target view does not match one or more of the following
    /// constraints:` and, on the next line, the constraint (`ViewInteraction.java`,
    /// `at least 90 percent of the view's area is displayed to the user.` for `click()`'s
    /// `isDisplayingAtLeast(90)`, GeneralClickAction.java). The view's matcher is read from
    /// `Error performing '…' on view '…'` by the readers above.
    static func espressoConstraint(_ text: String) -> String? {
        guard let m = text.firstMatch(of: /does not match one or more of the following constraints:[ \t]*\r?\n[ \t]*([^\r\n]+)/) else { return nil }
        let constraint = String(m.output.1).trimmingCharacters(in: .whitespaces)
        return constraint.isEmpty ? nil : constraint
    }

    /// Espresso's `withResourceName`: `view.getId()'s resource name should match is "login"`
    /// (ViewMatchers.java, `WithResourceNameMatcher.describeTo`).
    static func espressoResourceName(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /view\.getId\(\)'s resource name should match is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return found(text, m.range, .id, javaUnescaped(String(m.output.1)))
    }

    /// Espresso: `with text: is "Sign in"`, `view.getText() with or without transformation to match: is "Sign in"`.
    static func espressoText(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with text: |view\.getText\(\)[^:\n]*: )is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return found(text, m.range, .text, javaUnescaped(String(m.output.1)))
    }

    /// Espresso: `with content description: is "Back"` (also `… text: is`, `view.getContentDescription() is`).
    static func espressoDescription(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with content description(?: text)?: |view\.getContentDescription\(\) )is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return found(text, m.range, .accessibilityID, javaUnescaped(String(m.output.1)))
    }

    /// Espresso's `withClassName`: `view.getClass().getName() matches: is "android.widget.Button"`.
    static func espressoClassName(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /view\.getClass\(\)\.getName\(\) matches: is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return found(text, m.range, .className, javaUnescaped(String(m.output.1)))
    }

    /// Detox on Android: `by.id` is Espresso's `withTagValue`, printed `view.getTag() is "login"`.
    static func espressoTag(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /view\.getTag\(\) is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return found(text, m.range, .id, javaUnescaped(String(m.output.1)))
    }

    /// Compose's `SemanticsMatcher` descriptions after `… node that satisfies: (` or
    /// `Original selector:` (Filters.kt): `TestTag = 'x'`; `Text + EditableText contains 'x'
    /// (ignoreCase: false)`, one of the texts equal to it, or `… as substring`; and
    /// `ContentDescription = 'x'` or `contains 'x'` (a substring). The first one is taken.
    static func composeSelector(_ text: String) -> (Int, Locator)? {
        guard let start = text.firstMatch(of: #/(?:satisfies|satisfy): \(|Original selector: /#) else { return nil }
        let rest = text[start.range.upperBound...]
        let tag = rest.firstMatch(of: /TestTag = '([^\n]*?)'\)/)
        let texts = rest.firstMatch(of: /Text(?: \+ InputText)?(?: \+ EditableText)? (=|contains) '([^\n]*?)' \(ignoreCase: (true|false)\)( as substring)?/)
        let description = rest.firstMatch(of: /ContentDescription (=|contains) '([^\n]*?)' \(ignoreCase: (true|false)\)/)
        var candidates: [(Range<String.Index>, Locator.Strategy, String)] = []
        if let tag { candidates.append((tag.range, .id, String(tag.output.1))) }
        if let t = texts {
            candidates.append((t.range, .textMatching, composePattern(String(t.output.2), substring: t.output.4 != nil, ignoreCase: t.output.3 == "true")))
        }
        if let d = description {
            let value = String(d.output.2)
            candidates.append(d.output.1 == "=" && d.output.3 == "false" ? (d.range, .accessibilityID, value)
                : (d.range, .textMatching, composePattern(value, substring: d.output.1 == "contains", ignoreCase: d.output.3 == "true")))
        }
        guard let first = candidates.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
        return found(text, first.0, first.1, first.2)
    }

    /// A Compose text test as a `text matching` pattern: the text itself, or inside any text.
    static func composePattern(_ value: String, substring: Bool, ignoreCase: Bool) -> String {
        let literal = TextPattern.escaped(value)
        return (ignoreCase ? "" : "(?-i)") + (substring ? ".*\(literal).*" : literal)
    }

    /// flutter_test's finder descriptions (finders.dart) in `Found 0 widgets with text "x"` or the
    /// older `zero widgets with text "x"`: `text "x"`, `text containing x`, `key [<'x'>]`,
    /// `type "X"`.
    static func flutterFinder(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:Found 0 widgets|zero widgets) with (text containing |text |key |type )([^\n]*)/) else { return nil }
        let rest = String(m.output.2)
        switch m.output.1 {
        case "text ", "type ":
            guard let q = rest.prefixMatch(of: /"([^\n]*?)"(?::|\s\(|\]|>|\s*$)/) else { return nil }
            let value = String(q.output.1)
            return found(text, m.range, m.output.1 == "type " ? .className : .textMatching, m.output.1 == "type " ? value : composePattern(value, substring: false, ignoreCase: false))
        case "key ":
            if let k = rest.prefixMatch(of: /\[<'?([^\n]*?)'?>\]/) { return found(text, m.range, .id, String(k.output.1)) }
            return globalKeyFinder(text, m.range, rest)
        default:
            let pattern = rest.prefixMatch(of: /([^\n]*?)(?::\s\[|\s\(ignoring|>|$)/).map { String($0.output.1) } ?? rest
            return found(text, m.range, .textMatching, composePattern(pattern, substring: true, ignoreCase: false))
        }
    }

    /// A global key as `LabeledGlobalKey.toString` prints it in a finder's description (`key
    /// [GlobalKey#1a2b3 login]`, `key [LabeledGlobalKey<FormState>#1a2b3 login]`): the finder
    /// `find.byKey(GlobalKey<FormState>(debugLabel: 'login'))`, which matches it as a dump prints it
    /// (the hash is the failed run's instance, which another run's dump does not share).
    static func globalKeyFinder(_ text: String, _ range: Range<String.Index>, _ rest: String) -> (Int, Locator)? {
        guard let k = rest.prefixMatch(of: /\[(?:GlobalKey|LabeledGlobalKey<([\w<>, ]+)>)#[0-9a-f]{5}(?: ([^\]\n'\\]*))?\]/) else { return nil }
        let type = k.output.1.map { "<\($0)>" } ?? ""
        let label = k.output.2.map { "debugLabel: '\($0)'" } ?? ""
        guard var locator = TestMatcher.locator("find.byKey(GlobalKey\(type)(\(label)))") else { return nil }
        locator.quoted = line(text, range)
        return (offset(text, range.lowerBound), locator)
    }

    /// Detox on iOS: `No elements found for “MATCHER(id == “login”)”` (detox/ios/Detox/Invocation/
    /// Element.swift and Predicate.swift's `ValuePredicate`: `kind == “value”`); the first value
    /// predicate is taken: `id` (`identifier` in Detox before 20), `label` (accessibility label),
    /// `text`, `value`, `type` (a class).
    static func detoxMatcher(_ text: String) -> (Int, Locator)? {
        guard let start = text.firstMatch(of: #/No elements found for “MATCHER\(/#),
              let m = text[start.range.upperBound...].firstMatch(of: /(identifier|id|label|text|value|type) == “([^\n]*?)”(?:\)| AND| OR|,)/) else { return nil }
        let using: Locator.Strategy = switch m.output.1 {
        case "id", "identifier": .id
        case "label": .accessibilityID
        case "type": .className
        default: .text
        }
        return found(text, start.range.lowerBound..<m.range.upperBound, using, String(m.output.2))
    }

    /// Detox's older iOS driver (EarlGrey): `Cannot find UI Element.` with an element matcher
    /// holding `accessibilityID('Welcome')`.
    static func detoxEarlGrey(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /accessibilityID\('((?:[^'\\]|\\.)*)'\)/) else { return nil }
        return found(text, m.range, .id, String(m.output.1))
    }

    /// Maestro: `Element not found: Text matching regex: Sign in` or `Id matching regex: login`
    /// (maestro-orchestra's Orchestra.kt `buildFilter`, its parts joined by ", "): the pattern runs
    /// to the next part (`, Below: …`) or the end of the line.
    static func maestroSelector(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: #/Element not found: (?:[^\n]*?)(Text|Id) matching regex: /#) else { return nil }
        var value = restOfLine(text, from: m.range.upperBound)
        // Maestro's run summary puts the message in brackets: `[Failed] flow (2m 45s) (Element not found: …)`.
        if text[..<m.range.lowerBound].hasSuffix("("), let close = value.lastIndex(of: ")") { value = String(value[..<close]) }
        if let next = value.firstMatch(of: #/, (?:Id matching regex|Size|Below|Above|Left of|Right of|Contains child|Contains descendants|Traits|Enabled|Selected|Checked|Focused|Index|Child of): /#) {
            value = String(value[..<next.range.lowerBound])
        }
        return found(text, m.range, m.output.1 == "Text" ? .textMatching : .idMatching, value)
    }

    /// XCUITest: `Elements matching predicate '"Sign in" IN identifiers'`, `identifier == "login"`.
    static func xcuitestPredicate(_ text: String) -> (Int, Locator)? {
        if let m = text.firstMatch(of: /matching predicate '([^\n]*)'/) {
            return found(text, m.range, .predicate, String(m.output.1))
        }
        guard let m = text.firstMatch(of: /(?:identifier|label) == "(?:[^"\\]|\\.)*"/) else { return nil }
        return found(text, m.range, .predicate, String(m.output))
    }

    /// XCUITest's activity: ``Checking existence of `"Network" Button` `` (an element by identifier
    /// or label, of a type), as a predicate.
    static func xcuitestExistence(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:Checking existence of|Tap|Find the) `"((?:[^"\\]|\\.)*)" ([A-Za-z]+)`/) else { return nil }
        let type = "XCUIElementType" + m.output.2
        return found(text, m.range, .predicate, "type == \"\(type)\" AND \"\(m.output.1)\" IN identifiers")
    }
}
