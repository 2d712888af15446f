extension JSONText {
    /// Appends `number(value)` to UTF-8 text: the same characters as `value.description` for a
    /// value with a fraction, the integer for an integral value below 10^15, `null` for NaN and
    /// infinities. Most numbers of a layout (whole points, halves, a few decimals) are written
    /// straight into `out`; only the others go through Swift's general shortest-form algorithm.
    public static func append(number value: Double, to out: inout [UInt8]) {
        let spelled = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
            guard let count = spell(value, into: text.baseAddress!) else { return false }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
            return true
        }
        guard !spelled else { return }
        var text = value.description
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Writes `number(value)` at `text`, which has room for 32 bytes, and returns the number of
    /// bytes; nil, with nothing written, when only Swift's general algorithm spells the value.
    static func spell(_ value: Double, into text: UnsafeMutablePointer<UInt8>) -> Int? {
        guard value.isFinite else {
            for (i, byte) in "null".utf8.enumerated() { text[i] = byte }
            return 4
        }
        if abs(value) < 1e15, Double(Int64(value)) == value { return spell(Int64(value), fractionDigits: 0, into: text) }
        guard let (digits, fractionDigits) = shortDecimal(value) else { return nil }
        return spell(digits, fractionDigits: fractionDigits, into: text)
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

    /// Writes `digits` × 10^-`fractionDigits` in positional notation ("-0.05" for -5 and 2) at
    /// `text` and returns the number of bytes.
    static func spell(_ digits: Int64, fractionDigits: Int, into text: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = digits.magnitude
        var length = 1
        var power = rest / 10
        while power > 0 {
            length += 1
            power /= 10
        }
        // Every fraction digit, the point, and at least one integer digit ("0.05").
        let integerDigits = max(length - fractionDigits, 1)
        let total = (digits < 0 ? 1 : 0) + integerDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        var end = total
        func put(_ byte: UInt8) {
            end -= 1
            text[end] = byte
        }
        for _ in 0..<fractionDigits {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        }
        if fractionDigits > 0 { put(UInt8(ascii: ".")) }
        for _ in 0..<integerDigits {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        }
        if digits < 0 { put(UInt8(ascii: "-")) }
        return total
    }
}
