/// flutter_test's `CommonFinders` (packages/flutter_test/lib/src/finders.dart): `find.text`,
/// `find.textContaining`, `find.byKey`, `find.byType`, `find.bySemanticsLabel`, `find.byTooltip`,
/// `find.descendant`, `find.ancestor`, and `.first`, `.last`, `.at(n)` after any of them.
extension MatcherParser {
    func flutter(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        if case .member(let base, let name) = syntax.form, name == "first" || name == "last" {
            return .nth(try flutter(base), name == "first" ? 0 : -1, order: .document)
        }
        guard let (name, receiver, arguments) = call(syntax) else { throw error(syntax, "expected a finder such as find.text('…') or find.byKey(ValueKey('…'))") }
        if name == "at", let receiver { return .nth(try flutter(receiver), try number(try only(arguments, of: syntax, name)), order: .document) }
        guard receiver?.path == "find" else { throw error(syntax, "expected find.\(name)(…)") }
        let first = { () throws(LocatorError) -> MatcherSyntax in try only(arguments, of: syntax, name) }
        switch name {
        case "text": return .locator(Locator(using: .textMatching, value: Self.exactPattern(try string(try first()))))
        case "textContaining": return .locator(Locator(using: .textMatching, value: Self.pattern(TextTest(kind: .contains, value: try string(try first())))))
        case "byKey": return .flutterKey(try key(try first()))
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

    /// The key a test wrote (`FlutterKey`): `ValueKey('x')`, `const ValueKey<String>('x')`,
    /// `Key('x')`, `ValueKey(3)`, `PageStorageKey('x')`; `GlobalKey(debugLabel: 'x')`,
    /// `GlobalKey<FormState>()`, `LabeledGlobalKey('x')`; `GlobalObjectKey('x')`, `ObjectKey(Item())`.
    /// A variable (`_formKey`), `UniqueKey()` or a bare `GlobalKey()` names no key a dump prints.
    func key(_ syntax: MatcherSyntax) throws(LocatorError) -> FlutterKey {
        if let name = syntax.path {
            throw error(syntax, "find.byKey(\(name)) names its key by a variable of the test, which a dump cannot answer: it prints keys as their toString ([<'login'>], [GlobalKey#1a2b3 login]); write the key itself (ValueKey('login'), GlobalKey(debugLabel: 'login'))")
        }
        guard let (name, _, arguments) = call(syntax), name.hasSuffix("Key") else {
            throw error(syntax, "expected a key: ValueKey('…'), Key('…'), GlobalKey(debugLabel: '…') or GlobalObjectKey(…)")
        }
        let type = typeArgument(syntax)
        switch name {
        case "GlobalKey", "LabeledGlobalKey":
            let label = try argument(arguments, "debugLabel", name == "LabeledGlobalKey" ? 0 : nil).map { value throws(LocatorError) in try string(value) }
            guard label != nil || type != nil else {
                throw error(syntax, "\(name)() without a debugLabel prints its hash alone ([GlobalKey#1a2b3]) and equals only itself: one made in the test names no widget of the dump; give its debugLabel or its state type (GlobalKey<FormState>())")
            }
            return FlutterKey(kind: .labeled(type: type, label: label))
        case "GlobalObjectKey", "ObjectKey":
            guard let value = arguments.first?.value else { throw error(syntax, "\(name)(…) needs its value") }
            return FlutterKey(kind: .object(global: name == "GlobalObjectKey", type: type, valueType: try valueType(value, of: name)))
        case "UniqueKey":
            throw error(syntax, "UniqueKey() equals only itself: one made in the test names no widget of the dump (which prints it [#1a2b3])")
        default:
            guard let value = arguments.first?.value else { throw error(syntax, "\(name)(…) needs its value") }
            let subclass = name != "ValueKey" && name != "Key"
            if let number = value.number { return FlutterKey(kind: .value(String(number), quoted: false, subclass: subclass)) }
            return FlutterKey(kind: .value(try string(value), quoted: true, subclass: subclass))
        }
    }

    /// The type an object key's value prints as (`describeIdentity`): `String` for a string
    /// literal, `int` for a number, `Item` for `Item(…)`; a variable's type is not in the text.
    func valueType(_ value: MatcherSyntax, of name: String) throws(LocatorError) -> String {
        if value.string != nil { return "String" }
        if value.number != nil { return "int" }
        if let (type, _, _) = call(value), value.path == nil, type.drop(while: { $0 == "_" }).first?.isUppercase == true { return type }
        throw error(value, "\(name)(…) of a variable: the dump prints the value's type and hash, not the value, and the text does not say its type; write the value (\(name)('x'), \(name)(Item()))")
    }

    /// The type argument written after a key's name (`FormState` of `GlobalKey<FormState>(…)`),
    /// read from the text, as the syntax leaves generics out.
    func typeArgument(_ syntax: MatcherSyntax) -> String? {
        let characters = Array(text)
        guard syntax.column >= 1, syntax.column <= characters.count else { return nil }
        let rest = String(characters[(syntax.column - 1)...])
        guard let found = rest.prefixMatch(of: /\w+\s*<\s*([\w.]+)\s*>/) else { return nil }
        return String(found.output.1)
    }
}
