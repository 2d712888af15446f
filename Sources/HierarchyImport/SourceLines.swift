import HierarchyModel

extension Character {
    /// A line break as files end lines: `\n`, or `\r\n` (which Swift reads as one character).
    var isLineFeed: Bool { self == "\n" || self == "\r\n" }
}

/// A text dump's lines once taken out of the file that carries it: a JUnit XML report (its
/// entities decoded, `&#10;` breaking lines), a logcat (each line's `10-02 14:14:03.329 20435 20457 E
/// TestRunner: ` or `E/TestRunner( 123): ` prefix removed) or a console log or test-result file as it
/// is. Each line remembers the line of the file it came from, for messages.
struct SourceLines {
    /// The lines, without their line breaks.
    private(set) var lines: [Substring] = []
    /// The file's line (from 1) of each line.
    private(set) var numbers: [Int] = []

    var count: Int { lines.count }
    subscript(index: Int) -> Substring { lines[index] }

    init(_ bytes: [UInt8]) {
        let text = String(decoding: ByteText.utf8(bytes), as: UTF8.self)
        let isXML = ByteText(Array(text.utf8.prefix(256))).firstSignificantByte == UInt8(ascii: "<")
        var number = 0
        // The logcat entry the last line came from, when it was cut at Android's entry size.
        var cutEntry: Substring?
        // `\r\n` is one Character in Swift: split on it as on `\n`, or a Windows file is one line.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isLineFeed }) {
            number += 1
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let pieces = isXML ? SourceLines.decodeXML(line) : [line]
            for piece in pieces {
                let (payload, entry) = SourceLines.splitLogPrefix(piece)
                if let entry, entry == cutEntry, let last = lines.indices.last {
                    // The rest of a line that Android's log cut at its entry size: joined again.
                    lines[last] = Substring(String(lines[last]) + payload)
                } else {
                    lines.append(payload)
                    numbers.append(number)
                }
                cutEntry = entry.flatMap { SourceLines.isCutAtEntrySize(payload, entry: $0) ? $0 : nil }
            }
        }
    }

    /// Android's `Log` cuts a line longer than an entry into pieces of `4068 - 2 - tag - 32` UTF-16
    /// units (`Log.printlns`, `LineBreakBufferedWriter`), each logged with its own prefix: a piece of
    /// that length (a unit or a few less where the cut split a character) goes on in the next entry
    /// of the same process, thread, level and tag.
    static func isCutAtEntrySize(_ payload: Substring, entry: Substring) -> Bool {
        let tag: Substring
        if let slash = entry.firstIndex(of: "/"), let open = entry[slash...].firstIndex(of: "(") {
            tag = entry[entry.index(after: slash)..<open]  // brief: `E/TAG(PID): `
        } else {
            tag = entry.split(separator: " ").last.map { $0.hasSuffix(":") ? $0.dropLast() : $0 } ?? ""  // threadtime: `PID TID E TAG: `
        }
        let size = 4068 - 2 - tag.utf16.count - 32
        let count = payload.utf16.count
        return count <= size && count >= size - 4
    }

    init(lines: [Substring], numbers: [Int]) {
        self.lines = lines
        self.numbers = numbers
    }

    /// The line with its XML entities decoded; a `&#10;` (a line break inside an attribute) splits it.
    static func decodeXML(_ line: Substring) -> [Substring] {
        guard line.contains("&") else { return [line] }
        var pieces: [Substring] = []
        var current = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            guard character == "&", let end = line[index...].prefix(12).firstIndex(of: ";") else {
                current.append(character)
                index = line.index(after: index)
                continue
            }
            let name = line[line.index(after: index)..<end]
            if let decoded = entity(name) {
                if decoded == "\n" {
                    pieces.append(Substring(current))
                    current = ""
                } else if decoded != "\r" {
                    current.append(decoded)
                }
                index = line.index(after: end)
            } else {
                current.append(character)
                index = line.index(after: index)
            }
        }
        pieces.append(Substring(current))
        return pieces
    }

    private static func entity(_ name: Substring) -> Character? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }

    /// The line without a logcat prefix: threadtime (`10-02 14:14:03.329 20435 20457 E TestRunner: `,
    /// also with a year), or brief (`E/TestRunner(20435): `).
    static func withoutLogPrefix(_ line: Substring) -> Substring { splitLogPrefix(line).payload }

    /// The line's logcat payload and the entry it belongs to (process, thread, level and tag: the
    /// prefix without its time), nil when the line has no logcat prefix.
    static func splitLogPrefix(_ line: Substring) -> (payload: Substring, entry: Substring?) {
        let bytes = Array(line.utf8.prefix(160))
        if let (end, identityStart) = threadtimePrefixEnd(bytes).map({ ($0.end, $0.identity) }) ?? briefPrefixEnd(bytes).map({ ($0, 0) }) {
            let payload = line.utf8.dropFirst(end).isEmpty ? "" : Substring(line.utf8.dropFirst(end))
            let prefix = Substring(line.utf8.prefix(end))
            return (payload, Substring(prefix.utf8.dropFirst(identityStart)))
        }
        if let end = androidStudioPrefixEnd(bytes) {
            return (line.utf8.dropFirst(end).isEmpty ? "" : Substring(line.utf8.dropFirst(end)), nil)
        }
        return (line, nil)
    }

    /// Android Studio's logcat: `YYYY-MM-DD HH:MM:SS.mmm PID-TID/package L/TAG: ` (before Dolphin),
    /// or `YYYY-MM-DD HH:MM:SS.mmm  PID-TID  TAG  package  L  ` (columns; two spaces after the level).
    private static func androidStudioPrefixEnd(_ b: [UInt8]) -> Int? {
        let shape = Array("0000-00-00 00:00:00.000".utf8)
        guard b.count > shape.count, zip(b, shape).allSatisfy({ $1 == UInt8(ascii: "0") ? isDigit($0) : $0 == $1 }) else { return nil }
        var i = shape.count
        while i < b.count, b[i] == 0x20 { i += 1 }
        let pidStart = i
        while i < b.count, isDigit(b[i]) { i += 1 }
        guard i > pidStart, i < b.count, b[i] == UInt8(ascii: "-") else { return nil }
        i += 1
        while i < b.count, isDigit(b[i]) { i += 1 }
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: "/") {
            // `/package L/TAG: `
            guard let space = b[i...].firstIndex(of: 0x20), space + 2 < b.count, levels.contains(b[space + 1]), b[space + 2] == UInt8(ascii: "/") else { return nil }
            return tagEnd(b, from: space + 3)
        }
        // `  TAG  package  L  `: the first lone level letter between spaces.
        var j = i
        while j + 2 < b.count {
            if b[j] == 0x20, levels.contains(b[j + 1]), b[j + 2] == 0x20, j + 1 > i + 1 {
                let end = j + 3
                return end < b.count && b[end] == 0x20 ? end + 1 : end
            }
            j += 1
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static let levels = Set("VDIWEFA".utf8)

    /// `[YYYY-]MM-DD HH:MM:SS.mmm  PID  TID L TAG: `
    private static func threadtimePrefixEnd(_ b: [UInt8]) -> (end: Int, identity: Int)? {
        var i = 0
        func digits(_ count: Int) -> Bool {
            guard i + count <= b.count, b[i..<i + count].allSatisfy(isDigit) else { return false }
            i += count
            return true
        }
        func byte(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        func spaces() -> Bool {
            let start = i
            while i < b.count, b[i] == 0x20 { i += 1 }
            return i > start
        }
        func number() -> Bool {
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            return i > start
        }
        if b.count > 4, b[0..<4].allSatisfy(isDigit), b[4] == UInt8(ascii: "-") { i = 5 }
        guard digits(2), byte("-"), digits(2), spaces(), digits(2), byte(":"), digits(2), byte(":"), digits(2), byte("."), digits(3),
              spaces() else { return nil }
        let identity = i
        guard number(), spaces(), number(), spaces(), i < b.count, levels.contains(b[i]) else { return nil }
        i += 1
        guard spaces(), let end = tagEnd(b, from: i) else { return nil }
        return (end, identity)
    }

    /// `L/TAG(PID): `
    private static func briefPrefixEnd(_ b: [UInt8]) -> Int? {
        guard b.count > 2, levels.contains(b[0]), b[1] == UInt8(ascii: "/"), let open = b.firstIndex(of: UInt8(ascii: "(")),
              let close = b[open...].firstIndex(of: UInt8(ascii: ")")), close + 1 < b.count, b[close + 1] == UInt8(ascii: ":"),
              b[open + 1..<close].allSatisfy({ isDigit($0) || $0 == 0x20 }) else { return nil }
        return close + 2 < b.count && b[close + 2] == 0x20 ? close + 3 : close + 2
    }

    /// After the tag: the `: ` that ends it (the tag itself has no colon followed by a space).
    private static func tagEnd(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < b.count {
            if b[i] == UInt8(ascii: ":") {
                if i + 1 == b.count { return i + 1 }
                if b[i + 1] == 0x20 { return i + 2 }
            }
            i += 1
        }
        return nil
    }

    /// `line N` of the file for the line at `index`.
    func location(_ index: Int) -> String {
        "line \(index < numbers.count ? numbers[index] : (numbers.last ?? 0) + 1)"
    }
}

/// Which of the hierarchies a file holds is read: the one `--index` names, else the one the
/// format says is on screen (`preferred`, with why), else the first; with a warning naming how
/// many there were.
enum HierarchyChoice {
    static func pick<T>(_ found: [T], options: ImportOptions, fileName: String, what: String,
                        preferred: (index: Int, why: String)? = nil) throws(InputError) -> (T, [String]) {
        guard let first = found.first else { throw InputError(file: fileName, "no \(what) found") }
        if let index = options.index {
            guard index >= 1, index <= found.count else {
                throw InputError(file: fileName, location: "index", "expected 1...\(found.count) (the file holds \(found.count) \(found.count == 1 ? "hierarchy" : "hierarchies"), \(what)), got \(index)")
            }
            return (found[index - 1], found.count > 1 ? ["the file holds \(found.count) hierarchies (\(what)); read number \(index)"] : [])
        }
        if let preferred, found.indices.contains(preferred.index) {
            return (found[preferred.index], ["the file holds \(found.count) hierarchies (\(what)); read number \(preferred.index + 1), \(preferred.why) (--index N reads another)"])
        }
        return (first, found.count > 1 ? ["the file holds \(found.count) hierarchies (\(what)); read the first (--index N reads another)"] : [])
    }
}
