/// Lines a console of fixed width broke, joined again. A console (a CI log's viewer, a terminal
/// copied from, `debugPrint`'s wrapping) cuts every longer line at the same width W and goes on
/// in the next line: when two lines or more are exactly W characters long, the longest any line
/// is, and W is 40 or more, each such line is taken as cut and joined with the line after it.
enum WrappedLines {
    /// The lines joined, and the file's line of each joined line; the numbers are nil when no line
    /// was joined.
    static func joined(_ lines: [String]) -> ([String], [Int]?) {
        let lengths = lines.map(\.count)
        guard let width = lengths.max(), width >= 40, lengths.filter({ $0 == width }).count >= 2 else { return (lines, nil) }
        var joined: [String] = [], numbers: [Int] = []
        var index = 0
        while index < lines.count {
            var line = lines[index]
            numbers.append(index + 1)
            var piece = index
            // A cut line goes on in the next one, which may itself be cut.
            while lengths[piece] == width, piece + 1 < lines.count, !lines[piece + 1].isEmpty {
                piece += 1
                line += lines[piece]
            }
            joined.append(line)
            index = piece + 1
        }
        return (joined, numbers)
    }
}
