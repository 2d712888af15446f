extension JSONText {
    /// Appends `number(value)` to UTF-8 text: the same characters as `value.description` for a
    /// value with a fraction, the integer for an integral value below 10^15, `null` for NaN and
    /// infinities. Most numbers of a layout (whole points, halves, a few decimals) are written
    /// straight into `out`; only the others go through Swift's general shortest-form algorithm.
    public static func append(number value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return out.append(contentsOf: "null".utf8) }
        if abs(value) < 1e15, Double(Int64(value)) == value { return appendDecimal(Int64(value), fractionDigits: 0, to: &out) }
        if let (digits, fractionDigits) = shortDecimal(value) { return appendDecimal(digits, fractionDigits: fractionDigits, to: &out) }
        var text = value.description
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6]

    /// `value` as `digits` × 10^-`fractionDigits` with the fewest fraction digits (at most 6), when
    /// that is also how `description` spells it; nil otherwise.
    ///
    /// Why this is `description`'s spelling: `description` is the shortest decimal that reads back
    /// as `value` (the nearest one among the shortest), in positional notation from 10^-4 up. Below
    /// 2^50 after scaling, the grid of k-digit decimals is four times coarser than the spacing of
    /// doubles, so at most one k-digit decimal reads back as `value`, and it is the integer nearest
    /// to value × 10^k (the product is off by less than a quarter). Digits and power of ten are
    /// then exact doubles, so one correctly rounded division is exactly how the decimal reads back.
    /// The smallest k that reads back gives the fewest significant digits, as no decimal that close
    /// to `value` has fewer integer digits.
    static func shortDecimal(_ value: Double) -> (digits: Int64, fractionDigits: Int)? {
        guard abs(value) >= 1e-4 else { return nil }
        for k in 1..<powersOfTen.count {
            let scaled = value * powersOfTen[k]
            guard abs(scaled) < 0x1p50 else { return nil }
            let digits = Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
            if Double(digits) / powersOfTen[k] == value { return (digits, k) }
        }
        return nil
    }

    /// Appends `digits` × 10^-`fractionDigits` in positional notation ("-0.05" for -5 and 2).
    static func appendDecimal(_ digits: Int64, fractionDigits: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            // Digits are written from the right: every fraction digit, the point, and at least
            // one integer digit ("0.05").
            var start = text.count
            var rest = digits.magnitude
            var place = 0
            repeat {
                if place == fractionDigits && place > 0 {
                    start -= 1
                    text[start] = UInt8(ascii: ".")
                }
                start -= 1
                text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                place += 1
            } while rest > 0 || place <= fractionDigits
            if digits < 0 {
                start -= 1
                text[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
        }
    }
}
