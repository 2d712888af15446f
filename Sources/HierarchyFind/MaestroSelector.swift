import Foundation

/// Maestro's selector as a flow writes it after `tapOn:`, `assertVisible:` and the other commands
/// that take one: a text (a regular expression matched whole, in any case), or a map inline
/// (`{id: "login", index: 1}`) or on the lines below, with `text`, `id`, `index`, `enabled`,
/// `checked`, `selected`, `focused`, `below`, `above`, `leftOf`, `rightOf`, `containsChild`,
/// `childOf` (a selector in turn). Semantics: maestro-client/src/main/java/maestro/Filters.kt
/// (mobile-dev-inc/maestro 056b4837): the conditions intersected in the first one's order,
/// relative positions nearest first, then `index` over the matches top to bottom and left to
/// right, or without it the clickable ones first.
enum MaestroSelector {
    /// A YAML value: a scalar, or a map with each key's column.
    indirect enum Value {
        case scalar(String)
        case map([(key: String, column: Int, value: Value)])
    }

    /// The command's options that are not part of the selector.
    static let commandOptions: Set<String> = ["optional", "label", "retryTapIfNoChange", "waitToSettleTimeoutMs", "repeat", "delay", "timeout", "direction", "speed", "visibilityPercentage", "centerElement", "element"]

    static func parse(_ text: String) throws(LocatorError) -> Matcher {
        var scanner = LocatorScanner(text, using: .matcher)
        _ = scanner.take("-")
        scanner.skipSpaces()
        _ = scanner.identifier()
        try scanner.expect(":")
        while let c = scanner.peek, c == " " || c == "\t" { scanner.offset += 1 }
        let value: Value
        if scanner.atEnd || scanner.peek == "\n" || scanner.peek == "\r" {
            value = try block(&scanner)
            // A line indented less than the selector's keys ends it: nothing may follow.
            scanner.skipSpaces()
            guard scanner.atEnd else { throw scanner.error("expected the end of the selector: one command's selector at a time\(scanner.found)") }
        } else {
            value = try inline(&scanner)
            scanner.skipSpaces()
            guard scanner.atEnd else { throw scanner.error("expected the end of the selector\(scanner.found)") }
        }
        return try selector(value, scanner, top: true)
    }

    /// A flow map `{…}`, a quoted string, or a plain scalar to the end of its line (or to `,`/`}` inside a map).
    static func inline(_ scanner: inout LocatorScanner, inMap: Bool = false) throws(LocatorError) -> Value {
        scanner.skipSpaces()
        if scanner.take("{") {
            try scanner.descend()
            defer { scanner.depth -= 1 }
            var entries: [(key: String, column: Int, value: Value)] = []
            while true {
                scanner.skipSpaces()
                if scanner.take("}") { return .map(entries) }
                if !entries.isEmpty { try scanner.expect(",", "',' or '}'"); scanner.skipSpaces() }
                let column = scanner.offset + 1
                guard let key = scanner.identifier() else { throw scanner.error("expected a key\(scanner.found)") }
                try scanner.expect(":")
                entries.append((key, column, try inline(&scanner, inMap: true)))
            }
        }
        if let quoted = try scanner.quoted() { return .scalar(quoted) }
        let start = scanner.offset
        while let c = scanner.peek, c != "\n", c != "\r", !(inMap && (c == "," || c == "}")) {
            if c == "#", scanner.offset > start, scanner.characters[scanner.offset - 1] == " " { break }
            scanner.offset += 1
        }
        let plain = String(scanner.characters[start..<scanner.offset]).trimmingCharacters(in: .whitespaces)
        guard !plain.isEmpty else { throw scanner.error("expected a value\(scanner.found)", at: start) }
        while let c = scanner.peek, c != "\n", !(inMap && (c == "," || c == "}")) { scanner.offset += 1 }
        return .scalar(plain)
    }

    /// A map on the lines that follow, each `key: value` indented alike, a key without a value
    /// taking the lines indented deeper.
    static func block(_ scanner: inout LocatorScanner) throws(LocatorError) -> Value {
        try scanner.descend()
        defer { scanner.depth -= 1 }
        var entries: [(key: String, column: Int, value: Value)] = []
        var indent: Int?
        while true {
            let lineStart = scanner.offset
            while let c = scanner.peek, c == "\n" || c == "\r" { scanner.offset += 1 }
            let start = scanner.offset
            while scanner.peek == " " { scanner.offset += 1 }
            let depth = scanner.offset - start
            if scanner.atEnd { break }
            if scanner.peek == "\n" || scanner.peek == "\r" { continue }
            if let indent, depth < indent { scanner.offset = lineStart; break }
            if indent == nil { indent = depth }
            guard depth == indent else { throw scanner.error("expected a key indented as the one above") }
            let column = scanner.offset + 1
            guard let key = scanner.identifier() else { throw scanner.error("expected a key\(scanner.found)") }
            try scanner.expect(":")
            while let c = scanner.peek, c == " " || c == "\t" { scanner.offset += 1 }
            let value = scanner.atEnd || scanner.peek == "\n" || scanner.peek == "\r" ? try block(&scanner) : try inline(&scanner)
            entries.append((key, column, value))
        }
        guard !entries.isEmpty else { throw scanner.error("expected a selector after the command") }
        return .map(entries)
    }

    static func selector(_ value: Value, _ scanner: LocatorScanner, top: Bool = false) throws(LocatorError) -> Matcher {
        guard case .map(let entries) = value else {
            if case .scalar(let text) = value { return .clickableFirst(.locator(Locator(using: .textMatching, value: text))) }
            return .all([])
        }
        var parts: [Matcher] = []
        var index: Int?
        for key in order {
            guard let entry = entries.first(where: { $0.key == key }) else { continue }
            let error = { (message: String) in LocatorError(using: .matcher, scanner.text, column: entry.column, message) }
            switch (key, entry.value) {
            case ("text", .scalar(let text)): parts.append(.locator(Locator(using: .textMatching, value: text)))
            case ("id", .scalar(let id)): parts.append(.locator(Locator(using: .idMatching, value: id)))
            case ("index", .scalar(let text)):
                guard let number = Int(text), number >= 0 else { throw error("index: expected a whole number from 0, got '\(text)'") }
                index = number
            case ("enabled", .scalar(let text)), ("checked", .scalar(let text)), ("selected", .scalar(let text)), ("focused", .scalar(let text)):
                guard let flag = Bool(text) else { throw error("\(key): expected true or false, got '\(text)'") }
                parts.append(.state(key, flag))
            case ("below", let other), ("above", let other), ("leftOf", let other), ("rightOf", let other):
                parts.append(.relative(.all([]), Matcher.Direction(rawValue: key)!, try selector(other, scanner)))
            case ("containsChild", let other): parts.append(.child(try selector(other, scanner)))
            case ("childOf", let other): parts.append(.ancestor(try selector(other, scanner)))
            default: throw error("\(key): expected a text")
            }
        }
        if let unknown = entries.first(where: { !order.contains($0.key) && !(top && commandOptions.contains($0.key)) }) {
            throw LocatorError(using: .matcher, scanner.text, column: unknown.column, "\(unknown.key) is not a selector key find reads: it reads \(order.joined(separator: ", "))")
        }
        let all = parts.count == 1 ? parts[0] : .all(parts)
        return index.map { .nth(all, $0, order: .position) } ?? .clickableFirst(all)
    }

    /// The keys in the order Maestro's `Orchestra.buildFilter` intersects them.
    static let order = ["text", "id", "below", "above", "leftOf", "rightOf", "containsChild", "enabled", "selected", "checked", "focused", "childOf", "index"]
}
