import HierarchyLayout
import HierarchyModel

/// What changed between two captures of a screen: the subtrees that came and went, and the paired
/// views that changed, each with its changes.
public struct TreeDiff: Hashable, Sendable {
    /// The top view of a subtree that came (in AFTER) or went (from BEFORE).
    public struct Subtree: Hashable, Sendable {
        /// Node index in its own capture.
        public var node: Int
        public var id: String
        public var className: String
        /// The views that came or went with it, itself included.
        public var count: Int
        /// The lines of the dump the view was read from; nil for a capture's view.
        public var source: SourceSpan?
    }

    /// A paired view that changed.
    public struct Changed: Hashable, Sendable {
        public var before: Int
        public var after: Int
        public var beforeID: String
        public var afterID: String
        /// The class in AFTER.
        public var className: String
        /// In `Change` order.
        public var changes: [Change]
        /// The lines of each dump the view was read from; nil for a capture's view.
        public var beforeSource: SourceSpan?
        public var afterSource: SourceSpan?
    }

    /// In AFTER's painter's order.
    public var added: [Subtree]
    /// In BEFORE's painter's order.
    public var removed: [Subtree]
    /// In AFTER's painter's order.
    public var changed: [Changed]
    /// Paired views with no change.
    public var unchanged: Int
    public var matching: Matching

    /// True when the captures show the same views with the same properties.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
}

extension TreeDiff {
    /// Compares two captures.
    ///
    /// - Parameters:
    ///   - beforeLayout, afterLayout: the captures laid out with the same options, for `depth`
    ///     (nil: depths are not compared).
    ///   - matching: the pairing of views, `TreeMatcher.match(before, after, options:)` by default.
    ///   - contentDiffers: whether the snapshots of a pair (BEFORE node, AFTER node) differ in their
    ///     pixels; asked only for pairs where a view has a snapshot. The pixels are the caller's
    ///     business (they need files).
    public static func compute(
        _ before: ViewTree, _ after: ViewTree, beforeLayout: Layout? = nil, afterLayout: Layout? = nil,
        options: DiffOptions = DiffOptions(), matching: Matching? = nil,
        contentDiffers: (_ before: Int, _ after: Int) -> Bool = { _, _ in false }
    ) -> TreeDiff {
        let matching = matching ?? TreeMatcher.match(before, after, options: options)
        let detector = ChangeDetector(before: before, after: after, matching: matching, options: options)
        let reordered = detector.reordered()
        var changed: [Changed] = [], unchanged = 0
        for a in after.preorder() {
            guard let b = matching.beforeOf[a] else { continue }
            var changes = detector.propertyChanges(b, a)
            if before[b].parent != nil && (!detector.keepsSuperview(b, a) || reordered.contains(b)) { changes.insert(.order) }
            if (before[b].snapshot != nil || after[a].snapshot != nil) && contentDiffers(b, a) { changes.insert(.content) }
            if detector.depthChanged(b, a, before: beforeLayout, after: afterLayout) { changes.insert(.depth) }
            if changes.isEmpty {
                unchanged += 1
            } else {
                changed.append(Changed(before: b, after: a, beforeID: before[b].id, afterID: after[a].id,
                                       className: after[a].className, changes: changes.sorted(),
                                       beforeSource: before[b].source?.lines, afterSource: after[a].source?.lines))
            }
        }
        return TreeDiff(added: unpairedTops(after, partners: matching.beforeOf), removed: unpairedTops(before, partners: matching.afterOf),
                        changed: changed, unchanged: unchanged, matching: matching)
    }

    /// The unpaired views whose superview is paired (or that are the root), each with the number
    /// of unpaired views reached from it through unpaired views.
    static func unpairedTops(_ tree: ViewTree, partners: [Int?]) -> [Subtree] {
        var tops: [Subtree] = []
        for index in tree.preorder() where partners[index] == nil {
            guard tree[index].parent.map({ partners[$0] != nil }) ?? true else { continue }
            var count = 0, stack = [index]
            while let i = stack.popLast() {
                count += 1
                stack.append(contentsOf: tree[i].children.filter { partners[$0] == nil })
            }
            tops.append(Subtree(node: index, id: tree[index].id, className: tree[index].className, count: count, source: tree[index].source?.lines))
        }
        return tops
    }
}
