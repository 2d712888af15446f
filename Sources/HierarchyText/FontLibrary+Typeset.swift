/// Fitting a text into a box: wrapped to the box's width, shrunk step by step (down to the
/// style's minimum size) until its lines fit the box's height, and, when even the smallest size
/// does not fit, cut at the last line that fits with an ellipsis.
extension FontLibrary {
    /// `text` set in a `width`×`height` pixel box. Lines are centred vertically in the box.
    public func typeset(_ text: String, width: Double, height: Double, style: TextStyle) -> TypesetText {
        lock.lock()
        defer { lock.unlock() }
        let paragraph = ShapedParagraph(text, library: self)
        let metrics = primaryFace().map { (ascent: $0.ascent, descent: $0.descent) } ?? (0.93, 0.24)
        var size = max(style.minimumSize, style.size)
        while true {
            let lineLimit = maximumLines(height: height, size: size, style: style)
            let items = scaled(paragraph.items, by: size)
            let (ranges, tooWide) = LineBreaker.lines(items, width: width, cutWords: false)
            if (!tooWide && ranges.count <= lineLimit) || size <= style.minimumSize {
                // Words are not cut: the text ends, with an ellipsis, on the first line too wide.
                let overflow = ranges.firstIndex { LineBreaker.width(items, $0) > width + 1e-9 }
                let limit = min(lineLimit, overflow.map { $0 + 1 } ?? Int.max)
                return layOut(paragraph, ranges: ranges, lineLimit: limit, forceEllipsis: overflow.map { $0 < limit } ?? false,
                              size: size, width: width, height: height, metrics: metrics, style: style)
            }
            // Steps of 8 %, the last one landing on the minimum.
            size = max(style.minimumSize, size * 0.92)
        }
    }

    /// How many lines of `size` fit `height` (at least one, at most the style's maximum).
    private func maximumLines(height: Double, size: Double, style: TextStyle) -> Int {
        let pitch = size * style.lineSpacing
        // The last line needs only its own size, not the spacing after it.
        let fitting = max(1, Int(((height - size) / pitch + 1 + 1e-9).rounded(.down)))
        return min(fitting, style.maximumLines ?? Int.max)
    }

    private func scaled(_ items: [LineBreaker.Item], by size: Double) -> [LineBreaker.Item] {
        items.map { var item = $0; item.advance *= size; return item }
    }

    private func layOut(
        _ paragraph: ShapedParagraph, ranges: [Range<Int>], lineLimit: Int, forceEllipsis: Bool, size: Double, width: Double,
        height: Double, metrics: (ascent: Double, descent: Double), style: TextStyle
    ) -> TypesetText {
        let truncated = ranges.count > lineLimit || forceEllipsis
        let kept = Array(ranges.prefix(lineLimit))
        let pitch = size * style.lineSpacing
        let blockHeight = Double(kept.count - 1) * pitch + size * (metrics.ascent + metrics.descent)
        let top = (height - blockHeight) / 2
        var lines: [TypesetLine] = []
        for (index, range) in kept.enumerated() {
            let last = truncated && index == kept.count - 1
            var line = last ? ellipsized(paragraph, from: range.lowerBound, size: size, width: width)
                : place(paragraph, range, size: size, ellipsis: nil)
            line.baseline = top + size * metrics.ascent + Double(index) * pitch
            let leftAligned = style.alignment == .leading && !paragraph.isRightToLeft
            let rightAligned = style.alignment == .leading && paragraph.isRightToLeft
            line.x = leftAligned ? 0 : rightAligned ? width - line.width : (width - line.width) / 2
            lines.append(line)
        }
        return TypesetText(size: size, lines: lines, isTruncated: truncated, isRightToLeft: paragraph.isRightToLeft)
    }

    /// The line from `start` cut so that it and an ellipsis fit `width`.
    private func ellipsized(_ paragraph: ShapedParagraph, from start: Int, size: Double, width: Double) -> TypesetLine {
        let ellipsis = ellipsisGlyph()
        let room = width - ellipsis.advance * size
        var end = start
        var used = 0.0
        let items = paragraph.items
        // Take characters while they fit with the ellipsis after them; a hard break ends the line.
        while end < items.count, items[end].kind != .newline {
            let next = used + items[end].advance * size
            if next > room && items[end].clusterStart && items[end].kind == .other { break }
            used = next
            end += 1
        }
        // Trailing spaces before the ellipsis read as a gap.
        while end > start, items[end - 1].kind == .space { end -= 1 }
        return place(paragraph, start..<end, size: size, ellipsis: ellipsis)
    }

    /// The glyph of "…" and its advance (em), in the first font that has it.
    private func ellipsisGlyph() -> (font: Int, glyph: ShapedParagraph.Glyph, advance: Double) {
        let paragraph = ShapedParagraph("\u{2026}", library: self)
        let run = paragraph.runs.first
        let glyph = run?.glyphs.first ?? ShapedParagraph.Glyph(glyph: 0, cluster: 0, advance: 0.5, xOffset: 0, yOffset: 0)
        return (run?.run.font ?? 0, glyph, glyph.advance)
    }

    /// The glyphs of the characters in `range`, in visual order, with an ellipsis at the logical end.
    private func place(
        _ paragraph: ShapedParagraph, _ range: Range<Int>, size: Double,
        ellipsis: (font: Int, glyph: ShapedParagraph.Glyph, advance: Double)?
    ) -> TypesetLine {
        // The printed part: without trailing spaces and the line break.
        var end = range.upperBound
        while end > range.lowerBound, paragraph.items[end - 1].kind != .other { end -= 1 }
        var pieces: [(font: Int, glyphs: [ShapedParagraph.Glyph], level: Int)] = []
        for shaped in paragraph.runs where shaped.run.range.overlaps(range.lowerBound..<end) {
            let glyphs = shaped.glyphs.filter { (range.lowerBound..<end).contains($0.cluster) && !ShapedParagraph.isControl(paragraph.scalars[$0.cluster]) }
            if !glyphs.isEmpty { pieces.append((shaped.run.font, glyphs, shaped.run.level)) }
        }
        if let ellipsis { pieces.append((ellipsis.font, [ellipsis.glyph], paragraph.isRightToLeft ? 1 : 0)) }
        var placed: [PlacedGlyph] = []
        var pen = 0.0
        for index in ScriptItemizer.visualOrder(pieces.map(\.level)) {
            for glyph in pieces[index].glyphs {
                placed.append(PlacedGlyph(font: pieces[index].font, glyph: glyph.glyph, x: pen + glyph.xOffset * size, y: -glyph.yOffset * size))
                pen += glyph.advance * size
            }
        }
        return TypesetLine(glyphs: placed, width: pen, x: 0, baseline: 0, characters: range.lowerBound..<end)
    }
}
