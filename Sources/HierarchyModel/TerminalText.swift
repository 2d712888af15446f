/// Text from an input made safe to print on a terminal or in a CI log: the one function every
/// text output and error message of the command line passes what a file holds through (JSON,
/// SARIF, JUnit and HTML keep the text exact: their own escaping makes it valid).
///
/// A dump's label can hold `ESC ] 52 ; …` (which writes to the terminal's clipboard), a bell, a C1
/// control such as U+009B (CSI on some terminals), a bidi override that makes a line read
/// differently from what it holds, or a line break followed by `::error file=app.py::…`, which a
/// CI system reads as a command of its own (GitHub Actions' workflow commands) when it starts a
/// line of the log. Each of them is written as `\u{1B}`, Swift's notation, so that the reader sees
/// that it is there and which one it is:
///
///     TerminalText.escape("Wi\u{1B}]52;c;aGk=\u{07}Fi") == #"Wi\u{1B}]52;c;aGk=\u{7}Fi"#
///     TerminalText.line("hi\n::error::x") == #"hi\u{A}::error::x"#
public enum TerminalText {
    /// `text` with every unsafe scalar escaped; a line feed and a tab are kept when `keepingLines`
    /// (they are the output's own: a text whose every value went through `line` first), escaped
    /// otherwise (a value quoted inside one line).
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

    /// `text` as part of one line of output: every character that could end the line or move to
    /// another (LF, CR, VT, FF, NEL, U+2028, U+2029) escaped with the rest. What a text output
    /// takes from an input (an id, a class, a label, a file's name, a server's message) goes
    /// through this before it is joined into lines.
    public static func line(_ text: String) -> String {
        escape(text, keepingLines: false)
    }

    /// Whether a terminal or a log reader could act on `scalar` instead of showing it: C0 controls
    /// (but a line feed or tab when `keepingLines`), DEL, C1 controls (NEL among them), the line
    /// and paragraph separators (U+2028, U+2029), and the bidi controls: embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069), the marks (U+200E, U+200F, U+061C).
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLines: Bool = true) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
