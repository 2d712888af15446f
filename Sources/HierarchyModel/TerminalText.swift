/// Text from an input made safe to print on a terminal: the one function every text output and
/// error message of the command line passes what a file holds through (JSON, SARIF, JUnit and HTML
/// keep the text exact: their own escaping makes it valid).
///
/// A dump's label can hold `ESC ] 52 ; …` (which writes to the terminal's clipboard), a bell, a C1
/// control such as U+009B (CSI on some terminals) or a bidi override that makes a line read
/// differently from what it holds. Each of them is written as `\u{1B}`, Swift's notation, so that
/// the reader sees that it is there and which one it is:
///
///     TerminalText.escape("Wi\u{1B}]52;c;aGk=\u{07}Fi") == #"Wi\u{1B}]52;c;aGk=\u{7}Fi"#
public enum TerminalText {
    /// `text` with every unsafe scalar escaped; a line break and a tab are kept when `keepingLines`
    /// (they are the output's own), escaped otherwise (a value quoted inside one line).
    public static func escape(_ text: String, keepingLines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingLines: keepingLines) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, keepingLines: keepingLines) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether a terminal could act on `scalar` instead of showing it: C0 controls (but a line
    /// break or tab when `keepingLines`), DEL, C1 controls, and the bidi embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069).
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLines: Bool = true) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
