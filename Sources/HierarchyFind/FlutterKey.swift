/// A Flutter key as a test writes it in `find.byKey(…)`, matched against the key as a dump prints
/// it. A widget of a render tree's `creator:` chain prints as `Widget.toStringShort` does,
/// `Form-[LabeledGlobalKey<FormState>#1a2b3 login]`: its type, a dash and the key's `toString`
/// (flutter/flutter 0003365d, `packages/flutter/lib/src/foundation/key.dart` `ValueKey.toString`;
/// `packages/flutter/lib/src/widgets/framework.dart:108` `ObjectKey`, `:213` `LabeledGlobalKey`,
/// `:264` `GlobalObjectKey`). An instance's hash (`#1a2b3`, `shortHash`) cannot be known from a
/// test's text, so any hash matches; what the key prints besides it must match.
struct FlutterKey: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// `ValueKey('x')`, `Key('x')`, `ValueKey<int>(3)`: `[<'x'>]`, `[<3>]`; a subclass
        /// (`PageStorageKey('x')`) prints its type argument first, `[String <'x'>]`.
        case value(String, quoted: Bool, subclass: Bool)
        /// `GlobalKey(debugLabel: 'x')`, `LabeledGlobalKey('x')`: `[GlobalKey#1a2b3 x]`; with a
        /// state type (`GlobalKey<FormState>(…)`), `[LabeledGlobalKey<FormState>#1a2b3 x]`. Flutter
        /// of 2018 printed `[GlobalKey x]`. Without a type, a key of any state type matches.
        case labeled(type: String?, label: String?)
        /// `GlobalObjectKey(v)`: `[GlobalObjectKey String#1a2b3]`, `ObjectKey(v)`: `[String#1a2b3]`:
        /// the value's type and hash, never the value (2018: `_MaterialAppState(1009803148)`).
        case object(global: Bool, type: String?, valueType: String)
    }

    var kind: Kind

    /// Whether a widget as a creator chain prints it carries this key.
    func isCarried(by widget: String) -> Bool {
        guard let open = widget.range(of: "-["), widget.hasSuffix("]") else { return false }
        return matches(String(widget[open.upperBound...].dropLast()))
    }

    /// Whether the key's `toString`, without its brackets, is this key's.
    func matches(_ printed: String) -> Bool {
        switch kind {
        case .value(let value, let quoted, let subclass):
            let shown = quoted ? "<'\(value)'>" : "<\(value)>"
            if subclass { return printed.hasSuffix(" " + shown) && !printed.dropLast(shown.count + 1).contains(" ") }
            // Older dumps and hand-written ones: `<"x">`, `<x>`, `x`.
            return printed == shown || quoted && [#"<"\#(value)">"#, "<\(value)>", value].contains(printed)
        case .labeled(let type, let label):
            let (head, rest) = Self.split(printed)
            let typed = type.map { head == "LabeledGlobalKey<\($0)>" } ?? (head == "GlobalKey" || head.hasPrefix("LabeledGlobalKey<"))
            return typed && rest == label
        case .object(let global, let type, let valueType):
            var value = Substring(printed)
            if global {
                let prefix = "GlobalObjectKey" + (type.map { "<\($0)>" } ?? "") + " "
                guard value.hasPrefix(prefix) else { return false }
                value = value.dropFirst(prefix.count)
            }
            guard value.hasPrefix(valueType) else { return false }
            let after = value.dropFirst(valueType.count)
            return after.first == "#" || after.first == "("
        }
    }

    /// `GlobalKey#1a2b3 login` → (`GlobalKey`, `login`); `GlobalKey ink renderer` → (`GlobalKey`,
    /// `ink renderer`); `GlobalKey#1a2b3` → (`GlobalKey`, nil).
    static func split(_ printed: String) -> (head: String, label: String?) {
        let head = printed.prefix { $0 != "#" && $0 != " " }
        var rest = printed.dropFirst(head.count)
        if rest.first == "#" { rest = rest.drop { $0 != " " } }
        return (String(head), rest.isEmpty ? nil : String(rest.dropFirst()))
    }
}
