import HierarchyModel

/// A dump as people paste it, made plain before it is detected and read: what a log, a quote, an
/// editor or a web page added to each line is taken off, line by line, so that every importer reads
/// the dump as its generator wrote it. Line N of the result is line N of the file, except after
/// lines a console wrapped, which are joined again: then `numbers` gives each line's line in the
/// file, and `DumpImporter` tells every line number in the file's numbering.
///
/// Taken off, in this order:
/// - `\r` before a line break (CRLF), a byte-order mark;
/// - a quote (`> `, `>`), when every non-blank line has one (a Markdown or e-mail quote);
/// - a log prefix on each line: logcat's threadtime, brief and Android Studio forms (as
///   `SourceLines` reads them), and a tag repeated on most lines (`flutter: `, `I/flutter : `,
///   `I/flutter ( 1234): `, the IDE's `myTag : `);
/// - no-break spaces that stand for spaces (a run of them, or one beside a space, as a web page
///   writes indentation), and tabs in a line's indentation (stops every 4 columns);
/// - the indentation every non-blank line shares;
/// - the breaks a console of fixed width put in long lines (`WrappedLines`), and, where the
///   indentation was trimmed after the console cut them, the rows it left open.
struct PastedText {
    /// The plain text.
    var bytes: [UInt8]
    /// The file's line (from 1) of each line of `bytes`; nil when line N is the file's line N.
    var numbers: [Int]?
    /// What was taken off that held words (text around an XML document), naming the lines.
    var notes: [String] = []

