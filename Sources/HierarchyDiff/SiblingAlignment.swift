/// Pairs the subviews of two paired views: an order-preserving alignment of the two lists that
/// maximises the total similarity of the pairs (a weighted longest common subsequence), so that
/// a view inserted or removed among its siblings is one insertion or removal, not a shift of every
/// later sibling.
enum SiblingAlignment {
    /// Above this many cells the alignment table is not built: the lists are paired greedily by
    /// key instead, after their common ends.
    static let tableLimit = 1_000_000

    /// Pairs of indices into `before` and `after` (node indices), in order.
    static func align(_ before: [Int], _ after: [Int], similarity: Similarity) -> [(Int, Int)] {
        // Common ends first: long lists usually differ in a few places.
        var head = 0
        while head < before.count, head < after.count, similarity.isIdentical(before[head], after[head]) { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head,
              similarity.isIdentical(before[before.count - 1 - tail], after[after.count - 1 - tail]) { tail += 1 }
        let middleB = Array(before[head..<(before.count - tail)]), middleA = Array(after[head..<(after.count - tail)])
        let middle = middleB.count * middleA.count <= tableLimit
            ? table(middleB, middleA, similarity: similarity)
            : greedy(middleB, middleA, similarity: similarity)
        return zip(before.prefix(head), after.prefix(head)).map { ($0, $1) } + middle
            + zip(before.suffix(tail), after.suffix(tail)).map { ($0, $1) }
    }

    /// The best alignment by dynamic programming over the n×m table of scores.
    private static func table(_ before: [Int], _ after: [Int], similarity: Similarity) -> [(Int, Int)] {
        let (n, m) = (before.count, after.count)
        guard n > 0, m > 0 else { return [] }
        let width = m + 1
        var best = [Double](repeating: 0, count: (n + 1) * width)
        var scores = [Double](repeating: -1, count: n * m)
        for i in 1...n {
            for j in 1...m {
                var value = max(best[(i - 1) * width + j], best[i * width + j - 1])
                if let s = similarity.score(before[i - 1], after[j - 1]) {
                    scores[(i - 1) * m + j - 1] = s
                    value = max(value, best[(i - 1) * width + j - 1] + s)
                }
                best[i * width + j] = value
            }
        }
        // Walk back from the corner, taking a pair wherever it made the best total.
        var pairs: [(Int, Int)] = []
        var (i, j) = (n, m)
        while i > 0, j > 0 {
            let s = scores[(i - 1) * m + j - 1]
            if s >= 0, best[i * width + j] == best[(i - 1) * width + j - 1] + s {
                pairs.append((before[i - 1], after[j - 1]))
                i -= 1; j -= 1
            } else if best[i * width + j] == best[(i - 1) * width + j] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return pairs.reversed()
    }

    /// For lists too long for the table: each view of BEFORE, in order, takes the first view of
    /// AFTER (after the last one taken, within a look-ahead) identical to it; failing that, the
    /// next view of AFTER if they may be paired and that view is not identical to one of the next
    /// views of BEFORE (then this one went, and the next ones will find theirs).
    private static func greedy(_ before: [Int], _ after: [Int], similarity: Similarity) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var next = 0
        let lookAhead = 64
        for (i, b) in before.enumerated() where next < after.count {
            let window = next..<min(after.count, next + lookAhead)
            if let j = window.first(where: { similarity.isIdentical(b, after[$0]) }) {
                pairs.append((b, after[j]))
                next = j + 1
                continue
            }
            let later = before[(i + 1)..<min(before.count, i + 1 + lookAhead)]
            guard similarity.score(b, after[next]) != nil, !later.contains(where: { similarity.isIdentical($0, after[next]) }) else { continue }
            pairs.append((b, after[next]))
            next += 1
        }
        return pairs
    }
}
