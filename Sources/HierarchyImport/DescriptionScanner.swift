/// The bracket and quote structure of one recursiveDescription line.
///
/// Values nest (`backgroundColor = <UIDynamicProviderColor: 0x…; provider = <__NSMallocBlock__: 0x…>>`,
/// `animations = { position=<CASpringAnimation: 0x…>; }`) and quoted texts may hold `;`, `>` and `'`,
/// so descriptions are cut by matching brackets outside quotes, never by searching for `>`.
struct DescriptionScanner {
    let bytes: [UInt8]
    /// Whether each byte lies inside a quoted value (quotes included).
    private(set) var quoted: [Bool]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        quoted = [Bool](repeating: false, count: bytes.count)
        markQuotes()
    }

    /// A quote opens a value (`text = '`) and closes where the value plausibly ends: before `>`,
    /// the line's end, or `; key = `. UIKit does not escape quotes inside texts, so a `'` elsewhere is text.
    private mutating func markQuotes() {
        var inQuote = false
        for index in bytes.indices {
            if inQuote {
                quoted[index] = true
                if bytes[index] == Self.quote, closesQuote(at: index) { inQuote = false }
            } else if bytes[index] == Self.quote, previousNonSpace(before: index) == UInt8(ascii: "=") {
                quoted[index] = true
                inQuote = true
            }
        }
    }

    private func closesQuote(at index: Int) -> Bool {
        let next = index + 1
        guard next < bytes.count else { return true }
        if bytes[next] == UInt8(ascii: ">") { return true }
        guard bytes[next] == UInt8(ascii: ";") else { return false }
        var cursor = next + 1
        while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        guard cursor < bytes.count else { return true }
        if bytes[cursor] == UInt8(ascii: ">") { return true }
        // `; key = ` or `; key: ` starts the next field.
        let keyStart = cursor
        while cursor < bytes.count, Self.isIdentifier(bytes[cursor]) { cursor += 1 }
        guard cursor > keyStart else { return false }
        while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        return cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":"))
    }

    private func previousNonSpace(before index: Int) -> UInt8? {
        var cursor = index - 1
        while cursor >= 0, bytes[cursor] == 0x20 { cursor -= 1 }
        return cursor >= 0 ? bytes[cursor] : nil
    }

    /// The index of the `>` that closes the `<` at `open`, or nil when the line ends first.
    func matchingClose(of open: Int) -> Int? {
        var depth = 0
        for index in open..<bytes.count where !quoted[index] {
            if bytes[index] == UInt8(ascii: "<") { depth += 1 }
            if bytes[index] == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The pieces of `range` between `;`s that are outside every bracket and quote, trimmed.
    func segments(_ range: Range<Int>) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range where !quoted[index] {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ";") where depth == 0:
                pieces.append(Self.trimmed(bytes[start..<index]))
                start = index + 1
            default: break
            }
        }
        pieces.append(Self.trimmed(bytes[start..<range.upperBound]))
        return pieces.filter { !$0.isEmpty }
    }

    /// The first `=` or `:` of `piece` outside brackets and quotes.
    func separator(in piece: ArraySlice<UInt8>) -> Int? {
        var depth = 0
        for index in piece.indices where !quoted[index] {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: "="), UInt8(ascii: ":"): if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    static let quote = UInt8(ascii: "'")

    static func isIdentifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = slice
        while let first = slice.first, ByteText.isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, ByteText.isSpace(last) { slice = slice.dropLast() }
        return slice
    }
}
