import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyText

/// Draws a `SyntheticLook` into pixels: the rounded, bordered fill and the image mark with
/// anti-aliased edges, and the text typeset by `HierarchyText`, all at `scale` pixels per point.
public enum SyntheticPainter {
    /// The part `region` (pixels of the whole view drawn at `scale`) of the look of a view of
    /// `width`×`height` points. Only the region is painted, so a long scrolled view costs what shows.
    public static func paint(_ look: SyntheticLook, width: Double, height: Double, scale: Double,
                             region: PixelRect, fonts: FontLibrary?) -> RGBAImage {
        var image = RGBAImage(width: region.width, height: region.height)
        let frame = Shape(x0: 0, y0: 0, x1: width * scale, y1: height * scale, radius: look.cornerRadius * scale)
        let border = min(look.borderWidth * scale, 1.5 * max(1, scale / 3))
        fillFrame(frame, border: max(0.5, border), look: look, region: region, into: &image)
        if let mark = look.placeholder { drawMark(mark, scale: scale, color: look.markColor, region: region, into: &image) }
        guard let fonts else { return image }
        let alignment: TextAlignment = look.centered ? .center : .leading
        if let text = look.text {
            var style = TextStyle(size: look.fontSize * scale, minimumSize: look.minimumFontSize * scale, alignment: alignment, maximumLines: look.maximumLines)
            // A button's title is one line (UIButton's is) when it fits one, shrunk: wrapped, a
            // short CJK title breaks in the middle of a word.
            if look.role == .button && !look.isCaption && look.maximumLines == nil && !text.contains("\n") {
                let single = TextStyle(size: style.size, minimumSize: style.minimumSize, alignment: alignment, maximumLines: 1)
                if !fonts.typeset(text, width: look.textBox.width * scale, height: look.textBox.height * scale, style: single).isTruncated { style = single }
            }
            draw(text, in: look.textBox, style: style, color: look.textColor, scale: scale, region: region, fonts: fonts, into: &image)
        }
        if let detail = look.detail {
            let style = TextStyle(size: detail.fontSize * scale, minimumSize: detail.minimumFontSize * scale, alignment: alignment)
            draw(detail.text, in: detail.box, style: style, color: SyntheticLook.captionInk, scale: scale, region: region, fonts: fonts, into: &image)
        }
        return image
    }

    /// `text` fitted into `box` (points) and drawn at `scale` pixels a point.
    private static func draw(_ text: String, in box: Rect, style: TextStyle, color: Color, scale: Double, region: PixelRect,
                             fonts: FontLibrary, into image: inout RGBAImage) {
        guard box.width > 0, box.height > 0 else { return }
        let set = fonts.typeset(text, width: box.width * scale, height: box.height * scale, style: style)
        fonts.draw(set, in: color, into: &image, x: box.x * scale - Double(region.x), y: box.y * scale - Double(region.y))
    }

    /// A rectangle with rounded corners, in pixels.
    struct Shape {
        var x0, y0, x1, y1, radius: Double

        /// Signed distance from (x, y) to the edge: negative inside.
        func distance(_ x: Double, _ y: Double) -> Double {
            let cx = min(max(x, x0 + radius), x1 - radius), cy = min(max(y, y0 + radius), y1 - radius)
            let dx = x - cx, dy = y - cy
            let inside = x >= x0 + radius && x <= x1 - radius || y >= y0 + radius && y <= y1 - radius
            if inside { return max(x0 - x, x - x1, y0 - y, y - y1) }
            return (dx * dx + dy * dy).squareRoot() - radius
        }
    }

