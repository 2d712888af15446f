import Dispatch
import Foundation

/// Fills the unknown pixels of an image from its known ones, so that a view whose screenshot slice
/// lost what the views in front of it covered looks like that view drawn alone.
///
/// Each unknown pixel becomes the average of the nearest known pixels to its left, right, above and
/// below, each weighted by the inverse of its distance: along a row that is linear interpolation
/// between the two ends of the gap, and the same along a column. So a solid background comes back
/// exactly, and so does a gradient that is linear along rows or columns (the vertical gradients of
/// bars and cards, the horizontal ones of progress tracks): both directions agree there and any
/// weighting of them gives the same value. Where the gap reaches the image's edge on an axis, that
/// axis has one end only and is left out when the other axis has both; with one end on each, the
/// row's end is continued (a hole in a corner of a vertical gradient comes back exactly, one in a
/// corner of a horizontal gradient does not). Unlike diffusion or push-pull it needs no iterations
/// and no pyramid, only one sweep over the image, and it never reads outside the image it is given.
///
/// Pixels with no known pixel in their row or column are filled in a further sweep from the
/// pixels filled before them; an image with no known pixel at all is left as it is.
public enum HoleFiller {
    /// Fills the pixels of `image` whose entry in `known` (row by row, one a pixel) is false.
    /// Known pixels are never changed. Works on the stored values (straight or premultiplied).
    ///
    /// The known pixels next to a hole are kept but not filled from: up to `margin` of them along
    /// the row or column are stepped over (as far as the known run allows), since there the front
    /// view's anti-aliased edges, shadows and frames rounded to whole points spill over, and their
    /// colour would run into the hole.
    /// - Returns: the number of pixels filled.
    ///
    /// `bands`: how many bands of rows are swept at once (nil: two for large images, else one);
    /// any number gives the same pixels.
    @discardableResult
    public static func fill(_ image: inout RGBAImage, known: [Bool], margin: Int = 0, bands: Int? = nil) -> Int {
        precondition(known.count == image.width * image.height, "one known flag a pixel")
        guard image.width > 0, image.height > 0 else { return 0 }
        // 1 known, 0 still to fill; the pixels filled in a sweep are marked in `filledNow` and
        // become known for the next sweep.
        var state = known.map { $0 ? UInt8(1) : 0 }
        var filledNow = [UInt8](repeating: 0, count: state.count)
        let (width, height) = (image.width, image.height)
        // Large images are swept in bands of rows at once on the cores (a few more bands than
        // cores, as holes are rarely spread evenly): each band fills only its own rows, reads only
        // known pixels, and during a sweep nothing known changes, so the bands share the image and
        // give what one sweep gives.
        let automatic = width * height >= minimumPixelsForBands ? 2 * ProcessInfo.processInfo.activeProcessorCount : 1
        let bands = max(1, min(height, bands ?? automatic))
        let reciprocals = [Float(0)] + (1...max(width, height)).map { 1 / Float($0) }
        var total = 0
        while true {
            var results = [(filled: Int, left: Int)](repeating: (0, 0), count: bands)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                state.withUnsafeBufferPointer { state in
                    filledNow.withUnsafeMutableBufferPointer { filledNow in
                        results.withUnsafeMutableBufferPointer { results in
                            reciprocals.withUnsafeBufferPointer { reciprocals in
                                let shared = (pixels: Shared(pixels), state: Shared(state), filledNow: Shared(filledNow),
                                              results: Shared(results), reciprocals: Shared(reciprocals))
                                DispatchQueue.concurrentPerform(iterations: bands) { band in
                                    let rows = height * band / bands..<height * (band + 1) / bands
                                    var sweep = Sweep(pixels: shared.pixels.value, state: shared.state.value, filledNow: shared.filledNow.value,
                                                      reciprocals: shared.reciprocals.value, width: width, height: height, margin: max(0, margin))
                                    shared.results.value[band] = sweep.run(rows: rows)
                                    sweep.deallocate()
                                }
                            }
                        }
                    }
                }
            }
            let filled = results.reduce(0) { $0 + $1.filled }, left = results.reduce(0) { $0 + $1.left }
            total += filled
            // Done, or nothing reachable (no known pixel at all).
            guard filled > 0, left > 0 else { return total }
            state.withUnsafeMutableBufferPointer { state in
                filledNow.withUnsafeMutableBufferPointer { filledNow in
                    for i in 0..<state.count where filledNow[i] != 0 {
                        state[i] = 1
                        filledNow[i] = 0
                    }
                }
            }
        }
    }

    /// Below this many pixels one band does it: starting a second costs more than it saves.
    static let minimumPixelsForBands = 1 << 16
}

/// One pass over a band of rows: every pixel still to fill that has a known pixel in its row or
/// column is filled from them.
private struct Sweep {
    let pixels: UnsafeMutableBufferPointer<UInt8>
    let state: UnsafeBufferPointer<UInt8>
    let filledNow: UnsafeMutableBufferPointer<UInt8>
    let width: Int, height: Int, margin: Int
    /// Per column: the last known row above the current one (-1: none) and where its run began.
    let lastKnown: UnsafeMutablePointer<Int32>
    let runStart: UnsafeMutablePointer<Int32>
    /// Per column: the next known row at or below the current one (height: none), and the row
    /// filled from below (stepped `margin` into that run).
    let nextKnown: UnsafeMutablePointer<Int32>
    let belowSource: UnsafeMutablePointer<Int32>
    /// 1/d for every distance d a source can lie at (index 0 unused).
    let reciprocals: UnsafeBufferPointer<Float>

