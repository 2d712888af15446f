import HierarchyModel

/// A region quadtree answering "the largest depth among stored rectangles that overlap this one
/// beyond the overlap tolerance", so that the overlap rule costs about O(n log n) instead of
/// testing every earlier layer.
///
/// A rectangle is stored at the level whose nodes are about its size, in the few nodes there that
/// it touches (or higher up, in a node it covers whole). Each node keeps its entries sorted by
/// depth and the largest depth in its subtree, so a query stops early wherever nothing deeper than
/// the answer so far can be found, and takes a subtree's largest depth at once where the query
/// covers the subtree's whole region. A long world (a scroll view's content laid out with
/// `--show-clipped`) is first cut into square tiles along its long side, each its own quadtree.
struct DepthIndex {
    private struct Entry {
        var rect: Rect
        var depth: Int
    }

    private let world: Rect
    private let columns: Int, rows: Int
    private let tileWidth: Double, tileHeight: Double
    private let nodesPerTile: Int
    private let leafLevel: Int
    private let tolerance = Rect.overlapTolerance
    /// Per node (all levels, root first): entries by ascending depth, and the subtree's largest depth.
    private var entries: [[Entry]]
    private var maxBelow: [Int]
    /// Per node: the largest depth stored in its children's subtrees (below it, not in it).
    private var maxInChildren: [Int]
    /// Per level: the width and height of a node, `tileWidth / 2^level` (exact).
    private let nodeWidths: [Double], nodeHeights: [Double]

    /// An index over `world`, sized for about `expectedCount` rectangles.
    init(world: Rect, expectedCount: Int) {
        self.world = world
        let long = max(world.width, world.height), short = min(world.width, world.height)
        let tiles = short > 0 && long.isFinite ? Int(min(4096, max(1, (long / short).rounded(.down)))) : 1
        (columns, rows) = world.width >= world.height ? (tiles, 1) : (1, tiles)
        (tileWidth, tileHeight) = (world.width / Double(columns), world.height / Double(rows))
        var level = 1
        while level < 7 && tiles << (2 * level) < expectedCount { level += 1 }
        leafLevel = level
        nodesPerTile = ((1 << (2 * (level + 1))) - 1) / 3
        entries = Array(repeating: [], count: nodesPerTile * tiles)
        maxBelow = Array(repeating: -1, count: nodesPerTile * tiles)
        maxInChildren = maxBelow
        let (width, height) = (tileWidth, tileHeight)
        nodeWidths = (0...level + 1).map { width / Double(1 << $0) }
        nodeHeights = (0...level + 1).map { height / Double(1 << $0) }
    }

    /// Stores `rect` at `depth` (depths are >= 0). A rectangle no wider or taller than the tolerance
    /// can overlap nothing, so it is not stored.
    mutating func insert(_ rect: Rect, depth: Int) {
        guard rect.width > tolerance, rect.height > tolerance else { return }
        var level = 0
        while level < leafLevel && rect.width <= tileWidth / Double(2 << level) && rect.height <= tileHeight / Double(2 << level) {
            level += 1
        }
        let (xs, ys) = tiles(touching: rect)
        for y in ys {
            for x in xs { insert(Entry(rect: rect, depth: depth), at: level, node: root(tile: y * columns + x)) }
        }
    }

    /// The largest depth above `floor` of a stored rectangle overlapping `rect` by more than the
    /// tolerance in both directions, or `floor` when there is none.
    func maxDepth(overlapping rect: Rect, above floor: Int = -1) -> Int {
        var best = floor
        let inner = Rect(x: rect.x + tolerance, y: rect.y + tolerance, width: rect.width - 2 * tolerance, height: rect.height - 2 * tolerance)
        let (xs, ys) = tiles(touching: rect)
        for y in ys {
            for x in xs { query(rect, inner: inner, best: &best, node: root(tile: y * columns + x)) }
        }
        return best
    }

    /// The columns and rows of the tiles whose regions `rect` may touch (ranges, not a list: this
    /// runs twice per layer, and an array each time was a tenth of a 100,000-layer layout).
    private func tiles(touching rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        func span(_ lo: Double, _ hi: Double, origin: Double, size: Double, count: Int) -> ClosedRange<Int> {
            let first = ((lo - origin) / size).rounded(.down), last = ((hi - origin) / size).rounded(.down)
            return Int(max(0, min(Double(count - 1), first)))...Int(max(0, min(Double(count - 1), last)))
        }
        return (span(rect.minX, rect.maxX, origin: world.x, size: tileWidth, count: columns),
                span(rect.minY, rect.maxY, origin: world.y, size: tileHeight, count: rows))
    }

