/// Where each line of a text block sits across the box.
public enum TextAlignment: String, Hashable, Sendable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case leading
    case center
}

/// How a text is fitted into a box: the size it would like, the smallest it may shrink to, and
/// how its lines are spaced and aligned. Sizes are in pixels.
public struct TextStyle: Hashable, Sendable {
    public var size: Double
    /// The text shrinks toward this size before it is cut with an ellipsis.
    public var minimumSize: Double
    /// Line pitch as a multiple of the size.
    public var lineSpacing: Double
    public var alignment: TextAlignment
    /// At most this many lines (nil: as many as the box holds).
    public var maximumLines: Int?

    public init(size: Double, minimumSize: Double? = nil, lineSpacing: Double = 1.2, alignment: TextAlignment = .leading, maximumLines: Int? = nil) {
        self.size = size
        self.minimumSize = min(size, minimumSize ?? size)
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.maximumLines = maximumLines
    }
}

/// One glyph placed in its text block: which font and glyph, and where its origin is (pixels
/// right of the line's left edge, and below the line's baseline).
public struct PlacedGlyph: Hashable, Sendable {
    public var font: Int
    public var glyph: UInt32
    public var x: Double
    public var y: Double
}

/// One line of a typeset block, its glyphs in visual order (left to right).
public struct TypesetLine: Hashable, Sendable {
    public var glyphs: [PlacedGlyph]
    /// The ink advance of the line, trailing spaces left out.
    public var width: Double
    /// The left edge of the line and its baseline, in pixels from the box's top left.
    public var x: Double
    public var baseline: Double
    /// The characters of the text the line shows (before any ellipsis), as indices of Unicode scalars.
    public var characters: Range<Int>
}

/// A text fitted into a box: the size it was set at, its lines, and whether it was cut short.
public struct TypesetText: Hashable, Sendable {
    public var size: Double
    public var lines: [TypesetLine]
    /// True when the text did not fit at the smallest size and ends with an ellipsis.
    public var isTruncated: Bool
    /// True when the paragraph reads right to left.
    public var isRightToLeft: Bool

    /// The widest line's width.
    public var width: Double { lines.map(\.width).max() ?? 0 }
}
