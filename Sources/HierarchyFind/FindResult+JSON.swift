import HierarchyFormats
import HierarchyModel

extension FindResult {
    /// The document `--format json` prints (docs/find.md): locator, matches, first, suggestions,
    /// and the notes (the reading's, then the XML's) when there are any.
    public var json: OrderedJSON {
        var locatorKeys: [(String, OrderedJSON)] = [("using", .string(locator.using.rawValue)), ("value", .string(locator.value))]
        if let quoted = locator.quoted { locatorKeys.append(("quoted", .string(quoted))) }
        if let constraint = locator.constraint { locatorKeys.append(("constraint", .string(constraint))) }
        if TapRule.of(locator) != .appium { locatorKeys.append(("rule", .string(TapRule.of(locator).rawValue))) }
        let allNotes = readingNotes + notes
        return .object([
            ("locator", .object(locatorKeys)),
            ("matches", .array(matches.map(\.json))),
            ("first", first.map(OrderedJSON.string) ?? .null),
            ("suggestions", .array(suggestions.map(\.json))),
        ] + (allNotes.isEmpty ? [] : [("notes", .array(allNotes.map(OrderedJSON.string)))]))
    }

    static func rect(_ r: Rect) -> OrderedJSON {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}

extension FindResult.Match {
    var json: OrderedJSON {
        .object([
            ("id", .string(id)), ("path", .string(path)), ("class", .string(className)), ("text", text.map(OrderedJSON.string) ?? .null),
            ("frame", FindResult.rect(frame)), ("visibleFrame", visibleFrame.map(FindResult.rect) ?? .null),
            ("visible", .bool(visible)), ("tappable", .bool(tappable)), ("reasons", .array(reasons.map(\.json))),
        ] + (source.map { [("source", TreeDocument.source($0))] } ?? []))
    }
}

extension FindResult.Reason {
    var json: OrderedJSON {
        // Shares to four places: what a person reads, and the same on every machine.
        let rounded = share.map { OrderedJSON.number(($0 * 10000).rounded() / 10000) } ?? .null
        let ruleKeys: [(String, OrderedJSON)] = rule.map { [("rule", .string($0.rawValue))] } ?? []
        let pointKeys: [(String, OrderedJSON)] = point.map { [("point", .object([("x", .number($0.x)), ("y", .number($0.y))]))] } ?? []
        return .object([("kind", .string(kind.rawValue)), ("by", by.map(OrderedJSON.string) ?? .null), ("share", rounded)] + ruleKeys + pointKeys)
    }
}

extension FindResult.Suggestion {
    var json: OrderedJSON {
        .object([("id", .string(id)), ("class", .string(className)), ("text", text.map(OrderedJSON.string) ?? .null),
                 ("frame", FindResult.rect(frame)), ("because", .string(because))])
    }
}
