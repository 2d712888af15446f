import Foundation

/// ATF's contrast swatch (single foreground, as its checks use by default): the colours of a
/// region counted, split at the mean luminance of the distinct colours, the most frequent colour
/// on each side taken, the more frequent of the two the background.
public struct ContrastSwatch: Hashable, Sendable {
    /// 0xRRGGBB.
    public var background: UInt32
    public var foreground: UInt32

    /// The swatch of `pixels` (0xRRGGBB each). An empty region is black on black.
    public init(pixels: [UInt32]) {
        var counts = ColourCounts()
        for pixel in pixels { counts.add(pixel & 0xFF_FFFF) }
        self.init(counts)
    }

    /// The swatch of a rectangle of the screen's pixels, counted where they lie in `counts`
    /// (emptied first; one table serves every view of an audit).
    init(_ pixels: AuditPixels, x: Int, y: Int, width: Int, height: Int, counts: inout ColourCounts) {
        counts.reset()
        pixels.rgba.withUnsafeBufferPointer { bytes in
            for row in y..<y + height {
                var i = (row * pixels.width + x) * 4
                for _ in 0..<width {
                    counts.add(UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]))
                    i += 4
                }
            }
        }
        self.init(counts)
    }

    private init(_ histogram: ColourCounts) {
        let colours = histogram.colours
        guard colours.count > 1 else {
            let only = colours.first?.color ?? 0
            (background, foreground) = (only, only)
            return
        }
        let linear = WCAG.linearTable
        func luminance(_ rgb: UInt32) -> Double {
            0.2126 * linear[Int(rgb >> 16 & 0xFF)] + 0.7152 * linear[Int(rgb >> 8 & 0xFF)] + 0.0722 * linear[Int(rgb & 0xFF)]
        }
        // The mean luminance of the distinct colours (not weighted by their counts, as ATF's).
        var sum = 0.0
        for entry in colours { sum += luminance(entry.color) }
        let average = sum / Double(colours.count)
        // The most frequent colour on each side; on a tie the lower colour value, which ATF meets
        // first in its sorted walk. ATF's -1 for a side with no colour is white once read as a colour.
        var low: (color: UInt32, count: Int) = (0xFFFFFF, 0), high: (color: UInt32, count: Int) = (0xFFFFFF, 0)
        for entry in colours {
            if luminance(entry.color) < average {
                if entry.count > low.count || (entry.count == low.count && entry.color < low.color) { low = entry }
            } else if entry.count > high.count || (entry.count == high.count && entry.color < high.color) {
                high = entry
            }
        }
        (background, foreground) = high.count > low.count ? (high.color, low.color) : (low.color, high.color)
    }

    /// The contrast ratio of foreground and background, to two decimals as ATF rounds it.
    public var ratio: Double {
        (WCAG.contrast(WCAG.luminance(foreground), WCAG.luminance(background)) * 100).rounded() / 100
    }
}

/// WCAG 2.x's relative luminance and contrast ratio (with ATF's 0.03928 threshold).
public enum WCAG {
    /// The relative luminance of 0xRRGGBB, in [0, 1].
    public static func luminance(_ rgb: UInt32) -> Double {
        let linear = linearTable
        return 0.2126 * linear[Int(rgb >> 16 & 0xFF)] + 0.7152 * linear[Int(rgb >> 8 & 0xFF)] + 0.0722 * linear[Int(rgb & 0xFF)]
    }

    /// Each 8-bit sRGB channel value, linearized (worked out once: `pow` per pixel colour shows).
    static let linearTable: [Double] = (0..<256).map { c in
        let s = Double(c) / 255
        return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    /// (lighter + 0.05) / (darker + 0.05), from 1 to 21.
    public static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `#RRGGBB`.
    public static func hex(_ rgb: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + (0..<6).reversed().map { String(digits[Int(rgb >> (UInt32($0) * 4) & 0xF)]) }.joined()
    }
}

/// The colours of a region and how often each occurs, in an open-addressing table (a crop of a
/// whole screen is millions of pixels): no sort, and the table is kept from view to view, emptied
/// slot by slot.
struct ColourCounts {
    private var keys: [UInt32]
    private var counts: [Int32]
    /// The slots in use, in the order their colours came.
    private var used: [Int] = []
    private var capacity = 1024
    /// The slot of the colour counted last: neighbouring pixels are mostly the same colour.
    private var last = -1

    init() {
        keys = Array(repeating: 0, count: capacity)
        counts = Array(repeating: 0, count: capacity)
    }

    /// The colours counted and their counts.
    var colours: [(color: UInt32, count: Int)] { used.map { (keys[$0], Int(counts[$0])) } }

    /// Forgets every colour.
    mutating func reset() {
        for i in used { counts[i] = 0 }
        used.removeAll(keepingCapacity: true)
        last = -1
    }

    /// Counts one pixel, 0xRRGGBB.
    @inline(__always) mutating func add(_ key: UInt32) {
        if last >= 0 && keys[last] == key {
            counts[last] += 1
            return
        }
        let mask = capacity - 1
        var i = Int((key &* 0x9E37_79B1) >> 8) & mask
        while counts[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        if counts[i] == 0 {
            keys[i] = key
            used.append(i)
            if used.count * 2 > capacity {
                counts[i] = 1
                grow()
                last = -1
                return
            }
        }
        counts[i] += 1
        last = i
    }

    private mutating func grow() {
        let old = colours
        capacity *= 2
        keys = Array(repeating: 0, count: capacity)
        counts = Array(repeating: 0, count: capacity)
        used.removeAll(keepingCapacity: true)
        for (key, count) in old {
            var i = Int((key &* 0x9E37_79B1) >> 8) & (capacity - 1)
            while counts[i] != 0 { i = (i + 1) & (capacity - 1) }
            (keys[i], counts[i]) = (key, Int32(count))
            used.append(i)
        }
    }
}
