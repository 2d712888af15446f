import CHarfBuzz

/// A paragraph shaped once, in em units, so that it can be measured and laid out at any size:
/// its characters (Unicode scalars), the runs HarfBuzz shaped, each run's glyphs in visual order,
/// and each character's advance (carried by the first character of its cluster).
struct ShapedParagraph {
    struct Glyph {
        var glyph: UInt32
        /// Index of the first character of the glyph's cluster.
        var cluster: Int
        var advance: Double
        var xOffset: Double
        var yOffset: Double
    }

    struct ShapedRun {
        var run: ScriptItemizer.Run
        /// Visual order, left to right.
        var glyphs: [Glyph]
    }

    let scalars: [UInt32]
    let runs: [ShapedRun]
    let items: [LineBreaker.Item]
    let isRightToLeft: Bool

    /// Shapes `text` with `library`'s fonts. Caller holds the library's lock.
    init(_ text: String, library: FontLibrary) {
        let scalars = text.unicodeScalars.map(\.value)
        let scripts = scalars.map(ScriptItemizer.script(of:))
        let strengths = zip(scalars, scripts).map { ScriptItemizer.strength($0, $1) }
        let rightToLeft = ScriptItemizer.isRightToLeft(strengths)
        let levels = ScriptItemizer.levels(strengths, rightToLeft: rightToLeft)
        let fonts = ShapedParagraph.fonts(scalars, scripts: scripts, library: library)
        let runs = ScriptItemizer.runs(fonts: fonts, scripts: ScriptItemizer.shapingScripts(scripts, strengths), levels: levels)
        let shaped = runs.map { ShapedRun(run: $0, glyphs: ShapedParagraph.shape(scalars, $0, library: library)) }
        self.scalars = scalars
        self.runs = shaped
        self.isRightToLeft = rightToLeft
        items = ShapedParagraph.items(scalars, scripts: scripts, runs: shaped)
    }

    /// The font of every character: the first that has it, except that a character the previous
    /// character's font also has stays in that font (spaces and punctuation do not split runs),
    /// and marks and joiners stay with what they modify.
    private static func fonts(_ scalars: [UInt32], scripts: [hb_script_t], library: FontLibrary) -> [Int] {
        var fonts: [Int] = []
        fonts.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            if let previous = fonts.last {
                let attached = scripts[index] == HB_SCRIPT_INHERITED || scalar == 0x200D || scalar == 0x200C || isControl(scalar)
                let shared = scripts[index] == HB_SCRIPT_COMMON && !FontLibrary.isEmoji(scalar) && library.font(previous, has: scalar)
                if attached || shared { fonts.append(previous); continue }
            }
            fonts.append(library.font(for: scalar))
        }
        return fonts
    }

    static func isControl(_ scalar: UInt32) -> Bool { scalar < 0x20 || scalar == 0x7F }

    /// Shapes one run in its font, with the whole paragraph as context.
    private static func shape(_ scalars: [UInt32], _ run: ScriptItemizer.Run, library: FontLibrary) -> [Glyph] {
        guard let face = library.face(run.font) ?? library.primaryFace() else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        hb_shape(face.shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let em = face.unitsPerEm
        return (0..<Int(count)).map { index in
            let position = positions[index]
            return Glyph(glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
                         advance: Double(position.x_advance) / em, xOffset: Double(position.x_offset) / em,
                         yOffset: Double(position.y_offset) / em)
        }
    }

    /// Each character's advance and what it is for line breaking.
    private static func items(_ scalars: [UInt32], scripts: [hb_script_t], runs: [ShapedRun]) -> [LineBreaker.Item] {
        var items = scalars.map { scalar in
            LineBreaker.Item(advance: 0, kind: kind(scalar), breakBefore: false, clusterStart: false)
        }
        for run in runs {
            for glyph in run.glyphs where glyph.cluster < items.count {
                items[glyph.cluster].advance += glyph.advance
                items[glyph.cluster].clusterStart = true
            }
        }
        for index in items.indices.dropFirst() {
            items[index].breakBefore = breakBetween(scalars[index - 1], scripts[index - 1], scalars[index], scripts[index], previousKind: items[index - 1].kind)
        }
        // Hard breaks and spaces take no ink.
        for index in items.indices where items[index].kind == .newline { items[index].advance = 0 }
        return items
    }

    private static func kind(_ scalar: UInt32) -> LineBreaker.Kind {
        switch scalar {
        case 0x0A, 0x0D, 0x2028, 0x2029: .newline
        case 0x20, 0x09, 0x3000: .space
        default: .other
        }
    }

    /// A simplified UAX #14: a line may start after a space or a hyphen, and before or after an
    /// ideograph or kana, but not before closing punctuation nor after opening punctuation.
    private static func breakBetween(_ before: UInt32, _ beforeScript: hb_script_t, _ after: UInt32, _ afterScript: hb_script_t, previousKind: LineBreaker.Kind) -> Bool {
        if previousKind == .space { return true }
        if closing.contains(after) || opening.contains(before) { return false }
        if before == 0x2D && afterScript != HB_SCRIPT_COMMON { return true }
        return isIdeographic(beforeScript) || isIdeographic(afterScript)
    }

    private static func isIdeographic(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
    }

    /// Characters a line never starts with (kinsoku): closing marks, small kana, the long vowel mark.
    private static let closing: Set<UInt32> = [
        0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x3001, 0x3002, 0x300D, 0x300F, 0x3011, 0xFF09,
        0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0x30FC, 0x3063, 0x30C3, 0x3083, 0x3085, 0x3087, 0x30E3, 0x30E5, 0x30E7, 0x2026,
    ]
    /// Characters a line never ends with.
    private static let opening: Set<UInt32> = [0x28, 0x5B, 0x7B, 0x300C, 0x300E, 0x3010, 0xFF08]
}
