import HierarchyModel

/// Pairs the views of two captures of a screen.
///
/// 1. By id, where ids are given (not index paths, which shift when a sibling comes or goes) and
///    the two captures share enough of them to be the same run's ids.
/// 2. From the roots down: the unpaired subviews of every two paired views are aligned by class,
///    name, text, subtree and geometry (`SiblingAlignment`).
/// 3. Views still unpaired that moved to another superview: a view of BEFORE pairs with an unpaired
///    view of AFTER of the same class, name, text and size, whose subtree looks alike unless the name
///    or text already tells it apart (anonymous leaves are left alone); their subviews are then
///    aligned as in 2.
public enum TreeMatcher {
    public static func match(_ before: ViewTree, _ after: ViewTree, options: DiffOptions = DiffOptions()) -> Matching {
        var interner = Interner()
        let similarity = Similarity(
            before: TreeFeatures(before, interner: &interner), after: TreeFeatures(after, interner: &interner),
            tolerance: options.geometryTolerance)
        var matching = Matching(beforeCount: before.count, afterCount: after.count)
        if options.matching != .structure { pairByID(before, after, mode: options.matching, into: &matching) }
        if matching.afterOf[0] == nil && matching.beforeOf[0] == nil { matching.pair(0, 0) }
        alignBelow(matching.pairs, before, after, similarity, &matching)
        pairMovedViews(before, after, similarity, &matching)
        return matching
    }

    /// Step 1. Ids that are index paths are not ids; in `.auto` mode ids are used only when at
    /// least half of the smaller capture's given ids are found in the other.
    static func pairByID(_ before: ViewTree, _ after: ViewTree, mode: DiffOptions.Matching, into matching: inout Matching) {
        let givenB = givenIDs(before), givenA = givenIDs(after)
        let shared = givenB.keys.filter { givenA[$0] != nil }
        guard !shared.isEmpty else { return }
        if mode == .auto && shared.count * 2 < min(givenB.count, givenA.count) { return }
        for id in shared.sorted() { matching.pair(givenB[id]!, givenA[id]!) }
        matching.usedIDs = true
    }

    /// The ids a capture gave, by node: every id that is not the node's own index path.
    static func givenIDs(_ tree: ViewTree) -> [String: Int] {
        var ids: [String: Int] = [:]
        var paths = [String](repeating: "", count: tree.count)
        for index in tree.preorder() {
            let node = tree[index]
            paths[index] = node.parent.map { paths[$0] + "." + String(node.position) } ?? "0"
            if node.id != paths[index] { ids[node.id] = index }
        }
        return ids
    }

    /// Step 2 from the given pairs down, depth first.
    private static func alignBelow(_ start: [(before: Int, after: Int)], _ before: ViewTree, _ after: ViewTree,
                                   _ similarity: Similarity, _ matching: inout Matching) {
        var work = start.map { ($0.before, $0.after) }
        while let (b, a) = work.popLast() {
            let childrenB = before[b].children.filter { matching.afterOf[$0] == nil }
            let childrenA = after[a].children.filter { matching.beforeOf[$0] == nil }
            guard !childrenB.isEmpty, !childrenA.isEmpty else { continue }
            for (cb, ca) in SiblingAlignment.align(childrenB, childrenA, similarity: similarity) {
                matching.pair(cb, ca)
                work.append((cb, ca))
            }
        }
    }

    /// Step 3, in BEFORE's painter's order, so that a moved subview's top is paired before its subviews.
    private static func pairMovedViews(_ before: ViewTree, _ after: ViewTree, _ similarity: Similarity, _ matching: inout Matching) {
        struct Key: Hashable { let kind: Int, name: Int, text: Int, width: Int, height: Int }
        func key(_ f: TreeFeatures, _ i: Int) -> Key {
            Key(kind: f.classes[i], name: f.names[i], text: f.texts[i],
                width: Int(f.frames[i].width.rounded()), height: Int(f.frames[i].height.rounded()))
        }
        var candidates: [Key: [Int]] = [:]
        for a in after.preorder() where matching.beforeOf[a] == nil { candidates[key(similarity.after, a), default: []].append(a) }
        guard !candidates.isEmpty else { return }
        for b in before.preorder() where matching.afterOf[b] == nil {
            let k = key(similarity.before, b)
            // A view without name or text is recognised only by a subtree of its own: anonymous
            // leaves of one size are everywhere, and pairing them across the screen would be a guess.
            let told = similarity.before.names[b] >= 0 || similarity.before.texts[b] >= 0
            let recognisable = told || !before[b].children.isEmpty
            guard recognisable, let list = candidates[k],
                  let pick = list.first(where: { matching.beforeOf[$0] == nil && (told || similarity.before.subtreeHashes[b] == similarity.after.subtreeHashes[$0]) })
            else { continue }
            matching.pair(b, pick)
            alignBelow([(b, pick)], before, after, similarity, &matching)
        }
    }
}
