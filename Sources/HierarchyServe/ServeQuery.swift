/// A request's query (`?screen=3&q=…`), read as a form's fields: `name=value` pairs joined by `&`,
/// `%XX` escapes and `+` (a space, as the browser's `URLSearchParams` writes it) decoded. The
/// read-only routes that take one (`/find`, `/audit`) name every field they read; anything else
/// is refused, so that a request cannot carry what no route checks.
public struct ServeQuery: Hashable, Sendable {
    /// The longest query read, in bytes as sent: a locator is a line or a few, never a document.
    public static let maximumLength = 8_192

    /// The fields, by name.
    public private(set) var fields: [String: String] = [:]

    /// The query of `text` (what follows `?`, escapes still in it), with only the fields `known`.
    /// - Throws: `ServeRoute.Refusal` (400) for a query too long, a malformed escape or bytes that
    ///   are not UTF-8, a field named twice, or one not in `known`.
    public static func parse(_ text: Substring, known: Set<String>) throws(ServeRoute.Refusal) -> ServeQuery {
        guard text.utf8.count <= maximumLength else { throw bad("a query longer than \(maximumLength) bytes") }
        var query = ServeQuery()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(parts[0]), let value = decoded(parts.count > 1 ? parts[1] : "") else {
                throw bad("a malformed escape in the query")
            }
            guard known.contains(name) else { throw bad("no field '\(name)' here (\(known.sorted().joined(separator: ", ")))") }
            guard query.fields[name] == nil else { throw bad("the field '\(name)' twice") }
            query.fields[name] = value
        }
        return query
    }

    /// The field `name` as a screen number (1, 2…).
    /// - Throws: `ServeRoute.Refusal` (400) when it is missing or no such number.
    public func screen(_ name: String = "screen") throws(ServeRoute.Refusal) -> Int {
        guard let text = fields[name], let number = Int(text), number > 0, String(number) == text else {
            throw Self.bad("\(name)=N is needed: the number of a screen shown (1, 2…)")
        }
        return number
    }

    /// `%XX` decoded, `+` as a space; nil for a malformed escape or bytes that are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") { bytes.append(UInt8(ascii: " ")); continue }
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            let digits = utf8.prefix(2)
            guard digits.count == 2, digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= ($0 | 0x20) }),
                  let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func bad(_ reason: String) -> ServeRoute.Refusal { ServeRoute.Refusal(status: 400, reason: reason) }
}
