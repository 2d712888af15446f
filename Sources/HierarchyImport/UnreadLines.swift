/// The lines inside a block a reader recognises that it could not read (a note where rows were
/// cut, a log line from another thread between tree lines), told in one warning: their ranges and
/// the first one quoted, `lines 29–31 not read: "... the other cells are the same"`.
struct UnreadLines {
    private(set) var numbers: [Int] = []
    private var first: String?

    var isEmpty: Bool { numbers.isEmpty }

    mutating func add(_ number: Int, _ text: some StringProtocol) {
        if first == nil { first = String(text.trimmingSpaces) }
        numbers.append(number)
    }

    /// Adds the lines of `other` (lines read as pending and then found inside the block).
    mutating func add(_ other: UnreadLines) {
        if first == nil { first = other.first }
        numbers += other.numbers
    }

    /// The warning, nil when every line was read.
    var warning: String? {
        guard let first else { return nil }
        let ranges = UnreadLines.ranges(numbers.sorted())
        let quoted = first.count > 60 ? String(first.prefix(57)) + "..." : first
        let plural = numbers.count > 1 ? "lines" : "line"
        return "\(plural) \(ranges) not read: \"\(quoted)\""
    }

    /// `3–5, 9`: consecutive numbers joined into ranges.
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var start: Int?, last: Int?
        for number in numbers + [Int.min] {
            if let l = last, number == l + 1 || number == l { last = number; continue }
            if let s = start, let l = last { parts.append(s == l ? "\(s)" : "\(s)–\(l)") }
            (start, last) = (number, number)
        }
        return parts.joined(separator: ", ")
    }
}
