import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's TouchTargetSizeCheck on Android (rounded dp, 32 dp along an axis at the screen's edge
    /// and in the input-method window, a warning where a clickable ancestor or clipping may make up
    /// for it, not judged at a scrollable container's edge); 44 pt for iOS's interactive types.
    public static let touchTargetSize = AuditRule(
        "touch-target-size", severity: .error,
        summary: "Touch targets are large enough to hit: 48×48 dp on Android (32 dp along an axis at the screen's edge or in the input-method window), 44×44 pt on iOS.",
        reference: "ATF TouchTargetSizeCheck; Apple Human Interface Guidelines (44×44 pt)",
        check: { $0.touchTargetSize() })
}

extension RuleContext {
    fileprivate mutating func touchTargetSize() {
        let android = e.platform == .android
        let base = options.minTarget ?? (android ? 48 : 44)
        for i in order where e.interactive[i] && e.isVisible(i) {
            judged(.touchTargetSize, i)
            let frame = e.frame(i)
            let required = requiredSize(i, frame: frame, base: base)
            let (width, height) = measured(frame)
            guard width < required.width || height < required.height else { continue }
            if isAgainstScrollableEdge(i) { continue }
            var severity = Severity.error
            var notes: [String] = []
            if hasClickableAncestor(i, base: base) {
                severity = .warning
                notes.append("a clickable ancestor may handle its touches")
            }
            if let full = clippedSize(i, required: required) {
                severity = .warning
                notes.append("clipped by an ancestor from \(Self.number(full.width))×\(Self.number(full.height)) \(unit)")
            }
            var values: [AuditValue] = [.number("width", width), .number("height", height)]
            if required.width == required.height {
                values.append(.number("required", required.width))
            } else {
                values += [.number("requiredWidth", required.width), .number("requiredHeight", required.height)]
            }
            values.append(.string("unit", unit))
            let need = required.width == required.height ? "\(Self.number(required.width))×\(Self.number(required.height))"
                : "\(Self.number(required.width)) wide and \(Self.number(required.height)) high"
            let note = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
            report(.touchTargetSize, i, severity: severity, values: values,
                   message: "touch target \(Self.number(width))×\(Self.number(height)) \(unit), needs \(need) \(unit)\(note)")
        }
    }

    /// Width and height in dp (rounded, as ATF) or points (to a hundredth).
    private func measured(_ frame: Rect) -> (width: Double, height: Double) {
        let w = points(frame.width), h = points(frame.height)
        if e.platform == .android { return ((w + 0.5).rounded(.down), (h + 0.5).rounded(.down)) }
        return ((w * 100).rounded() / 100, (h * 100).rounded() / 100)
    }

    /// ATF's required size: the input method's 32 dp, else 32 dp along an axis whose edge touches
    /// the screen's, else 48 dp (scaled from --min-target as ATF scales its custom size); iOS: one size.
    private func requiredSize(_ i: Int, frame: Rect, base: Double) -> (width: Double, height: Double) {
        guard e.platform == .android else { return (base, base) }
        let edge = (32 * base / 48).rounded()
        if isInputMethod(i) { return (edge, edge) }
        let screen = e.layout.screen
        let tolerance = 0.5 * options.unitsPerPoint / 10
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        let side = near(frame.minX, screen.minX) || near(frame.maxX, screen.maxX)
        let topOrBottom = near(frame.minY, screen.minY) || near(frame.maxY, screen.maxY)
        return (side ? edge : base, topOrBottom ? edge : base)
    }

    /// A view of the input method's window: its package (or its window's) is an input method's.
    private func isInputMethod(_ i: Int) -> Bool {
        var current: Int? = i
        while let c = current {
            if case .string(let package)? = e.tree.nodes[c].extras["package"] {
                return package.lowercased().has("inputmethod") || package.lowercased().has("keyboard")
            }
            current = e.tree.nodes[c].parent
        }
        return false
    }

    /// ATF's qualifying clickable ancestor: one that is clickable (long-clickable) as the view is,
    /// not a list, and itself large enough.
    private func hasClickableAncestor(_ i: Int, base: Double) -> Bool {
        var current = e.tree.nodes[i].parent
        while let c = current {
            let same = e.platform == .android
                ? (e.clickable[c] && e.clickable[i]) || (e.longClickable[c] && e.longClickable[i])
                : e.interactive[c]
            if same, e.roles[c] != .list, e.isVisible(c) {
                let frame = e.frame(c)
                let required = requiredSize(c, frame: frame, base: base)
                if points(frame.width) >= required.width && points(frame.height) >= required.height { return true }
            }
            current = e.tree.nodes[c].parent
        }
        return false
    }

    /// The unclipped size when clipping by an ancestor made the view too small (ATF truncates here).
    private func clippedSize(_ i: Int, required: (width: Double, height: Double)) -> (width: Double, height: Double)? {
        guard let l = e.layerOf[i] else { return nil }
        let layer = e.layout.layers[l]
        guard layer.frame != layer.fullFrame else { return nil }
        let cw = points(layer.frame.width).rounded(.down), ch = points(layer.frame.height).rounded(.down)
        let fw = points(layer.fullFrame.width).rounded(.down), fh = points(layer.fullFrame.height).rounded(.down)
        let qualifies = (ch < required.height && fh >= required.height) || (cw < required.width && fw >= required.width)
        return qualifies ? (fw, fh) : nil
    }
}