    /// The fill with its border ring, each pixel's coverage from its centre's distance to the edge.
    /// Only the pixels near the edge are measured; the inside of each row is one colour.
    private static func fillFrame(_ shape: Shape, border: Double, look: SyntheticLook, region: PixelRect, into image: inout RGBAImage) {
        let fill = look.fill, line = look.border
        let fillAlpha = Double(fill.alpha) / 255, lineAlpha = Double(line.alpha) / 255
        let inside = UInt32(fill.red) | UInt32(fill.green) << 8 | UInt32(fill.blue) << 16 | UInt32(fill.alpha) << 24
        // Pixels farther than this from every edge are plain fill.
        let band = border + shape.radius + 1.5
        let width = image.width
        image.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for row in 0..<region.height {
                let y = Double(region.y + row) + 0.5
                let nearEdge = y < shape.y0 + band || y > shape.y1 - band
                var column = 0
                while column < region.width {
                    let x = Double(region.x + column) + 0.5
                    if !nearEdge && x >= shape.x0 + band && x <= shape.x1 - band {
                        // Jump over the plain inside of the row.
                        let last = min(region.width, Int((shape.x1 - band).rounded(.down)) - region.x)
                        while column < last { words[row * width + column] = inside; column += 1 }
                        if column < region.width && Double(region.x + column) + 0.5 <= shape.x1 - band {
                            words[row * width + column] = inside; column += 1
                        }
                        continue
                    }
                    let d = shape.distance(x, y)
                    let outer = min(1, max(0, 0.5 - d))
                    if outer > 0 {
                        // The fill's and the border ring's shares, each at its own alpha (straight alpha out).
                        let inner = min(1, max(0, 0.5 - (d + border))) * fillAlpha
                        let ring = (outer - min(1, max(0, 0.5 - (d + border)))) * lineAlpha
                        let alpha = inner + ring
                        if alpha > 0 {
                            func mix(_ f: UInt8, _ l: UInt8) -> UInt32 { UInt32(((Double(f) * inner + Double(l) * ring) / alpha).rounded()) }
                            words[row * width + column] = mix(fill.red, line.red) | mix(fill.green, line.green) << 8
                                | mix(fill.blue, line.blue) << 16 | UInt32((alpha * 255).rounded()) << 24
                        }
                    }
                    column += 1
                }
            }
        }
    }

    /// The picture mark: a framed square with a sun and a mountain, 4×4 samples a pixel.
    private static func drawMark(_ square: Rect, scale: Double, color: Color, region: PixelRect, into image: inout RGBAImage) {
        let x0 = square.minX * scale, y0 = square.minY * scale, side = square.width * scale
        guard side >= 4 else { return }
        let stroke = max(1, side * 0.06)
        func inMark(_ x: Double, _ y: Double) -> Bool {
            let u = (x - x0) / side, v = (y - y0) / side
            guard u >= 0, u <= 1, v >= 0, v <= 1 else { return false }
            let s = stroke / side
            if u < s || u > 1 - s || v < s || v > 1 - s { return true }
            let sun = (u - 0.7) * (u - 0.7) + (v - 0.3) * (v - 0.3) < 0.01
            // A mountain: its peak at (0.4, 0.4), its slopes down to the bottom edge.
            let mountain = v > 0.4 + abs(u - 0.4) * 1.2 && v < 1 - s
            let hill = v > 0.6 + abs(u - 0.75) * 0.9 && v < 1 - s
            return sun || mountain || hill
        }
        let left = max(0, Int(x0) - region.x), right = min(region.width, Int((x0 + side).rounded(.up)) - region.x)
        let top = max(0, Int(y0) - region.y), bottom = min(region.height, Int((y0 + side).rounded(.up)) - region.y)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inMark(Double(region.x + column) + (Double(sx) + 0.5) / 4, Double(region.y + row) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                guard hits > 0 else { continue }
                let a = Double(hits) / 16
                let i = (row * image.width + column) * 4
                for channel in 0..<3 {
                    let c = [color.red, color.green, color.blue][channel]
                    image.pixels[i + channel] = UInt8((Double(c) * a + Double(image.pixels[i + channel]) * (1 - a)).rounded())
                }
                image.pixels[i + 3] = max(image.pixels[i + 3], UInt8((a * 255).rounded()))
            }
        }
    }
}
