import HierarchyModel

extension MarkupTree.Element {
    /// A required finite number attribute.
    /// - Throws: `InputError` naming the file, the element's line, the attribute and its value.
    func number(_ key: String, fileName: String, atLeastZero: Bool = false) throws(InputError) -> Double {
        guard let text = attributes[key] else { throw error(fileName, "<\(name)> has no '\(key)' attribute") }
        guard let value = Double(text.trimmingSpaces), value.isFinite, !text.contains("0x") else {
            throw error(fileName, "<\(name)> \(key)='\(text)': expected a finite number")
        }
        guard !atLeastZero || value >= 0 else { throw error(fileName, "<\(name)> \(key)='\(text)': expected a number >= 0") }
        return value
    }

    /// An attribute as kept in extras: `true`/`false` as booleans, integers of the `numeric` keys as
    /// numbers, anything else as text; nil when absent or empty.
    func extra(_ key: String, numeric: Set<String> = ["index", "drawing-order"]) -> JSONValue? {
        guard let text = attributes[key], !text.isEmpty else { return nil }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if numeric.contains(key), let number = Int(text) { return .number(Double(number)) }
        return .string(text)
    }

    /// An error at this element's line.
    func error(_ fileName: String, _ message: String) -> InputError {
        InputError(file: fileName, location: "line \(line)", message)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
