/// Text put into XML or HTML, content or attribute value alike: the one escaper of the XML writers
/// (audit's and report's JUnit) and of the pages (the viewer's, the report's).
public enum MarkupText {
    /// `text` with `& < > " '` as entities, line breaks and tabs as character references (so an
    /// attribute keeps them), and the characters XML 1.0 cannot carry dropped.
    public static func escape(_ text: String) -> String {
        // Most values need nothing: no markup character, no control, no U+FFFE/FFFF (0xEF leads those).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out += "&#\(scalar.value);"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
