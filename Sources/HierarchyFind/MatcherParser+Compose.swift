/// Compose's finders and filters (compose/ui/ui-test/src/commonMain/kotlin/androidx/compose/ui/test/
/// `Finders.kt`, `Filters.kt`, androidx 080d2b3e): run over the merged semantics tree unless
/// `useUnmergedTree = true`, as `onNode`'s `getAllSemanticsNodes(useUnmergedTree)` does.
extension MatcherParser {
    /// `onNode(matcher, useUnmergedTree = …)`, `onNodeWithText(…)` and their `onAllNodes…`, with
    /// `[i]`, `.get(i)`, `.onFirst()`, `.onLast()` after them; a bare filter runs merged.
    func composeFinder(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        if case .subscripted(let base, let key) = syntax.form { return .nth(try composeFinder(base), try number(key), order: .document) }
        guard let (name, receiver, arguments) = call(syntax) else { return .composeTree(try compose(syntax), merged: true) }
        switch name {
        case "onFirst", "onLast", "get":
            guard let receiver else { throw error(syntax, "\(name)() is taken of onAllNodes(…)") }
            let index = name == "onFirst" ? 0 : name == "onLast" ? -1 : try number(try only(arguments, of: syntax, name))
            return .nth(try composeFinder(receiver), index, order: .document)
        case "onNode", "onAllNodes":
            guard let matcher = argument(arguments, "matcher", 0) else { throw error(syntax, "\(name)(…) needs a matcher") }
            return .composeTree(try compose(matcher), merged: !(try boolean(arguments, "useUnmergedTree")))
        case "onNodeWithTag", "onAllNodesWithTag", "onNodeWithText", "onAllNodesWithText", "onNodeWithContentDescription", "onAllNodesWithContentDescription":
            let filter = name.replacing(/on(All)?Nodes?With/, with: "has").replacing("hasTag", with: "hasTestTag")
            let matcher = try composeFilter(filter, arguments, syntax)
            return .composeTree(matcher, merged: !(try boolean(arguments, "useUnmergedTree")))
        default:
            return .composeTree(try compose(syntax), merged: true)
        }
    }

    /// A `SemanticsMatcher`: filters joined by `and`/`or` (infix or called), `!`.
    func compose(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        switch syntax.form {
        case .infix(let name, let left, let right):
            let parts = [try compose(left), try compose(right)]
            return name == "and" ? .all(parts) : .any(parts)
        case .negated(let inner): return .not(try compose(inner))
        default: break
        }
        guard let (name, receiver, arguments) = call(syntax) else { throw error(syntax, "expected a Compose matcher such as hasText(\"…\") or hasTestTag(\"…\")") }
        if let receiver, name == "and" || name == "or" {
            let parts = [try compose(receiver), try compose(try only(arguments, of: syntax, name))]
            return name == "and" ? .all(parts) : .any(parts)
        }
        return try composeFilter(name, arguments, syntax)
    }

    func composeFilter(_ name: String, _ arguments: [MatcherSyntax.Argument], _ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        switch name {
        case "hasText", "hasContentDescription":
            guard let value = argument(arguments, name == "hasText" ? "text" : "value", nil) ?? argument(arguments, "label", 0) else { throw error(syntax, "\(name)(…) needs a string") }
            let test = TextTest(kind: try boolean(arguments, "substring") ? .contains : .equal, value: try string(value), ignoreCase: try boolean(arguments, "ignoreCase"))
            return .semantics(name == "hasText" ? .text : .description, test)
        case "hasTestTag":
            guard let value = argument(arguments, "testTag", 0) else { throw error(syntax, "hasTestTag(…) needs a string") }
            return .semantics(.tag, TextTest(kind: .equal, value: try string(value)))
        case "hasClickAction": return .state("clickable", true)
        case "hasNoClickAction": return .state("clickable", false)
        case "isToggleable": return .state("checkable", true)
        case "isEnabled": return .state("enabled", true)
        case "isNotEnabled": return .state("enabled", false)
        case "isOn": return .state("checked", true)
        case "isOff": return .all([.state("checkable", true), .state("checked", false)])
        case "isSelected": return .state("selected", true)
        case "isFocused": return .state("focused", true)
        case "hasParent": return .parent(try compose(try only(arguments, of: syntax, name)))
        case "hasAnyAncestor": return .ancestor(try compose(try only(arguments, of: syntax, name)))
        case "hasAnyDescendant": return .descendant(try compose(try only(arguments, of: syntax, name)))
        case "hasAnyChild": return .child(try compose(try only(arguments, of: syntax, name)))
        default:
            throw error(syntax, "\(name) is not a Compose matcher find reads: it reads hasText, hasTestTag, hasContentDescription, hasClickAction, hasNoClickAction, isToggleable, isEnabled, isNotEnabled, isOn, isOff, isSelected, isFocused, hasParent, hasAnyAncestor, hasAnyDescendant, hasAnyChild, and, or, !")
        }
    }
}