    /// The four per-column tables live in one allocation that `deallocate()` frees: they are read
    /// and written for every pixel, where an array's uniqueness and bounds checks cost a tenth.
    init(pixels: UnsafeMutableBufferPointer<UInt8>, state: UnsafeBufferPointer<UInt8>, filledNow: UnsafeMutableBufferPointer<UInt8>,
         reciprocals: UnsafeBufferPointer<Float>, width: Int, height: Int, margin: Int) {
        (self.pixels, self.state, self.filledNow, self.width, self.height, self.margin) = (pixels, state, filledNow, width, height, margin)
        self.reciprocals = reciprocals
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * width)
        columns.initialize(repeating: -1, count: 4 * width)
        (lastKnown, runStart, nextKnown, belowSource) = (columns, columns + width, columns + 2 * width, columns + 3 * width)
    }

    func deallocate() { lastKnown.deallocate() }

    /// The number of pixels filled and of those left unfilled in `rows`.
    mutating func run(rows: Range<Int>) -> (filled: Int, left: Int) {
        // The known pixels above the band, as a sweep from the top would have met them.
        for y in 0..<rows.lowerBound {
            let row = y * width
            for x in 0..<width where state[row + x] == 1 {
                if lastKnown[x] != Int32(y - 1) { runStart[x] = Int32(y) }
                lastKnown[x] = Int32(y)
            }
        }
        var (filled, left) = (0, 0)
        for y in rows {
            let row = y * width
            var x = 0
            var rowRunStart = 0
            while x < width {
                if state[row + x] == 1 {
                    if x == 0 || state[row + x - 1] != 1 { rowRunStart = x }
                    if lastKnown[x] != Int32(y - 1) { runStart[x] = Int32(y) }
                    lastKnown[x] = Int32(y)
                    x += 1
                    continue
                }
                var end = x + 1
                while end < width, state[row + end] != 1 { end += 1 }
                let leftSource = x > 0 ? max(rowRunStart, x - 1 - margin) : -1
                let rightSource = end < width ? stepInto(from: end, limit: width) { state[row + $0] == 1 } : -1
                let ends = RowEnds(left: leftSource, right: rightSource,
                                   leftColor: leftSource >= 0 ? color(leftSource, y) : .zero, rightColor: rightSource >= 0 ? color(rightSource, y) : .zero)
                for hx in x..<end where state[row + hx] == 0 {
                    if fillPixel(x: hx, y: y, ends) { filled += 1 } else { left += 1 }
                }
                x = end
            }
        }
        return (filled, left)
    }

    /// The position `margin` steps on from `start` while `isKnown` holds (the last known one).
    @inline(__always)
    private func stepInto(from start: Int, limit: Int, _ isKnown: (Int) -> Bool) -> Int {
        var p = start
        while p - start < margin, p + 1 < limit, isKnown(p + 1) { p += 1 }
        return p
    }

    /// The row filled from below in column `x` for a pixel in row `y`, or -1.
    @inline(__always)
    private mutating func below(_ x: Int, _ y: Int) -> Int {
        if nextKnown[x] <= Int32(y) {
            // Walk down the column to the next known pixel; each column is walked once a sweep.
            var b = y + 1
            while b < height, state[b * width + x] != 1 { b += 1 }
            nextKnown[x] = Int32(b)
            belowSource[x] = b < height ? Int32(stepInto(from: b, limit: height) { state[$0 * width + x] == 1 }) : -1
        }
        return Int(belowSource[x])
    }

    @inline(__always)
    private func color(_ x: Int, _ y: Int) -> SIMD4<Float> {
        // One 4-byte load, widened lane by lane.
        SIMD4<Float>(UnsafeRawPointer(pixels.baseAddress! + (y * width + x) * 4).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    /// The sources of a gap along its row (-1: none) and their colours, the same for all its pixels.
    struct RowEnds {
        let left: Int, right: Int
        let leftColor: SIMD4<Float>, rightColor: SIMD4<Float>
    }

    /// Fills one pixel from the sources along its row and column; false when it has none.
    private mutating func fillPixel(x: Int, y: Int, _ ends: RowEnds) -> Bool {
        let (left, right) = (ends.left, ends.right)
        let up = lastKnown[x] >= 0 ? max(Int(runStart[x]), Int(lastKnown[x]) - margin) : -1
        let down = below(x, y)
        // An axis with sources at both ends interpolates, which is right for gradients along it
        // and across it; one end only can merely be continued, which is right across a gradient
        // alone. So two-ended axes win, and with none the row is continued: gradients run down.
        let rowBoth = left >= 0 && right >= 0, columnBoth = up >= 0 && down >= 0
        let useRow = rowBoth || (!columnBoth && (left >= 0 || right >= 0))
        let useColumn = columnBoth || (!rowBoth && !useRow)
        var sum = SIMD4<Float>(repeating: 0)
        var weights: Float = 0
        if useRow, left >= 0 { let w = reciprocals[x - left]; sum += w * ends.leftColor; weights += w }
        if useRow, right >= 0 { let w = reciprocals[right - x]; sum += w * ends.rightColor; weights += w }
        if useColumn, up >= 0 { let w = reciprocals[y - up]; sum += w * color(x, up); weights += w }
        if useColumn, down >= 0 { let w = reciprocals[down - y]; sum += w * color(x, down); weights += w }
        guard weights > 0 else { return false }
        // Rounded to nearest: the values are in [0, 255], so adding a half and truncating does it.
        let v = sum / weights + 0.5
        let i = (y * width + x) * 4
        pixels[i] = UInt8(truncatingIfNeeded: Int32(v.x)); pixels[i + 1] = UInt8(truncatingIfNeeded: Int32(v.y))
        pixels[i + 2] = UInt8(truncatingIfNeeded: Int32(v.z)); pixels[i + 3] = UInt8(truncatingIfNeeded: Int32(v.w))
        filledNow[y * width + x] = 1
        return true
    }
}