    /// A node of a tile's tree: the tile, the node's level and position there, and its region by
    /// its edges. An edge is `origin + Double(k) * (tile side / 2^level)` however deep the node
    /// (halving the side is exact), so neighbours share theirs exactly and no gap opens between
    /// them; a child takes its outer edges from its parent and the inner ones from the parent's
    /// midpoints, computed once for all four children.
    private struct Node {
        var tile: Int, level = 0, column = 0, row = 0
        var left: Double, top: Double
        var minX: Double, maxX: Double, minY: Double, maxY: Double

        /// The `k`th of the four children (0...3: top left, top right, bottom left, bottom right).
        @inline(__always)
        func child(_ k: Int, midX: Double, midY: Double) -> Node {
            let right = k & 1 == 1, bottom = k >> 1 == 1
            var node = self
            node.level = level + 1
            node.column = column * 2 + (k & 1)
            node.row = row * 2 + (k >> 1)
            if right { node.minX = midX } else { node.maxX = midX }
            if bottom { node.minY = midY } else { node.maxY = midY }
            return node
        }

        /// Whether `rect` covers part of the region (touching it is not enough).
        @inline(__always)
        func isOverlapped(by rect: Rect) -> Bool {
            rect.minX < maxX && rect.maxX > minX && rect.minY < maxY && rect.maxY > minY
        }

        /// Whether the region lies inside `rect`, edges included.
        @inline(__always)
        func isInside(_ rect: Rect) -> Bool {
            minX >= rect.minX && maxX <= rect.maxX && minY >= rect.minY && maxY <= rect.maxY
        }
    }

    /// The root node of a tile.
    private func root(tile: Int) -> Node {
        let column = tile % columns, row = tile / columns
        let left = world.x + Double(column) * tileWidth, top = world.y + Double(row) * tileHeight
        // Neighbouring tiles compute their shared edge the same way.
        return Node(tile: tile, left: left, top: top, minX: left, maxX: world.x + Double(column + 1) * tileWidth,
                    minY: top, maxY: world.y + Double(row + 1) * tileHeight)
    }

    /// The edges the children of `node` share.
    @inline(__always)
    private func midpoints(of node: Node) -> (x: Double, y: Double) {
        (node.left + Double(2 * node.column + 1) * nodeWidths[node.level + 1],
         node.top + Double(2 * node.row + 1) * nodeHeights[node.level + 1])
    }

    @inline(__always)
    private func index(_ node: Node) -> Int {
        node.tile * nodesPerTile + ((1 << (2 * node.level)) - 1) / 3 + node.row << node.level + node.column
    }

    private mutating func insert(_ entry: Entry, at level: Int, node: Node) {
        guard node.isOverlapped(by: entry.rect) else { return }
        let i = index(node)
        maxBelow[i] = max(maxBelow[i], entry.depth)
        guard node.level < level && !node.isInside(entry.rect) else {
            // Keep the list sorted by depth; depths mostly grow in painter's order, so this appends.
            var position = entries[i].count
            while position > 0 && entries[i][position - 1].depth > entry.depth { position -= 1 }
            if position == entries[i].count { entries[i].append(entry) } else { entries[i].insert(entry, at: position) }
            return
        }
        maxInChildren[i] = max(maxInChildren[i], entry.depth)
        let mid = midpoints(of: node)
        for k in 0..<4 { insert(entry, at: level, node: node.child(k, midX: mid.x, midY: mid.y)) }
    }

    private func query(_ rect: Rect, inner: Rect, best: inout Int, node: Node) {
        let i = index(node)
        guard maxBelow[i] > best, node.isOverlapped(by: rect) else { return }
        if node.isInside(inner) {
            // Every rectangle stored here or below overlaps this region, which lies inside the query
            // with the tolerance to spare on every side: each overlaps the query beyond the tolerance.
            best = maxBelow[i]
            return
        }
        for entry in entries[i].reversed() {
            if entry.depth <= best { break }
            if entry.rect.overlaps(rect) {
                best = entry.depth
                break
            }
        }
        // Nothing deeper than the answer so far below: the children need no visit.
        guard node.level < leafLevel, maxInChildren[i] > best else { return }
        let mid = midpoints(of: node)
        for k in 0..<4 { query(rect, inner: inner, best: &best, node: node.child(k, midX: mid.x, midY: mid.y)) }
    }
}
