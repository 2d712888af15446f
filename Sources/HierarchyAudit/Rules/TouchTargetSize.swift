import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's TouchTargetSizeCheck on Android (rounded dp, 32 dp along an axis at the screen's edge
    /// and in the input-method window, a warning where a clickable ancestor or clipping may make up
    /// for it, not judged at a scrollable container's edge); 44 pt for iOS's interactive types;
    /// WCAG 2.2's 24×24 CSS px on the web, with its spacing and inline exceptions.
    public static let touchTargetSize = AuditRule(
        "touch-target-size", severity: .error,
        summary: "Touch targets are large enough to hit: 48×48 dp on Android (32 dp along an axis at the screen's edge or in the input-method window), 44×44 pt on iOS, 24×24 CSS px on the web (or spaced 24 CSS px apart).",
        reference: "ATF TouchTargetSizeCheck; Apple Human Interface Guidelines (44×44 pt); WCAG 2.2 SC 2.5.8 Target Size (Minimum)",
        check: { $0.touchTargetSize() })
}

extension RuleContext {
    fileprivate mutating func touchTargetSize() {
        if e.platform == .web { return webTargetSize() }
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

extension RuleContext {
    /// WCAG 2.2 SC 2.5.8 (the W3C's "Understanding SC 2.5.8"): each drawn, enabled target (a
    /// widget role or a native control, not hidden by `aria-hidden`) is at least 24×24 CSS px, to
    /// a hundredth; an undersized one passes when the 24 CSS px circle centred on it meets no other
    /// target nor another undersized target's circle (spacing), or when it is a link in a sentence
    /// (inline). Nested targets are one target, not each other's neighbours.
    fileprivate mutating func webTargetSize() {
        let minimum = options.minTarget ?? 24
        let targets = order.filter { i in
            e.interactive[i] && e.isVisible(i) && !e.accessibilityHidden[i] && e.tree.nodes[i].attributes["enabled"] != "false"
        }
        let spacing = TargetSpacing(targets: targets.map { e.frame($0) }.map(measuredBox), minimum: minimum)
        for (k, i) in targets.enumerated() {
            judged(.touchTargetSize, i)
            guard spacing.isUndersized(k), !WebElements.isInline(i, in: e.tree) else { continue }
            guard let near = spacing.conflict(of: k, ignoring: { isNested(targets[$0], targets[$1]) }) else { continue }
            let box = spacing.targets[k]
            let neighbour = targets[near]
            let m = Self.number(minimum)
            report(.touchTargetSize, i, values: [.number("width", box.width), .number("height", box.height), .number("required", minimum), .string("unit", unit)],
                   message: "target \(Self.number(box.width))×\(Self.number(box.height)) \(unit), needs \(m)×\(m) \(unit), or a \(m) \(unit) circle of its own: "
                       + "its circle meets \(describe(neighbour))", related: [neighbour])
        }
    }

    /// A frame in CSS px, its size to a hundredth, as the web's sizes are reported.
    private func measuredBox(_ frame: Rect) -> Rect {
        func hundredths(_ value: Double) -> Double { (points(value) * 100).rounded() / 100 }
        return Rect(x: points(frame.x), y: points(frame.y), width: hundredths(frame.width), height: hundredths(frame.height))
    }

    /// Whether one view holds the other.
    private func isNested(_ a: Int, _ b: Int) -> Bool {
        func holds(_ outer: Int, _ inner: Int) -> Bool {
            var current = e.tree.nodes[inner].parent
            while let c = current {
                if c == outer { return true }
                current = e.tree.nodes[c].parent
            }
            return false
        }
        return holds(a, b) || holds(b, a)
    }
}
