/// Greedy line breaking over measured characters (pure): each line takes as many characters as
/// fit the width, breaking at the last opportunity; a word wider than the line is broken between
/// characters.
public enum LineBreaker {
    /// What a character is for breaking.
    public enum Kind: Hashable, Sendable {
        /// Printed, and a line may start before it only where `breakBefore` says so.
        case other
        /// A space: hangs at the end of a line, never counted in its width.
        case space
        /// A hard line break.
        case newline
    }

    /// One measured character.
    public struct Item: Hashable, Sendable {
        public var advance: Double
        public var kind: Kind
        /// A line may begin at this character (after a space, around ideographs…).
        public var breakBefore: Bool
        /// A line may begin here if a word must be cut (false inside a cluster).
        public var clusterStart: Bool

        public init(advance: Double, kind: Kind = .other, breakBefore: Bool = false, clusterStart: Bool = true) {
            self.advance = advance
            self.kind = kind
            self.breakBefore = breakBefore
            self.clusterStart = clusterStart
        }
    }

    /// The lines, as ranges of `items`, and whether a word was wider than the line. Such a word
    /// is cut between characters when `cutWords`, else left whole on a line of its own that is
    /// too wide. Every item is in exactly one line, in order; an empty input has no line.
    public static func lines(_ items: [Item], width: Double, cutWords: Bool = true) -> (lines: [Range<Int>], cutWords: Bool) {
        var lines: [Range<Int>] = []
        var cut = false
        var start = 0, lastBreak: Int? = nil
        var lineWidth = 0.0, pending = 0.0   // the line's width without trailing spaces, and those spaces
        var index = 0
        while index < items.count {
            let item = items[index]
            switch item.kind {
            case .newline:
                lines.append(start..<index + 1)
                start = index + 1; lastBreak = nil; lineWidth = 0; pending = 0
                index += 1
                continue
            case .space:
                pending += item.advance
                index += 1
                continue
            case .other:
                break
            }
            if index > start && item.breakBefore { lastBreak = index }
            if index > start && lineWidth + pending + item.advance > width {
                if let at = lastBreak, at > start {
                    lines.append(start..<at)
                    start = at; lastBreak = nil
                    (lineWidth, pending) = measure(items, start..<index)
                    continue   // the same character again, on the new line
                }
                cut = true
                if cutWords && item.clusterStart {
                    lines.append(start..<index)
                    start = index; lastBreak = nil; lineWidth = 0; pending = 0
                }
            }
            lineWidth += pending + item.advance
            pending = 0
            index += 1
        }
        if start < items.count { lines.append(start..<items.count) }
        return (lines, cut)
    }

    /// The width of `range` without its trailing spaces, and those spaces' width.
    static func measure(_ items: [Item], _ range: Range<Int>) -> (Double, Double) {
        var width = 0.0, pending = 0.0
        for item in items[range] {
            if item.kind == .other { width += pending + item.advance; pending = 0 } else { pending += item.advance }
        }
        return (width, pending)
    }

    /// The width of the characters of `range` without its trailing spaces and line break.
    public static func width(_ items: [Item], _ range: Range<Int>) -> Double {
        measure(items, range).0
    }
}
