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
        // A cut line goes on in the next one, which may itself be cut. An indented line starts a
        // row of its own, unless the line so far leaves a quote or a bracket open (a long string
        // literal cut anywhere).
        return joiningRuns(lines) { line, _, next in
            lengths[next - 1] == width && !lines[next].isEmpty && continues(lines[next]) && (!isIndented(lines[next]) || isOpen(line))
        }
    }

    /// The lines with each run joined (as `joining` joins) for as long as `goesOn(the line so far,
    /// its first line's index, the next line's index)` says, and the file's line of each joined
    /// line; the numbers are nil when no line was joined.
    private static func joiningRuns(_ lines: [String], goesOn: (String, Int, Int) -> Bool) -> ([String], [Int]?) {
        var joined: [String] = [], numbers: [Int] = []
        var index = 0
        while index < lines.count {
            var line = lines[index], next = index + 1
            while next < lines.count, goesOn(line, index, next) {
                line = joining(line, lines[next])
                next += 1
            }
            joined.append(line)
            numbers.append(index + 1)
            index = next
        }
        return joined.count < lines.count ? (joined, numbers) : (lines, nil)
    }

    /// `line` and the piece a console cut from it, one line again. A piece that starts with an XML
    /// attribute (`name="`) right after a closing quote lost its space at the cut (a paste whose
    /// indentation was trimmed after it was cut): it is put back, as XML wants.
    static func joining(_ line: String, _ piece: String) -> String {
        guard line.hasSuffix("\""), let first = piece.first, first.isLetter,
              let equals = piece.firstIndex(of: "="), piece[equals...].hasPrefix("=\""),
              piece[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }) else {
            return line + piece
        }
        return line + " " + piece
    }

    /// Rows cut by a console whose width no line shows any more (the paste's indentation was
    /// trimmed after the console cut it, so the cut lines are no longer one width), joined again
    /// where the row says it goes on: a row of a recursiveDescription (`| <UIView: …`) or an XML
    /// element (`<node …`) that leaves its angle bracket or a quote open goes on in the lines after
    /// it that start no row (not indented, nor starting with `|` or Espresso's `+>`, `+-`; a `<` goes on an open row,
    /// as `<CALayer: …>>` does; the pieces the console cut at its full width may be joined already),
    /// until it closes (64 lines at most), as `joining` joins them.
    /// - Returns: the lines, and the file's line of each joined line (nil when none was joined).
    static func joinedOpenRows(_ lines: [String]) -> ([String], [Int]?) {
        func startsRow(_ line: String) -> Bool {
            guard let first = line.first else { return true }
            return first == " " || first == "\t" || first == "|" || line.hasPrefix("+-") || line.hasPrefix("+>")
        }
        func isRow(_ line: String) -> Bool {
            let body = line.drop { $0 == " " || $0 == "`" }
            return body.first == "<" || body.hasPrefix("| ")
        }
        return joiningRuns(lines) { line, first, next in
            isRow(lines[first]) && next - first <= 64 && isOpen(line, angles: true) && !startsRow(lines[next])
        }
    }
}
