/// How alike a view of BEFORE and a view of AFTER are, for pairing siblings: a score that is
/// higher the more they agree on class, name, text, subtree and geometry, or nil when they
/// should never be paired.
struct Similarity {
    let before: TreeFeatures
    let after: TreeFeatures
    let tolerance: Double

    /// The least score of a pair.
    static let threshold = 4.0

    /// The score of pairing `b` with `a`, nil when they are too unlike.
    func score(_ b: Int, _ a: Int) -> Double? {
        let sameClass = before.classes[b] == after.classes[a]
        let name = agreement(before.names[b], after.names[a])
        let text = agreement(before.texts[b], after.texts[a])
        // A view whose class changed is the same view only if its name or text says so.
        guard sameClass || name > 0 || text > 0 else { return nil }
        var score = (sameClass ? 4.0 : 0) + (name < 0 ? -2 : name * 3) + (text < 0 ? -1 : text * 3)
        if before.subtreeHashes[b] == after.subtreeHashes[a] { score += 4 }
        let (fb, fa) = (before.frames[b], after.frames[a])
        if abs(fb.width - fa.width) <= tolerance && abs(fb.height - fa.height) <= tolerance { score += 1 }
        if abs(fb.x - fa.x) <= tolerance && abs(fb.y - fa.y) <= tolerance { score += 1 }
        return score >= Similarity.threshold ? score : nil
    }

    /// Whether the two views are the same at a glance: alike subtrees in the same place.
    func isIdentical(_ b: Int, _ a: Int) -> Bool {
        before.subtreeHashes[b] == after.subtreeHashes[a] && before.frames[b] == after.frames[a]
    }

    /// 1 when both have the same value, -1 when their values differ (or only one has one), 0 when neither has one.
    private func agreement(_ x: Int, _ y: Int) -> Double {
        if x == y { return x < 0 ? 0 : 1 }
        return -1
    }
}
