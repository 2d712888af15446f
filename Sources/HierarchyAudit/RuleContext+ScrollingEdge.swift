import HierarchyModel

extension RuleContext {
    /// Whether the view touches an edge of its nearest scrolling ancestor, where its size may be
    /// cut by the scroll (ATF leaves those unjudged; touch-target-size and obscured-target ask).
    func isAgainstScrollableEdge(_ i: Int) -> Bool {
        guard let scroller = scrollingAncestor(i), e.isVisible(scroller) else { return false }
        let frame = e.frame(i), outer = e.frame(scroller)
        let tolerance = 0.01
        return abs(frame.minX - outer.minX) <= tolerance || abs(frame.maxX - outer.maxX) <= tolerance
            || abs(frame.minY - outer.minY) <= tolerance || abs(frame.maxY - outer.maxY) <= tolerance
    }

    /// The nearest ancestor that scrolls: Android's scroll containers, iOS's lists and scrollable views.
    private func scrollingAncestor(_ i: Int) -> Int? {
        var current = e.tree.nodes[i].parent
        while let c = current {
            let scrolls = e.platform == .android ? AndroidFocus.isScrollContainer(c, e)
                : e.tree.nodes[c].attributes["scrollable"] == "true" || e.roles[c] == .list
            if scrolls { return c }
            current = e.tree.nodes[c].parent
        }
        return nil
    }
}
