import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// Interactive views of which more than half is hidden by views in front or cut by ancestors.
    public static let obscuredTarget = AuditRule(
        "obscured-target", severity: .warning,
        summary: "An interactive element is not mostly hidden by views in front of it or clipped away by its ancestors.",
        reference: "hierarchy (no reference implementation)",
        check: { $0.obscuredTarget() })
}

extension RuleContext {
    fileprivate mutating func obscuredTarget() {
        let layers = e.layout.layers
        let windows = topLevelWindows()
        for i in order where e.interactive[i] {
            guard let l = e.layerOf[i] else { continue }
            judged(.obscuredTarget, i)
            let layer = layers[l]
            guard let whole = layer.fullFrame.intersection(e.layout.screen), whole.area > 0 else { continue }
            var pieces: [Rect] = []
            var coveringNodes: [Int] = []
            for j in (l + 1)..<layers.count where layers[j].frame.overlaps(layer.frame) && !Self.descends(j, from: l, layers) && covers(layers[j], windowOf: windows, over: i) {
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

    /// Whether layer `j` is drawn for a view inside layer `l`'s (its descendants are no cover: a
    /// web page's painter's order may put other views between them, so no index range says it).
    private static func descends(_ j: Int, from l: Int, _ layers: [Layer]) -> Bool {
        var current = layers[j].parentLayer
        while let parent = current, parent != l { current = layers[parent].parentLayer }
        return current == l
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
    private static func unionArea(_ rects: [Rect]) -> Double {
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
}
