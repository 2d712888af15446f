/// Reads `new UiSelector().text("OK").instance(1)` the way appium-uiautomator2-server's
/// `UiSelectorParser` does: the constructor may be left out (`.text("OK")` or `text("OK")`),
/// methods chain with dots, arguments are strings, integers, booleans or nested selectors.
enum UiSelectorParser {
    static func parse(_ text: String) throws(LocatorError) -> UiSelector {
        var scanner = LocatorScanner(text, using: .uiautomator)
        let selector = try selector(&scanner)
        try scanner.expectStatementEnd("'.' and a method")
        // Appium's server refuses a selector without criteria; taken as it is, it would match every view.
        guard !selector.conditions.isEmpty || selector.instance != nil || selector.next != nil else {
            throw LocatorError(using: .uiautomator, text, column: 1, "a UiSelector without a method selects nothing in particular: give it one, such as text(\"OK\") or resourceId(\"…\")")
        }
        return selector
    }

    static func selector(_ scanner: inout LocatorScanner) throws(LocatorError) -> UiSelector {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        scanner.skipSpaces()
        if scanner.take("new") {
            try scanner.expect("UiSelector", "'UiSelector' after 'new'")
            try scanner.expect("(")
            try scanner.expect(")")
        } else if scanner.take("UiSelector") {
            try scanner.expect("(")
            try scanner.expect(")")
        }
        var selector = UiSelector()
        var first = true
        while true {
            scanner.skipSpaces()
            guard let c = scanner.peek, c != ")", c != ";" else { break }
            if !(first && c != ".") { try scanner.expect(".") }
            first = false
            scanner.skipSpaces()
            let start = scanner.offset
            guard let method = scanner.identifier() else { throw scanner.error("expected a UiSelector method\(scanner.found)") }
            try scanner.expect("(", "'(' after \(method)")
            try apply(method, at: start, to: &selector, &scanner)
            try scanner.expect(")", "')' closing \(method)(")
        }
        return selector
    }

    static let strings: [String: (String, UiSelector.StringTest)] = [
        "text": ("text", .equals), "textContains": ("text", .contains),
        "textStartsWith": ("text", .startsWith), "textMatches": ("text", .matches),
        "resourceId": ("resource-id", .equals), "resourceIdMatches": ("resource-id", .matches),
        "description": ("content-desc", .equals), "descriptionContains": ("content-desc", .contains),
        "descriptionStartsWith": ("content-desc", .startsWith), "descriptionMatches": ("content-desc", .matches),
        "className": ("class", .equals), "classNameMatches": ("class", .matches),
        "packageName": ("package", .equals), "packageNameMatches": ("package", .matches),
    ]

    static let flags: [String: String] = [
        "clickable": "clickable", "enabled": "enabled", "checked": "checked", "selected": "selected",
        "focused": "focused", "focusable": "focusable", "scrollable": "scrollable",
        "longClickable": "long-clickable", "checkable": "checkable",
    ]

    static func apply(_ method: String, at start: Int, to selector: inout UiSelector, _ scanner: inout LocatorScanner) throws(LocatorError) {
        scanner.skipSpaces()
        if let (attribute, test) = strings[method] {
            guard let value = try scanner.quoted() else { throw scanner.error("\(method) takes a string\(scanner.found)") }
            if test == .matches, (try? Regex(value)) == nil {
                throw scanner.error("\(method): '\(value)' is not a regular expression", at: start)
            }
            selector.conditions.append(.string(attribute: attribute, test, value))
        } else if let attribute = flags[method] {
            if scanner.take("true") { selector.conditions.append(.flag(attribute: attribute, true)) }
            else if scanner.take("false") { selector.conditions.append(.flag(attribute: attribute, false)) }
            else { throw scanner.error("\(method) takes true or false\(scanner.found)") }
        } else if method == "index" || method == "instance" {
            let argument = scanner.offset
            guard let number = scanner.number(), number >= 0, number == number.rounded(), number < 1e9 else {
                scanner.offset = argument
                throw scanner.error("\(method) takes an integer >= 0\(scanner.found)")
            }
            if method == "index" { selector.conditions.append(.index(Int(number))) } else { selector.instance = Int(number) }
        } else if method == "childSelector" || method == "fromParent" {
            let inner = try self.selector(&scanner)
            guard length(selector) + length(inner) <= LocatorLimits.chainedSelectors else {
                throw scanner.error("more than \(LocatorLimits.chainedSelectors) selectors chained by childSelector and fromParent, the most this reads", at: start)
            }
            let relation: UiSelector.Relation = method == "childSelector" ? .child : .sibling
            selector = appended(selector, relation: relation, inner)
        } else {
            throw scanner.error("'\(method)' is not a UiSelector method this reads (text, textContains, textStartsWith, textMatches, resourceId, resourceIdMatches, description, descriptionContains, className, clickable, enabled, checked, selected, index, instance, childSelector, fromParent…)", at: start)
        }
    }

    /// How many selectors the chain from `selector` holds.
    static func length(_ selector: UiSelector) -> Int {
        var count = 1, next = selector.next
        while let link = next { count += 1; next = link.selector.next }
        return count
    }

    /// `selector` with `inner` following from the last selector of its chain.
    static func appended(_ selector: UiSelector, relation: UiSelector.Relation, _ inner: UiSelector) -> UiSelector {
        var copy = selector
        if let next = selector.next {
            copy.next = UiSelector.Next(relation: next.relation, selector: appended(next.selector, relation: relation, inner))
        } else {
            copy.next = UiSelector.Next(relation: relation, selector: inner)
        }
        return copy
    }
}
