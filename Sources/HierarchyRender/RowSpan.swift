/// The columns a convex polygon can touch in one pixel row.
enum RowSpan {
    /// Columns x with [x, x+1) meeting the polygon's part within rows [y, y+1), clipped to `limit`.
    static func of(_ polygon: [LayerProjection.Vertex], row y: Int, within limit: Range<Int>) -> Range<Int>? {
        let top = Double(y), bottom = Double(y + 1)
        var low = Double.infinity, high = -Double.infinity
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let y0 = max(min(a.y, b.y), top), y1 = min(max(a.y, b.y), bottom)
            guard y0 <= y1 else { continue }
            if a.y == b.y {
                low = min(low, a.x, b.x); high = max(high, a.x, b.x)
            } else {
                // The edge's x at both ends of its part inside the row.
                let x0 = a.x + (y0 - a.y) * (b.x - a.x) / (b.y - a.y)
                let x1 = a.x + (y1 - a.y) * (b.x - a.x) / (b.y - a.y)
                low = min(low, x0, x1); high = max(high, x0, x1)
            }
        }
        guard low <= high else { return nil }
        let first = max(limit.lowerBound, Int(max(low.rounded(.down), -1)))
        let last = min(limit.upperBound, Int(min(high.rounded(.up), Double(limit.upperBound))))
        return first < last ? first..<last : nil
    }
}
