import HierarchyLayout
import HierarchyModel

extension RuleContext {
    /// ATF's TouchTargetSizeCheck on Android (rounded dp, 32 dp along an axis at the screen's edge
    /// and in the input-method window, a warning where a clickable ancestor or clipping may make up
    /// for it, not judged at a scrollable container's edge); 44 pt for iOS's interactive types.
    mutating func touchTargetSize() {
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
    func measured(_ frame: Rect) -> (width: Double, height: Double) {
        let w = points(frame.width), h = points(frame.height)
        if e.platform == .android { return ((w + 0.5).rounded(.down), (h + 0.5).rounded(.down)) }
        return ((w * 100).rounded() / 100, (h * 100).rounded() / 100)
    }

    /// ATF's required size: the input method's 32 dp, else 32 dp along an axis whose edge touches
    /// the screen's, else 48 dp (scaled from --min-target as ATF scales its custom size); iOS: one size.
    func requiredSize(_ i: Int, frame: Rect, base: Double) -> (width: Double, height: Double) {
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
    func isInputMethod(_ i: Int) -> Bool {
        var current: Int? = i
        while let c = current {
            if case .string(let package)? = e.tree.nodes[c].extras["package"] {
                return package.lowercased().has("inputmethod") || package.lowercased().has("keyboard")
            }
            current = e.tree.nodes[c].parent
        }
        return false
    }

    /// Whether the view touches an edge of its nearest scrolling ancestor, where its size may be
    /// cut by the scroll (ATF leaves those unjudged).
    func isAgainstScrollableEdge(_ i: Int) -> Bool {
        guard let scroller = scrollingAncestor(i), e.isVisible(scroller) else { return false }
        let frame = e.frame(i), outer = e.frame(scroller)
        let tolerance = 0.01
        return abs(frame.minX - outer.minX) <= tolerance || abs(frame.maxX - outer.maxX) <= tolerance
            || abs(frame.minY - outer.minY) <= tolerance || abs(frame.maxY - outer.maxY) <= tolerance
    }

    func scrollingAncestor(_ i: Int) -> Int? {
        var current = e.tree.nodes[i].parent
        while let c = current {
            let scrolls = e.platform == .android ? AndroidFocus.isScrollContainer(c, e)
                : e.tree.nodes[c].attributes["scrollable"] == "true" || e.roles[c] == .list
            if scrolls { return c }
            current = e.tree.nodes[c].parent
        }
        return nil
    }

    /// ATF's qualifying clickable ancestor: one that is clickable (long-clickable) as the view is,
    /// not a list, and itself large enough.
    func hasClickableAncestor(_ i: Int, base: Double) -> Bool {
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
    func clippedSize(_ i: Int, required: (width: Double, height: Double)) -> (width: Double, height: Double)? {
        guard let l = e.layerOf[i] else { return nil }
        let layer = e.layout.layers[l]
        guard layer.frame != layer.fullFrame else { return nil }
        let cw = points(layer.frame.width).rounded(.down), ch = points(layer.frame.height).rounded(.down)
        let fw = points(layer.fullFrame.width).rounded(.down), fh = points(layer.fullFrame.height).rounded(.down)
        let qualifies = (ch < required.height && fh >= required.height) || (cw < required.width && fw >= required.width)
        return qualifies ? (fw, fh) : nil
    }

    /// Interactive views of which more than half is hidden by views in front or cut by ancestors.
    mutating func obscuredTarget() {
        let layers = e.layout.layers
        let ends = subtreeEnds(layers)
        let windows = topLevelWindows()
        for i in order where e.interactive[i] {
            guard let l = e.layerOf[i] else { continue }
            judged(.obscuredTarget, i)
            let layer = layers[l]
            guard let whole = layer.fullFrame.intersection(e.layout.screen), whole.area > 0 else { continue }
            var pieces: [Rect] = []
            var coveringNodes: [Int] = []
            for j in ends[l]..<layers.count where layers[j].frame.overlaps(layer.frame) && covers(layers[j], windowOf: windows, over: i) {
                pieces.append(layers[j].frame.intersection(layer.frame)!)
                coveringNodes.append(layers[j].node)
            }
            let covered = Self.unionArea(pieces)
            let shown = layer.frame.area - covered
            guard shown < 0.5 * whole.area else { continue }
            if covered < 0.5 * whole.area && isAgainstScrollableEdge(i) { continue }  // scrolled, as ATF leaves it
            let percent = (100 * shown / whole.area).rounded()
            var said = "only \(Int(percent))% of it shows"
            if !coveringNodes.isEmpty {
                let names = coveringNodes.prefix(3).map { describe($0) }.joined(separator: ", ")
                said += "; covered by \(names)" + (coveringNodes.count > 3 ? " and \(coveringNodes.count - 3) more" : "")
            }
            if layer.frame.area < whole.area - 1e-9 { said += "; clipped by its ancestors" }
            report(.obscuredTarget, i, values: [
                .number("visible", percent / 100), .number("required", 0.5),
                AuditValue("coveredBy", .strings(coveringNodes.map { e.tree.nodes[$0].id })),
            ], message: said, related: coveringNodes)
        }
    }

    /// Whether a layer in front hides what is under it: it takes touches (interactive), has an
    /// opaque background, or belongs to a later window (a dialog, a sheet).
    private func covers(_ layer: Layer, windowOf windows: [Int], over target: Int) -> Bool {
        let node = layer.node
        if e.interactive[node] { return true }
        if let colour = layer.backgroundColor, colour.alpha >= 128, layer.alpha >= 0.5 { return true }
        return windows[node] != windows[target]
    }

    /// For each layer, the index after its last descendant layer (layers are in pre-order).
    private func subtreeEnds(_ layers: [Layer]) -> [Int] {
        var ends = layers.indices.map { $0 + 1 }
        for j in layers.indices.reversed() {
            if let parent = layers[j].parentLayer { ends[parent] = max(ends[parent], ends[j]) }
        }
        return ends
    }

    /// The root's subview each node sits in (its window, in a dump).
    private func topLevelWindows() -> [Int] {
        var window = [Int](repeating: 0, count: e.count)
        for i in order {
            guard let p = e.tree.nodes[i].parent else { continue }
            window[i] = p == 0 ? i : window[p]
        }
        return window
    }

    /// The area of the union of rectangles: slabs between their x edges, y spans merged in each.
    static func unionArea(_ rects: [Rect]) -> Double {
        guard !rects.isEmpty else { return 0 }
        if rects.count == 1 { return rects[0].area }
        let xs = Array(Set(rects.flatMap { [$0.minX, $0.maxX] })).sorted()
        var area = 0.0
        for (x0, x1) in zip(xs, xs.dropFirst()) {
            let spans = rects.filter { $0.minX <= x0 && $0.maxX >= x1 }.map { ($0.minY, $0.maxY) }.sorted { $0.0 < $1.0 }
            var length = 0.0
            var current: (Double, Double)?
            for span in spans {
                if let c = current, span.0 <= c.1 {
                    current = (c.0, max(c.1, span.1))
                } else {
                    if let c = current { length += c.1 - c.0 }
                    current = span
                }
            }
            if let c = current { length += c.1 - c.0 }
            area += length * (x1 - x0)
        }
        return area
    }

    /// Interactive views that are not drawn because they are wholly off the screen or clipped away.
    mutating func offscreenTarget() {
        for i in order where e.interactive[i] {
            judged(.offscreenTarget, i)
            guard case .omitted(let why) = e.layout.status[i] else { continue }
            let place = absoluteFrame(i)
            switch why {
            case .offScreen:
                report(.offscreenTarget, i, frame: place, values: [.string("reason", "off-screen")], message: "wholly outside the screen")
            case .clippedOut(let by):
                report(.offscreenTarget, i, frame: place, values: [.string("reason", "clipped"), .string("clippedBy", e.tree.nodes[by].id)],
                       message: "clipped to nothing by \(describe(by))", related: [by])
            default: continue
            }
        }
    }

    /// A view's frame in the root's space, its ancestors' transforms left out (for views not drawn).
    func absoluteFrame(_ i: Int) -> Rect {
        var frame = e.tree.nodes[i].frame
        var current = e.tree.nodes[i].parent
        while let c = current, let above = e.tree.nodes[c].parent {
            let node = e.tree.nodes[c]
            frame = frame.offsetBy(dx: node.frame.x - node.bounds.x, dy: node.frame.y - node.bounds.y)
            current = above
        }
        return frame
    }
}
