import CHarfBuzz

/// Splits a paragraph into runs that one font shapes in one script and one direction, with the
/// embedding level each run is shown at.
///
/// Direction comes from the script of each character (HarfBuzz's Unicode data): Arabic, Hebrew
/// and the other right-to-left scripts read right to left, digits stay left to right inside
/// them, and neutral characters (spaces, punctuation) take the direction around them. The
/// paragraph's direction is that of its first strong character. This is the core of the Unicode
/// bidirectional algorithm, enough for UI labels; explicit embedding marks are not interpreted.
enum ScriptItemizer {
    struct Run: Hashable {
        var range: Range<Int>
        var font: Int
        var script: hb_script_t
        /// Even: left to right; odd: right to left.
        var level: Int
        var isRightToLeft: Bool { level % 2 == 1 }
    }

    enum Strength { case left, right, number, neutral }

    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    static func strength(_ scalar: UInt32, _ script: hb_script_t) -> Strength {
        if (0x30...0x39).contains(scalar) || (0x660...0x669).contains(scalar) || (0x6F0...0x6F9).contains(scalar) { return .number }
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { return .neutral }
        return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .right : .left
    }

    /// Whether the paragraph reads right to left (its first strong character does).
    static func isRightToLeft(_ strengths: [Strength]) -> Bool {
        strengths.first { $0 == .left || $0 == .right } == .right
    }

    /// The level of every character.
    static func levels(_ strengths: [Strength], rightToLeft: Bool) -> [Int] {
        let base = rightToLeft ? 1 : 0
        var levels = [Int](repeating: base, count: strengths.count)
        var previous: Strength = rightToLeft ? .right : .left   // the last strong direction seen
        for (index, strength) in strengths.enumerated() {
            switch strength {
            case .left: levels[index] = base == 1 ? 2 : 0; previous = .left
            case .right: levels[index] = 1; previous = .right
            case .number: levels[index] = (previous == .right || base == 1) ? 2 : 0
            case .neutral:
                // Between two characters of the same direction, that direction; else the paragraph's.
                let next = strengths[(index + 1)...].first { $0 == .left || $0 == .right } ?? (rightToLeft ? .right : .left)
                levels[index] = previous == next ? (next == .right ? 1 : base == 1 ? 2 : 0) : base
            }
        }
        return levels
    }

    /// The scripts to shape with: neutral characters take the script of what they follow (or, at
    /// the start, of what follows them).
    static func shapingScripts(_ scripts: [hb_script_t], _ strengths: [Strength]) -> [hb_script_t] {
        var result = scripts
        var last: hb_script_t? = nil
        for index in result.indices {
            if strengths[index] == .neutral || strengths[index] == .number {
                if let last { result[index] = last }
            } else {
                last = result[index]
            }
        }
        if let first = result.indices.first(where: { strengths[$0] == .left || strengths[$0] == .right }) {
            for index in 0..<first { result[index] = result[first] }
        }
        return result
    }

    /// Runs over `fonts`, `scripts` and `levels` (one entry per character), in logical order.
    static func runs(fonts: [Int], scripts: [hb_script_t], levels: [Int]) -> [Run] {
        var runs: [Run] = []
        for index in fonts.indices {
            if var last = runs.last, last.font == fonts[index], last.script == scripts[index], last.level == levels[index] {
                last.range = last.range.lowerBound..<index + 1
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(range: index..<index + 1, font: fonts[index], script: scripts[index], level: levels[index]))
            }
        }
        return runs
    }

    /// The order to show `levels.count` items with these levels, left to right (rule L2: from the
    /// highest level down to the lowest odd one, reverse every sequence at that level or above).
    static func visualOrder(_ levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
        }
        return order
    }
}
