/// Lines a console of fixed width broke, joined again. A console (a CI log's viewer, a terminal
/// copied from) cuts every longer line at the same width W and goes on in the next line: when W,
/// the longest any line is, is one of the widths consoles use (80, 100, 120, 132, 160, 200) and two
/// lines or more are that long (or one, leaving a bracket or quote open), each line of exactly W
/// characters is taken as cut and joined with the line after it. Other widths are not guessed: three log lines of the same length are no wrap,
/// nor is one line that happens to be 80 long.
enum WrappedLines {
    static let consoleWidths: Set<Int> = [80, 100, 120, 132, 160, 200]

    /// Whether a line starts indented (two spaces or a tab): a line of its own, which a cut line
    /// that happens to be W long is not continued by (a tree's next row).
    static func isIndented(_ line: String) -> Bool { line.hasPrefix("  ") || line.hasPrefix("\t") }

    /// Whether `text` leaves a `"` or a bracket open (`<` `>` counted too when `angles`).
    static func isOpen(_ text: String, angles: Bool = false) -> Bool {
        var depth = 0, quotes = 0
        for character in text {
            switch character {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "<" where angles: depth += 1
            case ">" where angles: depth -= 1
            case "\"": quotes += 1
            default: break
            }
        }
        return depth > 0 || quotes % 2 == 1
    }

    /// The lines joined, and the file's line of each joined line; the numbers are nil when no line
    /// was joined. `continues` says whether a line can go on the one before (a log line with its
    /// own prefix starts an entry of its own).
    static func joined(_ lines: [String], continues: (String) -> Bool) -> ([String], [Int]?) {
        let lengths = lines.map(\.count)
        // One line of that width is taken as cut only when it leaves a bracket or quote open.
        guard let width = lengths.max(), consoleWidths.contains(width),
              lengths.filter({ $0 == width }).count >= 2 || lines.contains(where: { $0.count == width && isOpen($0, angles: true) }) else { return (lines, nil) }
        var joined: [String] = [], numbers: [Int] = []
        var didJoin = false
        var index = 0
        while index < lines.count {
            var line = lines[index]
            numbers.append(index + 1)
            var piece = index
            // A cut line goes on in the next one, which may itself be cut.
            // An indented line starts a row of its own, unless the line so far leaves a quote or a
            // bracket open (a long string literal cut anywhere).
            while lengths[piece] == width, piece + 1 < lines.count, !lines[piece + 1].isEmpty, continues(lines[piece + 1]),
                  !isIndented(lines[piece + 1]) || isOpen(line) {
                piece += 1
                line += lines[piece]
            }
            joined.append(line)
            didJoin = didJoin || piece > index
            index = piece + 1
        }
        return didJoin ? (joined, numbers) : (lines, nil)
    }
}
