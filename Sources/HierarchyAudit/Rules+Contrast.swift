import HierarchyLayout
import HierarchyModel

extension RuleContext {
    /// ATF's TextContrastCheck and ImageContrastCheck, on the screenshot (their heavyweight path):
    /// the swatch of the view's visible frame; 4.5 for text (3.0 for large text) and 3.0 for
    /// images, with ATF's tolerance of 0.01. A dump gives no text size, so, as ATF does then, text
    /// under 3.0 is "not sufficient" and from 3.0 to 4.5 "borderline", both warnings.
    mutating func contrast(_ rule: AuditRule) {
        guard let pixels else { return }
        var counts = ColourCounts()
        for i in order where e.isVisible(i) && isContrastSubject(i, rule) {
            guard let region = pixelRegion(e.frame(i), pixels) else { continue }
            judged(rule, i)
            let swatch = ContrastSwatch(pixels, x: region.x, y: region.y, width: region.width, height: region.height, counts: &counts)
            // One colour: nothing to compare (ATF: uniform, or a secure window's censored pixels).
            guard swatch.background != swatch.foreground else { continue }
            let ratio = swatch.ratio
            let colours: [AuditValue] = [.string("foreground", WCAG.hex(swatch.foreground)), .string("background", WCAG.hex(swatch.background))]
            let tolerance = 0.01
            let shown = "contrast \(String(format2: ratio)):1 (\(WCAG.hex(swatch.foreground)) on \(WCAG.hex(swatch.background)))"
            if 3.0 - ratio > tolerance {
                let need = rule == .textContrast ? "at least 3.0 even for large text, 4.5 for other text" : "3.0"
                report(rule, i, values: [.number("ratio", ratio), .number("required", 3.0)] + colours, message: "\(shown), needs \(need)")
            } else if rule == .textContrast, 4.5 - ratio > tolerance {
                report(rule, i, values: [.number("ratio", ratio), .number("required", 4.5), .number("tolerated", 3.0), .string("borderline", "true")] + colours,
                       message: "\(shown) is borderline: enough only for large text (4.5 needed otherwise)")
            }
        }
    }

    /// Text views with text (or a hint), enabled; images (not image buttons), enabled.
    private func isContrastSubject(_ i: Int, _ rule: AuditRule) -> Bool {
        let node = e.tree.nodes[i]
        guard node.attributes["enabled"] != "false" else { return false }
        let name = e.names[i]
        if rule == .imageContrast {
            return e.platform == .android ? name.has("imageview") : e.roles[i] == .image
        }
        guard e.text[i] != nil || e.hint[i] != nil || (e.platform == .iOS && e.description[i] != nil) else { return false }
        if name.has("image") || name.has("switch") { return false }
        switch e.roles[i] {
        case .text, .input, .button: return true
        case .toggle: return true
        default: return false
        }
    }

    /// The view's visible frame in whole pixels, if it lies within the picture.
    private func pixelRegion(_ frame: Rect, _ pixels: AuditPixels) -> (x: Int, y: Int, width: Int, height: Int)? {
        AuditPixels.region(of: frame, scale: pixels.scale, width: pixels.width, height: pixels.height).map { ($0.x, $0.y, $0.width, $0.height) }
    }

    /// The visible frames of the views `rule` judges, whether or not their pixels exist.
    func contrastSubjects(_ rule: AuditRule) -> [Rect] {
        order.filter { e.isVisible($0) && isContrastSubject($0, rule) }.map { e.frame($0) }
    }
}

extension AuditPixels {
    /// The pixels of a picture `width` × `height` at `scale` pixels a layout unit that the
    /// contrast rules read for a view whose visible frame is `frame`: its edges rounded to whole
    /// pixels, cut at the picture's right and bottom; nil when it starts outside or is empty.
    public static func region(of frame: Rect, scale s: Double, width: Int, height: Int) -> PixelRect? {
        let x0 = Int((frame.minX * s).rounded()), y0 = Int((frame.minY * s).rounded())
        let x1 = min(Int((frame.maxX * s).rounded()), width), y1 = min(Int((frame.maxY * s).rounded()), height)
        guard x0 >= 0, y0 >= 0, x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
