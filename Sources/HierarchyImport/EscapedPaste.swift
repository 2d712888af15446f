/// A dump copied out of a page that escaped it (a JUnit report's text, a CI page's source, an
/// HTML report): `+&gt;DecorView{…}`, `&#64;`, `&lt;hierarchy …&gt;`. Its character references
/// are decoded before it is detected and read; an XML document (starting with `<`) is left to
/// the XML parser and to `SourceLines`, which decode it themselves.
enum EscapedPaste {
    /// The references that say a text was escaped: markup's own characters, quotes, numbers.
    private static let markers = ["&lt;", "&gt;", "&quot;", "&apos;", "&#"]

    /// The text with its character references decoded (`&#10;` breaking lines), or nil when it is
    /// no escaped text: an XML document, or a text without such references.
    static func unescaped(_ bytes: [UInt8]) -> [UInt8]? {
        let text = ByteText(bytes)
        guard let first = text.firstSignificantByte, first != UInt8(ascii: "<"), markers.contains(where: { text.contains($0) }) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: { $0.isLineFeed })
        let decoded = lines.map { line in
            SourceLines.decodeXML(line.hasSuffix("\r") ? line.dropLast() : line).joined(separator: "\n")
        }
        return Array(decoded.joined(separator: "\n").utf8)
    }

    /// The dump to read and a note when it was unescaped: the escaped text when it reads as a
    /// dump (of `format`, when one is asked for) only once unescaped, or as one of the text formats
    /// that cannot hold references (an escaped Espresso record reads as none).
    static func choose(_ bytes: [UInt8], format: DumpFormat?) -> (bytes: [UInt8], note: String?) {
        guard let plain = unescaped(bytes), let found = DumpDetector.detect(plain), format == nil || format == found else { return (bytes, nil) }
        let raw = DumpDetector.detect(bytes)
        guard raw == nil || raw == found else { return (bytes, nil) }
        return (plain, "the text was escaped (HTML or XML character references, as a report or a web page holds it): read unescaped, lines counted after decoding")
    }
}
