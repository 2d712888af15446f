import HierarchyLayout
import HierarchyModel

/// Cuts a screenshot into layer textures: every pixel goes to the frontmost layer whose visible
/// frame covers its centre, so each layer holds the pixels it owns and is transparent elsewhere.
/// Seen straight on, the slices put back together are the screenshot; exploded, each piece of the
/// screen sits on the view that draws it.
public struct ScreenshotSlicer: Sendable {
    public let screenshot: RGBAImage
    /// Screenshot pixels per point.
    public let scale: Double
    /// The screen (the root's bounds) the screenshot shows.
    public let screen: Rect
    /// For each screenshot pixel, the tree index of the view whose layer owns it, or -1.
    private let owners: [Int32]

    /// Assigns every pixel of `screenshot` (which shows `layout.screen` at `scale` pixels a point).
    public init(screenshot: RGBAImage, scale: Double, layout: Layout) {
        self.screenshot = screenshot
        self.scale = scale
        self.screen = layout.screen
        var owners = [Int32](repeating: -1, count: screenshot.width * screenshot.height)
        // Painter's order: a later layer takes the pixels it covers from the earlier ones.
        for layer in layout.layers {
            let (xs, ys) = ScreenshotSlicer.pixelSpans(of: layer.frame, screen: screen, scale: scale, width: screenshot.width, height: screenshot.height)
            for y in ys { for x in xs { owners[y * screenshot.width + x] = Int32(layer.node) } }
        }
        self.owners = owners
    }

    /// The screenshot's pixel columns and rows whose centres lie inside `rect` (points).
    static func pixelSpans(of rect: Rect, screen: Rect, scale: Double, width: Int, height: Int) -> (Range<Int>, Range<Int>) {
        func span(_ lo: Double, _ hi: Double, _ count: Int) -> Range<Int> {
            // Pixel i has its centre at i + 0.5: it is inside when lo <= i + 0.5 < hi.
            let first = max(0, min(count, Int(saturating: (lo - 0.5).rounded(.up))))
            let last = max(first, min(count, Int(saturating: (hi - 0.5).rounded(.up))))
            return first..<last
        }
        return (span((rect.minX - screen.minX) * scale, (rect.maxX - screen.minX) * scale, width),
                span((rect.minY - screen.minY) * scale, (rect.maxY - screen.minY) * scale, height))
    }

    /// The slice of `layer` as the snapshot of its whole bounds at `size` pixels: the owned
    /// screenshot pixels where they fall in the view, transparent elsewhere. Only the part in
    /// `crop` (pixels of that snapshot) is made.
    public func slice(_ layer: Layer, snapshotSize size: PixelSize, crop: PixelRect) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: crop.width * crop.height * 4)
        // Snapshot pixels per point, and where the view's bounds start on the screenshot.
        let ppx = Double(size.width) / layer.fullFrame.width, ppy = Double(size.height) / layer.fullFrame.height
        let left = (layer.fullFrame.minX - screen.minX) * scale, top = (layer.fullFrame.minY - screen.minY) * scale
        let owner = Int32(layer.node)
        screenshot.pixels.withUnsafeBufferPointer { src in
            for row in 0..<crop.height {
                let y: Double = top + (Double(crop.y + row) + 0.5) / ppy * scale
                let sy = Int(saturating: y.rounded(.down))
                guard sy >= 0 && sy < screenshot.height else { continue }
                for column in 0..<crop.width {
                    let x: Double = left + (Double(crop.x + column) + 0.5) / ppx * scale
                    let sx = Int(saturating: x.rounded(.down))
                    guard sx >= 0 && sx < screenshot.width, owners[sy * screenshot.width + sx] == owner else { continue }
                    let s = (sy * screenshot.width + sx) * 4, d = (row * crop.width + column) * 4
                    for channel in 0..<4 { out[d + channel] = src[s + channel] }
                }
            }
        }
        return RGBAImage(width: crop.width, height: crop.height, pixels: out, alpha: screenshot.alpha)
    }

    /// The pixel size of a view's whole-bounds slice: its bounds at the screenshot's scale, reduced
    /// to fit `maxSide` (the slice is stretched over the bounds, so any size draws right).
    public static func snapshotSize(bounds: Rect, scale: Double, maxSide: Int = 8192) -> PixelSize {
        let w = max(1, Int(saturating: (bounds.width * scale).rounded())), h = max(1, Int(saturating: (bounds.height * scale).rounded()))
        return TexturePlanner.reducedSize(width: w, height: h, max: maxSide)
    }
}
