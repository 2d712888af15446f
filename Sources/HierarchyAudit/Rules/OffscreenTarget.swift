import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// Interactive views that are not drawn because they are wholly off the screen or clipped away.
    public static let offscreenTarget = AuditRule(
        "offscreen-target", severity: .info,
        summary: "An interactive element that lies wholly outside the screen, or is clipped to nothing.",
        reference: "hierarchy (no reference implementation)",
        check: { $0.offscreenTarget() })
}

extension RuleContext {
    fileprivate mutating func offscreenTarget() {
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
    private func absoluteFrame(_ i: Int) -> Rect {
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
