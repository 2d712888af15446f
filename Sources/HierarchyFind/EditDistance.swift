/// Levenshtein distance, cut short: nil once it must exceed `limit` (typos are a few characters).
enum EditDistance {
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let (x, y) = (Array(a), Array(b))
        guard abs(x.count - y.count) <= limit, x.count <= 256, y.count <= 256 else { return nil }
        var previous = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var current = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...max(y.count, 1) where !y.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            if current.min()! > limit { return nil }
            previous = current
        }
        let d = previous[y.count]
        return d <= limit ? d : nil
    }
}
