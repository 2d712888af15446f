import HierarchyLayout
import HierarchyModel

/// The changes of each pair of a matching: property by property, plus the order among siblings
/// and the layer depth.
struct ChangeDetector {
    let before: ViewTree
    let after: ViewTree
    let matching: Matching
    let options: DiffOptions
    /// Where each view's origin is on the screen, for views that changed their superview.
    let originsB: [(x: Double, y: Double)]
    let originsA: [(x: Double, y: Double)]

    init(before: ViewTree, after: ViewTree, matching: Matching, options: DiffOptions) {
        (self.before, self.after, self.matching, self.options) = (before, after, matching, options)
        originsB = TreeFeatures.screenOrigins(before, order: before.preorder())
        originsA = TreeFeatures.screenOrigins(after, order: after.preorder())
    }

    /// Whether the superviews of the pair are paired with each other (false for the roots).
    func keepsSuperview(_ b: Int, _ a: Int) -> Bool {
        guard let pb = before[b].parent, let pa = after[a].parent else { return false }
        return matching.afterOf[pb] == pa
    }

    /// The property changes of one pair, without order, depth and content.
    func propertyChanges(_ b: Int, _ a: Int) -> Set<Change> {
        let (x, y) = (before[b], after[a])
        let tolerance = options.geometryTolerance
        var changes: Set<Change> = []
        // Within the same superview the frame's origin says it; across superviews, the screen.
        let (dx, dy) = keepsSuperview(b, a) || before[b].parent == nil
            ? (y.frame.x - x.frame.x, y.frame.y - x.frame.y)
            : (originsA[a].x - originsB[b].x, originsA[a].y - originsB[b].y)
        if (dx * dx + dy * dy).squareRoot() > tolerance { changes.insert(.moved) }
        if abs(y.frame.width - x.frame.width) > tolerance || abs(y.frame.height - x.frame.height) > tolerance { changes.insert(.resized) }
        let (sx, sy) = (y.bounds.x - x.bounds.x, y.bounds.y - x.bounds.y)
        if (sx * sx + sy * sy).squareRoot() > tolerance { changes.insert(.scrolled) }
        if abs(y.alpha - x.alpha) > options.alphaTolerance { changes.insert(.alpha) }
        if y.isHidden != x.isHidden { changes.insert(.hidden) }
        if y.className != x.className { changes.insert(.class) }
        if y.name != x.name { changes.insert(.name) }
        if y.text != x.text { changes.insert(.text) }
        if y.backgroundColor != x.backgroundColor { changes.insert(.background) }
        if y.clipsToBounds != x.clipsToBounds { changes.insert(.clips) }
        if y.transform != x.transform || y.anchorPoint != x.anchorPoint { changes.insert(.transform) }
        if y.attributes != x.attributes { changes.insert(.attributes) }
        return changes
    }

    /// Pairs (by BEFORE's node) that kept their superview but not their place among their
    /// siblings: within each pair of superviews, those outside a longest run of siblings that kept
    /// their relative order.
    func reordered() -> Set<Int> {
        var moved: Set<Int> = []
        for (pb, pa) in matching.pairs {
            var kept: [(b: Int, position: Int)] = []
            for child in before[pb].children {
                guard let partner = matching.afterOf[child] else { continue }
                if after[partner].parent == pa { kept.append((child, after[partner].position)) }
            }
            let inOrder = Set(LongestIncreasing.indices(kept.map(\.position)))
            for (k, item) in kept.enumerated() where !inOrder.contains(k) { moved.insert(item.b) }
        }
        return moved
    }

    /// Whether the view's layer depth changed by itself: both must be layers, and a view whose
    /// depth changed by as much as its nearest layer ancestor's (paired with the other's) is
    /// carried along, as a view that moved with its superview has not moved.
    func depthChanged(_ b: Int, _ a: Int, before: Layout?, after: Layout?) -> Bool {
        guard let before, let after, case .layer(let lb) = before.status[b], case .layer(let la) = after.status[a] else { return false }
        let change = after.layers[la].depth - before.layers[lb].depth
        guard change != 0 else { return false }
        if let pb = before.layers[lb].parentLayer, let pa = after.layers[la].parentLayer,
           matching.afterOf[before.layers[pb].node] == after.layers[pa].node {
            return change != after.layers[pa].depth - before.layers[pb].depth
        }
        return true
    }
}
