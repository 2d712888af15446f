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
        guard !pixels.isEmpty else {
            (background, foreground) = (0, 0)
            return
        }
        let histogram = Self.histogram(pixels)
        guard histogram.count > 1 else {
            (background, foreground) = (histogram[0].color, histogram[0].color)
            return
        }
        let luminances = histogram.map { WCAG.luminance($0.color) }
        let average = luminances.reduce(0, +) / Double(histogram.count)
        // ATF's -1 for a side with no colour is white once read as a colour.
        var low: (color: UInt32, count: Int) = (0xFFFFFF, 0), high: (color: UInt32, count: Int) = (0xFFFFFF, 0)
        for (entry, luminance) in zip(histogram, luminances) {
            if luminance < average {
                if entry.count > low.count { low = entry }
            } else if entry.count > high.count {
                high = entry
            }
        }
        (background, foreground) = high.count > low.count ? (high.color, low.color) : (low.color, high.color)
    }

    /// The colours and their counts, in ascending colour order (ATF walks its sorted pixels).
    static func histogram(_ pixels: [UInt32]) -> [(color: UInt32, count: Int)] {
        let sorted = pixels.sorted()
        var result: [(color: UInt32, count: Int)] = []
        var current = sorted[0], count = 0
        for pixel in sorted {
            if pixel == current {
                count += 1
            } else {
                result.append((current, count))
                (current, count) = (pixel, 1)
            }
        }
        result.append((current, count))
        return result
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
        func linear(_ c: UInt32) -> Double {
            let s = Double(c) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb >> 16 & 0xFF) + 0.7152 * linear(rgb >> 8 & 0xFF) + 0.0722 * linear(rgb & 0xFF)
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