    /// The paste made plain; `bytes` as they are when they are not UTF-8 (an XML document in
    /// another encoding is left to its reader).
    static func plain(_ bytes: [UInt8]) -> PastedText {
        guard !bytes.isEmpty, var text = String(validating: bytes, as: UTF8.self) else { return PastedText(bytes: bytes) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Split at the bytes, in a fraction of the time the characters take, to the same lines: a
        // line feed is a character of its own but for CRLF, whose `\r` goes with it, and then one
        // `\r` more comes off (a CRLF file saved again with CRLF ends its lines `\r\r\n`).
        let pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var lines = pieces.indices.map { index in
            var line = pieces[index]
            let ends = index < pieces.count - 1 ? 2 : 1
            for _ in 0..<ends where line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
        // No-break spaces first: a web page writes them in a log's prefix as in the dump. (Most
        // pastes have neither them nor tabs: `0xA0` ends every no-break space's UTF-8.)
        if bytes.contains(0xA0) || bytes.contains(UInt8(ascii: "\t")) { lines = lines.map(plainSpaces) }
        lines = unquoted(lines) ?? lines
        // A console wraps what a log printed, prefix and all: those lines are joined before the
        // prefixes come off, and lines wrapped before they were logged (each piece with its own
        // prefix) after.
        lines = withoutSharedIndentation(lines) ?? lines
        let tag = repeatedTag(lines)
        var (joined, numbers) = WrappedLines.joined(lines) { !hasLogPrefix($0, tag: tag) }
        lines = withoutSharedIndentation(joined) ?? joined
        lines = withoutLogPrefixes(lines) ?? lines
        lines = withoutSharedIndentation(lines) ?? lines
        var (rejoined, second) = WrappedLines.joined(lines) { _ in true }
        if let second { numbers = second.map { numbers?[$0 - 1] ?? $0 } }
        // Rows cut at a width the trimmed indentation hides: joined where they are left open.
        let third: [Int]?
        (rejoined, third) = WrappedLines.joinedOpenRows(rejoined)
        if let third { numbers = third.map { numbers?[$0 - 1] ?? $0 } }
        var notes: [String] = []
        lines = rejoined
        if let (blanked, before, after) = withoutProseAroundXML(rejoined) {
            lines = blanked
            let file = { (index: Int) in numbers?[index] ?? index + 1 }
            notes.append("the text around the XML document (lines before \(file(before)) and after \(file(after))) was skipped")
        }
        return PastedText(bytes: Array(lines.joined(separator: "\n").utf8), numbers: numbers, notes: notes)
    }

    /// Whether a line starts with a logcat prefix or the tag most lines start with.
    static func hasLogPrefix(_ line: String, tag: String?) -> Bool {
        let body = Substring(line.drop { $0 == " " })
        return SourceLines.splitLogPrefix(body).payload.count < body.count || tag.map(body.hasPrefix) == true
    }

    /// An XML document with a message before and after it (`Here is the page source:`): the lines
    /// before its `<?xml` declaration and after its last tag made blank, so that the XML reader
    /// sees the document alone; the lines keep their numbers.
    /// Only the page sources the XML reader takes whole (uiautomator's, Appium's): Detox's
    /// reader finds its XML inside text itself. Nil when there is nothing to blank.
    static func withoutProseAroundXML(_ lines: [String]) -> ([String], before: Int, after: Int)? {
        guard let start = lines.firstIndex(where: { $0.drop { $0 == " " }.hasPrefix("<?xml") }), start > 0,
              lines[..<start].allSatisfy({ !$0.drop { $0 == " " }.hasPrefix("<") }),
              let root = lines[start...].dropFirst().first(where: { !$0.trimmingSpaces.isEmpty }),
              ["<hierarchy", "<AppiumAUT", "<XCUIElementType"].contains(where: root.drop { $0 == " " }.hasPrefix),
              let end = lines.lastIndex(where: { $0.trimmingSpaces.hasSuffix(">") }) else { return nil }
        return (lines.indices.map { $0 < start || $0 > end ? "" : lines[$0] }, start, end)
    }

    /// `line N`, `lines A–B` in `text` told as the file's lines.
    func renumbered(_ text: String) -> String {
        guard let numbers, text.contains("line") else { return text }
        var result = "", rest = Substring(text)
        while let range = rest.range(of: "line") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            if rest.hasPrefix("s") { result += "s"; rest = rest.dropFirst() }
            guard rest.hasPrefix(" ") else { continue }
            // Each number of a list of lines and ranges: `3–5, 9`.
            while rest.hasPrefix(" ") || rest.hasPrefix("–") || rest.hasPrefix(", ") || rest.first?.isNumber == true {
                let digits = rest.prefix { $0.isNumber }
                if let number = Int(digits), number >= 1 {
                    result += String(number <= numbers.count ? numbers[number - 1] : (numbers.last ?? 0) + number - numbers.count)
                    rest = rest.dropFirst(digits.count)
                } else {
                    result.append(rest.removeFirst())
                }
            }
        }
        return result + rest
    }

    /// The result of reading the plain text, its lines told as the file's.
    func renumbered(_ result: ImportResult) -> ImportResult {
        guard let numbers else { return result }
        var copy = result
        let fileLine = { (line: Int) in line >= 1 && line <= numbers.count ? numbers[line - 1] : line }
        for index in copy.tree.nodes.indices {
            guard let span = copy.tree[index].source else { continue }
            copy.tree.update(index) { $0.source = SourceSpan(line: fileLine(span.line), endLine: fileLine(span.endLine), element: span.element) }
        }
        copy.warnings = result.warnings.map(renumbered)
        return copy
    }

    /// An error about the plain text, its line told as the file's.
    func renumbered(_ error: InputError) -> InputError {
        var copy = error
        copy.location = error.location.map(renumbered)
        copy.message = renumbered(error.message)
        return copy
    }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Every non-blank line without its leading `>` (and one space after it); nil unless all have one.
    static func unquoted(_ lines: [String]) -> [String]? {
        let nonBlank = lines.filter { !isBlank($0) }
        guard nonBlank.count >= 2, nonBlank.allSatisfy({ $0.drop { $0 == " " }.hasPrefix(">") }) else { return nil }
        // Espresso records (`+>`) and XML (`<a>`) never start a line with `>`.
        return lines.map { line in
            let body = line.drop { $0 == " " }
            guard body.hasPrefix(">") else { return line }
            let rest = body.dropFirst()
            return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
        }
    }

    /// Each line without its log prefix; nil when no line had one.
    static func withoutLogPrefixes(_ lines: [String]) -> [String]? {
        var changed = 0
        var stripped = lines
        // Logcat's own forms, with their times: read per line, as `SourceLines` does. A line Android
        // cut at its entry size keeps its prefix, for `SourceLines` to join the pieces again.
        for (index, line) in lines.enumerated() {
            let (payload, entry) = SourceLines.splitLogPrefix(Substring(line))
            guard payload.count < line.count else { continue }
            if let entry, SourceLines.isCutAtEntrySize(payload, entry: entry) { return nil }
            stripped[index] = String(payload)
            changed += 1
        }
        // A tag under logcat's prefix or another tag (`I/flutter : ` printed through another log)
        // comes off too: two tags at most.
        var logged = changed > 0 ? stripped : lines
        for _ in 0..<2 {
            guard let tag = repeatedTag(logged) else { break }
            logged = logged.map { $0.hasPrefix(tag) ? String($0.dropFirst(tag.count)) : $0 }
            changed += 1
        }
        return changed > 0 ? logged : nil
    }

    /// The prefix that most lines start with when it is a log tag: a word, an optional `( 1234)`
    /// process, optional spaces, then `: ` (`flutter: `, `I/flutter : `, `myTag : `, Android
    /// Studio's padded `noNews  : `); it must
    /// start at least half the non-blank lines, and two at least.
    static func repeatedTag(_ lines: [String]) -> String? {
        var counts: [String: Int] = [:]
        var nonBlank = 0
        for line in lines where !isBlank(line) {
            nonBlank += 1
            if let tag = tagPrefix(line) { counts[tag, default: 0] += 1 }
        }
        guard let (tag, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              count >= 2, count * 2 >= nonBlank else { return nil }
        return tag
    }

    /// A line's leading `TAG: `, `TAG : `, `TAG   : ` or `TAG( 123): ` (the tag free of spaces, quotes and
    /// markup), with the one space after the colon; nil when it has none.
    static func tagPrefix(_ line: String) -> String? {
        let forbidden = tagForbidden
        let tagEnd = line.firstIndex { $0.isWhitespace || $0 == ":" || $0 == "(" } ?? line.endIndex
        let tag = line[..<tagEnd]
        // `I/flutter`: logcat's level and slash are part of the tag; no other slash is.
        let slashes = tag.filter { $0 == "/" }.count
        guard !tag.isEmpty, tag.count <= 64, !tag.contains(where: forbidden.contains),
              slashes == 0 || (slashes == 1 && tag.dropFirst().hasPrefix("/")) else { return nil }
        // An optional ` ( 1234)` process.
        var rest = line[tagEnd...]
        if rest.drop(while: { $0 == " " }).hasPrefix("(") {
            let open = rest.drop { $0 == " " }
            guard let close = open.firstIndex(of: ")"), open.dropFirst().prefix(upTo: close).allSatisfy({ $0 == " " || $0.isNumber }) else { return nil }
            rest = open[open.index(after: close)...]
        }
        // Android Studio pads a short tag to its column: `noNews  : `, `Log     : `.
        let padded = rest.drop { $0 == " " }
        if padded.hasPrefix(":") { rest = padded }
        guard rest.hasPrefix(": ") || rest == ":" else { return nil }
        let end = rest.hasPrefix(": ") ? line.index(rest.startIndex, offsetBy: 2) : rest.endIndex
        return String(line[..<end])
    }

    /// What a log tag never holds (built once: `tagPrefix` runs on every line, thrice a paste).
    private static let tagForbidden: Set<Character> = ["\"", "'", "<", ">", "{", "}", "[", "]", "|", "│", "+", ",", ";", "=", "#", "*", "-"]

    /// No-break spaces that stand for spaces made spaces, and tabs in the indentation expanded.
    static func plainSpaces(_ line: String) -> String {
        var result = line
        // (Scalars and bytes searched, not `String.contains`, which goes through Foundation's
        // locale-aware search: this runs on every line of every paste.)
        if line.unicodeScalars.contains("\u{A0}") {
            let characters = Array(line)
            result = String(characters.indices.map { index -> Character in
                guard characters[index] == "\u{A0}" else { return characters[index] }
                let neighbours = [index > 0 ? characters[index - 1] : " ", index + 1 < characters.count ? characters[index + 1] : " "]
                return neighbours.contains { $0 == " " || $0 == "\u{A0}" } ? " " : "\u{A0}"
            })
        }
        guard result.utf8.contains(UInt8(ascii: "\t")) else { return result }
        var expanded = ""
        var column = 0
        var leading = true
        for character in result {
            if leading, character == "\t" {
                let spaces = 4 - column % 4
                expanded += String(repeating: " ", count: spaces)
                column += spaces
                continue
            }
            // The indentation ends at the first character that is not a space or a tree's bar.
            if character != " ", character != "|", character != "│", character != "╎" { leading = false }
            expanded.append(character)
            column += 1
        }
        return expanded
    }

    /// The lines without the spaces every non-blank line starts with; nil when they share none.
    static func withoutSharedIndentation(_ lines: [String]) -> [String]? {
        let indents = lines.filter { !isBlank($0) }.map { $0.prefix { $0 == " " }.count }
        guard let shared = indents.min(), shared > 0 else { return nil }
        return lines.map { isBlank($0) ? "" : String($0.dropFirst(shared)) }
    }
}
