import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// A contrast rule (text, image): a warning that reads the screen's pixels in the visible
    /// frames of the views `isSubject` picks and judges them by `RuleContext.contrast`. `rule` is
    /// the rule being declared (its findings name it).
    static func contrast(_ id: String, summary: String, reference: String, rule: @escaping @Sendable () -> AuditRule,
                         of isSubject: @escaping @Sendable (AuditElements, Int) -> Bool, needs: String, borderline: Bool) -> AuditRule {
        AuditRule(id, severity: .warning, summary: summary, reference: reference,
                  pixelFrames: { $0.contrastSubjects(isSubject) },
                  check: { $0.contrast(rule(), of: isSubject, needs: needs, borderline: borderline) })
    }
}

extension RuleContext {
    /// ATF's TextContrastCheck and ImageContrastCheck, on the screenshot (their heavyweight path):
    /// the swatch of the visible frame of each enabled view `isSubject` picks, with ATF's tolerance of
    /// 0.01. Under 3.0 is a finding that says the view `needs` more; with `borderline` (text, whose
    /// size a dump does not give, as ATF does then) so is 3.0 to 4.5, "borderline".
    mutating func contrast(_ rule: AuditRule, of isSubject: (AuditElements, Int) -> Bool, needs: String, borderline: Bool) {
        guard let pixels else { return }
        var counts = ColourCounts()
        for i in order where isJudged(i, isSubject) {
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
                report(rule, i, values: [.number("ratio", ratio), .number("required", 3.0)] + colours, message: "\(shown), needs \(needs)")
            } else if borderline, 4.5 - ratio > tolerance {
                report(rule, i, values: [.number("ratio", ratio), .number("required", 4.5), .number("tolerated", 3.0), .string("borderline", "true")] + colours,
                       message: "\(shown) is borderline: enough only for large text (4.5 needed otherwise)")
            }
        }
    }

    /// The view's visible frame in whole pixels, if it lies within the picture.
    private func pixelRegion(_ frame: Rect, _ pixels: AuditPixels) -> (x: Int, y: Int, width: Int, height: Int)? {
        AuditPixels.region(of: frame, scale: pixels.scale, width: pixels.width, height: pixels.height).map { ($0.x, $0.y, $0.width, $0.height) }
    }

    /// The visible frames of the views the rule of `isSubject` judges, whether or not their pixels exist.
    func contrastSubjects(_ isSubject: (AuditElements, Int) -> Bool) -> [Rect] {
        order.filter { isJudged($0, isSubject) }.map { e.frame($0) }
    }

    /// ATF judges the contrast of views that are drawn and enabled.
    private func isJudged(_ i: Int, _ isSubject: (AuditElements, Int) -> Bool) -> Bool {
        e.isVisible(i) && e.tree.nodes[i].attributes["enabled"] != "false" && isSubject(e, i)
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
