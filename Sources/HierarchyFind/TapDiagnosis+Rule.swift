import HierarchyModel

/// Each test framework's own rule for a tap, measured on the layout (docs/find.md, "Each
/// framework's rule for a tap", cites each one's source).
extension TapDiagnosis {
    /// The reason `rule` refuses the view at `node`, with the figure measured; nil when it passes
    /// (and always for Appium's, whose reasons are the others).
    func ruleReason(_ node: Int, rule: TapRule, frames: [Rect]) -> FindResult.Reason? {
        let visible = layerOf[node].map { layout.layers[$0].frame }
        if let required = rule.requiredShare {
            let share = displayedShare(frame: frames[node], visible: visible, screen: frames[0])
            // Espresso truncates the percentage to a whole number before comparing it.
            guard (share * 100).rounded(.down) < required * 100 else { return nil }
            return .init(kind: .rule, by: nil, share: share, rule: rule)
        }
        if rule == .compose { return (visible?.area ?? 0) > 0 ? nil : .init(kind: .rule, by: nil, rule: rule) }
        guard rule.testsCentre else { return nil }
        let frame = frames[node]
        let centre = Point(x: frame.midX, y: frame.midY)
        guard let visible, let own = layerOf[node], contains(visible, centre) else {
            return .init(kind: .rule, by: nil, rule: rule, point: centre)
        }
        guard let front = receiver(of: centre, above: own, for: node) else { return nil }
        let view = layout.layers[front].node
        return .init(kind: .rule, by: tree[view].id, byClass: tree[view].className, rule: rule, point: centre)
    }

    /// Espresso's `isDisplayingAtLeast`: the visible rectangle's area over the view's, each side
    /// of the view at most the screen's (ViewMatchers.java); 0 when nothing shows or it has no area.
    func displayedShare(frame: Rect, visible: Rect?, screen: Rect) -> Double {
        let maxArea = min(frame.width, screen.width) * min(frame.height, screen.height)
        guard let visible, maxArea > 0 else { return 0 }
        return visible.area / maxArea
    }

    /// The topmost layer in front of `own` that contains `point` and takes the touch from `node`
    /// (not one of its own descendants, which would pass the tap on to it).
    func receiver(of point: Point, above own: Int, for node: Int) -> Int? {
        for index in layout.layers.indices.reversed() where index > own {
            let front = layout.layers[index]
            if contains(front.frame, point), !isAncestor(node, of: front.node), blocksTouches(front.node, from: node) { return index }
        }
        return nil
    }
}
