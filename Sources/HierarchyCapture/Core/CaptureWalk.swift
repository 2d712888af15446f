import HierarchyModel

/// Reads a view tree into `CapturedView` records in painter's order (pre-order, subviews back to
/// front) with an explicit stack, so that any depth works. Views are told apart by object
/// identity: a view met a second time (a cycle, or one view in two places) is walked and written
/// once, at any depth, also below the level limit where views are walked but not written.
@MainActor
struct CaptureWalk<View: CapturableView> {
    /// The records, in pre-order; `views[0]` is the root.
    var views: [CapturedView] = []
    /// The accessibility identifier of each record (nil when none).
    var identifiers: [String?] = []
    /// The live view of each record; nil for a synthesized screen root.
    var live: [View?] = []
    /// Whether each record's own y grows upward (its subviews' geometry is mirrored).
    private var growsUp: [Bool] = []
    /// Record index of each live view, by identity.
    var indexByIdentity: [ObjectIdentifier: Int] = [:]
    /// Views not written because they lie deeper than `maxLevel`, counted by their deepest
    /// written ancestor's index.
    var omittedBelow: [Int: Int] = [:]
    /// The views walked below the level limit (not written), by identity.
    private var walkedBelow: Set<ObjectIdentifier> = []

    private struct Pending {
        var view: View
        var parent: Int
        var level: Int
    }

    /// Reads the tree under `root`; views deeper than `maxLevel` levels below it are counted, not written.
    static func walk(root: View, maxLevel: Int) -> CaptureWalk {
        var walk = CaptureWalk()
        walk.record(root, parent: nil, level: 0)
        walk.descend(from: 0, maxLevel: maxLevel)
        return walk
    }

    /// A screen root of `screen` size and class `className` with `windows` under it, back to
    /// front by window level (windows of one level keep the order given). With `growsUp` the
    /// windows' positions are in upward screen coordinates (AppKit's) and are turned down.
    static func walk(screen: Rect, className: String, windows: [View], growsUp: Bool = false, maxLevel: Int) -> CaptureWalk {
        var walk = CaptureWalk()
        walk.views.append(CapturedView(
            id: "", className: className, tag: 0, frame: screen, bounds: screen, transform: .identity,
            anchorPoint: .centre, clipsToBounds: false, alpha: 1, isHidden: false, notes: [],
            parent: nil, children: [], position: 0))
        walk.live.append(nil)
        walk.identifiers.append(nil)
        walk.growsUp.append(growsUp)
        let ordered = windows.enumerated().sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
        walk.descend(ordered.map { Pending(view: $0.element, parent: 0, level: 1) }, maxLevel: maxLevel)
        return walk
    }

    private mutating func descend(from index: Int, maxLevel: Int) {
        guard let view = live[index] else { return }
        descend(view.subviews.map { Pending(view: $0, parent: index, level: 1) }, maxLevel: maxLevel)
    }

    /// Walks `first` (siblings, back to front) and everything under them.
    private mutating func descend(_ first: [Pending], maxLevel: Int) {
        var stack = Array(first.reversed())
        while let next = stack.popLast() {
            let identity = next.view.captureIdentity
            // Below the limit too: a cycle there would otherwise be walked round for ever.
            guard indexByIdentity[identity] == nil && !walkedBelow.contains(identity) else {
                views[next.parent].notes.append(next.level <= maxLevel
                    ? "a subview of class \(next.view.className) appears a second time here (the same object); written once"
                    : "a view of class \(next.view.className) below this one appears a second time (the same object); walked once")
                continue
            }
            guard next.level <= maxLevel else {
                walkedBelow.insert(identity)
                omittedBelow[next.parent, default: 0] += 1
                stack += next.view.subviews.map { Pending(view: $0, parent: next.parent, level: next.level + 1) }
                continue
            }
            let index = record(next.view, parent: next.parent, level: next.level)
            stack += next.view.subviews.reversed().map { Pending(view: $0, parent: index, level: next.level + 1) }
        }
    }

    /// Reads one view's properties into a record under `parent` and returns its index.
    @discardableResult
    private mutating func record(_ view: View, parent: Int?, level: Int) -> Int {
        let index = views.count
        let geometry = CaptureGeometry.resolve(
            position: view.position, bounds: view.bounds, anchorPoint: view.anchorPoint, transform: view.transform,
            superBounds: parent.map { views[$0].bounds }, flip: parent.map { growsUp[$0] } ?? false)
        var notes = geometry.notes
        let alpha = CaptureWalk.unitAlpha(view.alpha, notes: &notes)
        views.append(CapturedView(
            id: "", className: view.className.isEmpty ? "View" : view.className,
            name: nonEmpty(view.accessibilityIdentifier) ?? nonEmpty(view.accessibilityLabel), tag: view.tag,
            frame: geometry.frame, bounds: geometry.bounds, transform: geometry.transform,
            anchorPoint: geometry.anchorPoint, clipsToBounds: view.clipsToBounds, alpha: alpha,
            isHidden: view.isHidden, backgroundColor: view.backgroundColor, text: view.text, notes: notes,
            parent: parent, children: [], position: parent.map { views[$0].children.count } ?? 0))
        if let parent { views[parent].children.append(index) }
        live.append(view)
        identifiers.append(nonEmpty(view.accessibilityIdentifier))
        growsUp.append(view.coordinatesGrowUpward)
        indexByIdentity[view.captureIdentity] = index
        return index
    }

    /// `alpha` clamped to [0, 1]; NaN is written as 1 (noted).
    static func unitAlpha(_ alpha: Double, notes: inout [String]) -> Double {
        guard !alpha.isNaN else {
            notes.append("alpha was nan, written as 1")
            return 1
        }
        return min(1, max(0, alpha))
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
