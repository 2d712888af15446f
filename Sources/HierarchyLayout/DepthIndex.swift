import HierarchyModel

/// A region quadtree answering "the largest depth among stored rectangles that overlap this one",
/// so that the overlap rule costs about O(n log n) instead of testing every earlier layer.
///
/// A rectangle that covers a whole node is kept at that node as its `cover` and goes no deeper;
/// others are split down to the leaves. Every node remembers the largest depth stored in or below
/// it, so a query skips whole subtrees that cannot raise the answer.
struct DepthIndex {
    private struct Entry {
        var rect: Rect
        var depth: Int
    }

    private let world: Rect
    private let leafLevel: Int
    private var cover: [Int]
    private var coverRect: [Rect]
    private var maxBelow: [Int]
    private var leaves: [[Entry]]

    /// An index over `world`, sized for about `expectedCount` rectangles.
    init(world: Rect, expectedCount: Int) {
        self.world = world
        var level = 1
        while level < 7 && 1 << (2 * level) < expectedCount { level += 1 }
        leafLevel = level
        let nodeCount = ((1 << (2 * (level + 1))) - 1) / 3
        cover = Array(repeating: -1, count: nodeCount)
        coverRect = Array(repeating: .zero, count: nodeCount)
        maxBelow = Array(repeating: -1, count: nodeCount)
        leaves = Array(repeating: [], count: 1 << (2 * level))
    }

    /// Stores `rect` at `depth` (depths are >= 0).
    mutating func insert(_ rect: Rect, depth: Int) {
        insert(rect, depth: depth, level: 0, column: 0, row: 0)
    }

    /// The largest depth above `floor` of a stored rectangle overlapping `rect` beyond the
    /// overlap tolerance, or `floor` when there is none.
    func maxDepth(overlapping rect: Rect, above floor: Int = -1) -> Int {
        var best = floor
        query(rect, best: &best, level: 0, column: 0, row: 0)
        return best
    }

    private func nodeIndex(level: Int, column: Int, row: Int) -> Int {
        ((1 << (2 * level)) - 1) / 3 + row << level + column
    }

    private func nodeRect(level: Int, column: Int, row: Int) -> Rect {
        let w = world.width / Double(1 << level), h = world.height / Double(1 << level)
        let x0 = world.x + Double(column) * w, y0 = world.y + Double(row) * h
        return Rect(x: x0, y: y0, width: world.x + Double(column + 1) * w - x0, height: world.y + Double(row + 1) * h - y0)
    }

    private mutating func insert(_ rect: Rect, depth: Int, level: Int, column: Int, row: Int) {
        let area = nodeRect(level: level, column: column, row: row)
        guard rect.overlaps(area, tolerance: 0) else { return }
        let node = nodeIndex(level: level, column: column, row: row)
        maxBelow[node] = max(maxBelow[node], depth)
        if rect.contains(area) {
            if depth >= cover[node] { (cover[node], coverRect[node]) = (depth, rect) }
            return
        }
        if level == leafLevel {
            leaves[row << level + column].append(Entry(rect: rect, depth: depth))
            return
        }
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            insert(rect, depth: depth, level: level + 1, column: column * 2 + dx, row: row * 2 + dy)
        }
    }

    private func query(_ rect: Rect, best: inout Int, level: Int, column: Int, row: Int) {
        let node = nodeIndex(level: level, column: column, row: row)
        guard maxBelow[node] > best, rect.overlaps(nodeRect(level: level, column: column, row: row), tolerance: 0) else { return }
        if cover[node] > best && coverRect[node].overlaps(rect) { best = cover[node] }
        if level == leafLevel {
            for entry in leaves[row << level + column] where entry.depth > best && entry.rect.overlaps(rect) {
                best = entry.depth
            }
            return
        }
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            query(rect, best: &best, level: level + 1, column: column * 2 + dx, row: row * 2 + dy)
        }
    }
}
