/// Where a view was read from in the file it came from: its first and last line, from 1, as an
/// editor counts them, and for an XML dump its element. An imported dump's view has one (for XML,
/// its element's start tag to its end tag; for a text format, the view's line to the last line of
/// its properties); a capture's view (`tree.json` from the in-app library) has none.
public struct SourceSpan: Hashable, Sendable {
    /// The first line, from 1.
    public var line: Int
    /// The last line, at least `line`.
    public var endLine: Int
    /// The element of an XML dump (its index in document order, the importer's `MarkupTree`);
    /// nil for a text format and for a view no element stands for. A document keeps the lines only.
    public var element: Int?

    /// A span of the lines `line` through `endLine`; an end before the start is the start.
    public init(line: Int, endLine: Int? = nil, element: Int? = nil) {
        self.line = max(1, line)
        self.endLine = max(self.line, endLine ?? line)
        self.element = element
    }

    /// The lines alone, without the element (what a document keeps).
    public var lines: SourceSpan { SourceSpan(line: line, endLine: endLine) }

    /// `line 12`, or `lines 12–15` for a view over several lines: how messages name it.
    public var text: String { endLine > line ? "lines \(line)–\(endLine)" : "line \(line)" }
}
