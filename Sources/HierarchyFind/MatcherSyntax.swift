/// A test's matcher read as the expression it is in its language (Java, Kotlin, Dart,
/// JavaScript, Swift), before any framework gives it a meaning: names, strings, numbers, calls
/// with labelled arguments (`substring = true`, `of:`), members (`.atIndex`), subscripts
/// (`app.buttons["OK"]`), Kotlin's infix `and`/`or` and `!`. Each part keeps its column.
struct MatcherSyntax: Hashable, Sendable {
    indirect enum Form: Hashable, Sendable {
        case name(String)
        case string(String)
        case number(Int)
        case call(MatcherSyntax, [Argument])
        case member(MatcherSyntax, String)
        case subscripted(MatcherSyntax, MatcherSyntax)
        case infix(String, MatcherSyntax, MatcherSyntax)
        case negated(MatcherSyntax)
        /// A list literal (`['button', 'selected']`).
        case list([MatcherSyntax])
    }

    /// One argument of a call, with its label when it has one (`useUnmergedTree = true`, `of:`).
    struct Argument: Hashable, Sendable {
        var label: String?
        var value: MatcherSyntax
    }

    var form: Form
    /// The 1-based column where it starts in the matcher's text.
    var column: Int

    /// `a.b.c` for a name and its members, nil for anything else.
    var path: String? {
        switch form {
        case .name(let name): name
        case .member(let base, let name): base.path.map { $0 + "." + name }
        default: nil
        }
    }

    /// The last part of a name or member (`withText` of `ViewMatchers.withText`).
    var lastName: String? {
        switch form {
        case .name(let name): name
        case .member(_, let name): name
        default: nil
        }
    }

    /// What a member is taken of (`by.id('a')` of `by.id('a').and(…)`).
    var base: MatcherSyntax? {
        if case .member(let base, _) = form { return base }
        return nil
    }

    /// The string a literal holds.
    var string: String? {
        if case .string(let value) = form { return value }
        return nil
    }

    var number: Int? {
        if case .number(let value) = form { return value }
        return nil
    }

    /// `true` or `false` as written.
    var boolean: Bool? {
        switch path {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// Every name the expression holds, members included, for telling its framework.
    var names: [String] {
        switch form {
        case .name(let name): [name]
        case .string, .number: []
        case .call(let callee, let arguments): callee.names + arguments.flatMap(\.value.names)
        case .member(let base, let name): base.names + [name]
        case .subscripted(let base, let key): base.names + key.names
        case .infix(let name, let left, let right): [name] + left.names + right.names
        case .negated(let inner): ["!"] + inner.names
        case .list(let items): items.flatMap(\.names)
        }
    }
}
