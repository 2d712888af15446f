/// flutter_test's `CommonFinders` (packages/flutter_test/lib/src/finders.dart): `find.text`,
/// `find.textContaining`, `find.byKey`, `find.byType`, `find.bySemanticsLabel`, `find.byTooltip`,
/// `find.descendant`, `find.ancestor`, and `.first`, `.last`, `.at(n)` after any of them.
extension MatcherParser {
    func flutter(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        if case .member(let base, let name) = syntax.form, name == "first" || name == "last" {
            return .nth(try flutter(base), name == "first" ? 0 : -1, byPosition: false)
        }
        guard let (name, receiver, arguments) = call(syntax) else { throw error(syntax, "expected a finder such as find.text('…') or find.byKey(ValueKey('…'))") }
        if name == "at", let receiver { return .nth(try flutter(receiver), try number(try only(arguments, of: syntax, name)), byPosition: false) }
        guard receiver?.path == "find" else { throw error(syntax, "expected find.\(name)(…)") }
        let first = { () throws(LocatorError) -> MatcherSyntax in try only(arguments, of: syntax, name) }
        switch name {
        case "text": return .locator(Locator(using: .textMatching, value: Self.exactPattern(try string(try first()))))
        case "textContaining": return .locator(Locator(using: .textMatching, value: Self.pattern(TextTest(kind: .contains, value: try string(try first())))))
        case "byKey": return .widget(.key, try key(try first()))
        case "byType":
            guard let type = try first().path else { throw error(try first(), "expected a widget type") }
            return .widget(.type, type)
        case "bySemanticsLabel": return .widget(.semanticsLabel, try string(try first()))
        case "byTooltip": return .widget(.tooltip, try string(try first()))
        case "descendant", "ancestor":
            guard let of = argument(arguments, "of", nil), let matching = argument(arguments, "matching", nil) else {
                throw error(syntax, "find.\(name)(of: …, matching: …) needs both")
            }
            let (scope, wanted) = (try flutter(of), try flutter(matching))
            let related = Matcher.all([wanted, name == "descendant" ? .ancestor(scope) : .descendant(scope)])
            return try boolean(arguments, "matchRoot") ? .any([related, .all([wanted, scope])]) : related
        default:
            throw error(syntax, "find.\(name) is not a finder find reads: it reads find.text, find.textContaining, find.byKey, find.byType, find.bySemanticsLabel, find.byTooltip, find.descendant and find.ancestor")
        }
    }

    /// `ValueKey('x')`, `const ValueKey<String>('x')`, `Key('x')`, `ObjectKey('x')`: the string.
    func key(_ syntax: MatcherSyntax) throws(LocatorError) -> String {
        guard let (name, _, arguments) = call(syntax), name.hasSuffix("Key"), let value = arguments.first?.value else {
            throw error(syntax, "expected a key: ValueKey('…') or Key('…')")
        }
        if let number = value.number { return String(number) }
        return try string(value)
    }
}
