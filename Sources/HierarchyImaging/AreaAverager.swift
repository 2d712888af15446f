import Foundation
import HierarchyModel

/// Exact area averaging, the one engine behind `RGBAImage.resampled`, `RGBAImage.averaged` and
/// the renderer's mip levels: each output pixel is the mean of the input area it covers, each input
/// pixel counting by the share of its area inside. It shrinks or enlarges (enlarging repeats pixels).
///
/// Rows are streamed top to bottom: each input row is averaged horizontally once (a row on the
/// boundary of two output rows is kept for the second), then added with its weight into the output
/// row's sums, which go straight to the caller's memory; beyond it the engine holds one row.
public struct AreaAverager: Sendable {
    public let input: PixelSize
    public let output: PixelSize
    private let columns: AreaWeights
    private let rows: AreaWeights

    /// - Precondition: both sizes have at least one pixel.
    public init(from input: PixelSize, to output: PixelSize) {
        precondition(input.width > 0 && input.height > 0 && output.width > 0 && output.height > 0,
                     "area averaging needs at least one pixel on each side")
        self.input = input
        self.output = output
        columns = AreaWeights(from: input.width, to: output.width)
        rows = AreaWeights(from: input.height, to: output.height)
    }

    /// Averages premultiplied Float pixels: `row(y)` gives input row `y` (input width texels), and
    /// output row `y` (output width texels) is written at `out(y)`. Rows are asked for in
    /// increasing order, each once. The same pointer for two rows in a row means the same texels
    /// (images whose repeated rows share memory): the second is not averaged again.
    public func average(texels row: (Int) -> UnsafePointer<SIMD4<Float>>, into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>) {
        var last: UnsafePointer<SIMD4<Float>>?
        stream(unit: SIMD4(repeating: 1), into: out, finished: { _ in }) { y, line in
            let texels = row(y)
            if texels == last { return false }
            last = texels
            columns.average(into: line) { x, w in texels[x] * w }
            return true
        }
    }

    /// Averages 8-bit RGBA rows: `row(y)` gives input row `y` (input width × 4 bytes); output row `y`
    /// is written at `out(y)`, then `finished(y)` is called. The sums are in byte units times `unit`:
    /// premultiplied input gives (r, g, b, a) in 0...255; straight input gives (r·a, g·a, b·a, a),
    /// colours in 0...255², which is averaging premultiplied values without rounding them to 8 bits
    /// first (dividing by the alpha sum gives straight colour back).
    ///
    /// Premultiplying is what keeps the colour of a transparent pixel out of its neighbours: a
    /// transparent pixel has weight 0 in every colour sum, however bright its stored colour.
    ///
    /// Rows are asked for in increasing order, each once; a row's pointer need only stay valid
    /// until the next call. A row whose bytes repeat the row averaged before it is not averaged
    /// again: its values are the same. An output row made of such rows alone is their common value
    /// times `unit` (the weights add up to 1), so that it equals the output row before it when that
    /// one was made of the same rows: a flat picture averages to rows that repeat exactly.
    func average(bytes row: (Int) -> UnsafePointer<UInt8>, straight: Bool, unit: SIMD4<Float>,
                 into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>, finished: (Int) -> Void) {
        let width = input.width, rowBytes = width * 4
        // The bytes of the row `line` was last averaged from: a row with the same bytes (most rows
        // of a flat picture repeat the one above) averages to the same values, so `line` stands.
        let last = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { last.deallocate() }
        var hasLast = false
        stream(unit: unit, into: out, finished: finished) { y, line in
            let start = UnsafeRawPointer(row(y))
            if hasLast && memcmp(last, start, rowBytes) == 0 { return false }
            last.copyMemory(from: start, byteCount: rowBytes)
            hasLast = true
            // Rows with nothing in them (common in containers' snapshots) average to nothing.
            guard !Self.isTransparent(start, width: width) else { line.update(repeating: .zero, count: output.width); return true }
            columns.average(into: line) { x, w in
                let v = SIMD4<Float>(start.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self))
                let aw = v.w * w
                return v * (straight ? SIMD4(aw, aw, aw, w) : SIMD4(repeating: w))
            }
            return true
        }
    }

    /// The unit that scales byte sums to premultiplied Floats in 0...1: straight colours come out
    /// times alpha (0...255²), premultiplied ones in 0...255.
    static func floatUnit(straight: Bool) -> SIMD4<Float> {
        straight ? SIMD4(1 / 65025, 1 / 65025, 1 / 65025, 1 / 255) : SIMD4(repeating: 1 / 255)
    }

    /// The row loop: `averageRow(y, line)` fills `line` with input row `y` averaged horizontally,
    /// or leaves it and returns false when the row's values are those `line` holds already.
    /// `unit` scales the sums (it rides on the row weights, so a unit of 1 changes nothing).
    @inline(__always)
    private func stream(unit: SIMD4<Float>, into out: (Int) -> UnsafeMutablePointer<SIMD4<Float>>, finished: (Int) -> Void,
                        averageRow: (Int, UnsafeMutablePointer<SIMD4<Float>>) -> Bool) {
        let count = output.width
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        defer { line.deallocate() }
        var cached = -1
        // Bumped whenever `line` takes other values.
        var version = 0
        for y in 0..<output.height {
            let sums = out(y)
            sums.update(repeating: .zero, count: count)
            var first = -1, uniform = true
            for k in rows.span(of: y) {
                // Consecutive output rows share at most their boundary row: average it once.
                let inputRow = rows.index(k, of: y)
                if inputRow != cached {
                    if averageRow(inputRow, line) { version += 1 }
                    cached = inputRow
                }
                if first < 0 { first = version } else if version != first { uniform = false }
                let weight = unit * rows.weight(k)
                for i in 0..<count { sums[i] += line[i] * weight }
            }
            // Rows of equal values: their mean is that value, without the rounding of the sum,
            // which depends on how the row's area splits between them.
            if uniform { for i in 0..<count { sums[i] = line[i] * unit } }
            finished(y)
        }
    }

    /// Whether every pixel of the row has alpha 0; stops at the first that does not.
    private static func isTransparent(_ row: UnsafeRawPointer, width: Int) -> Bool {
        let alpha = UInt32(0xFF).bigEndian
        for x in 0..<width where row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) & alpha != 0 { return false }
        return true
    }
}
