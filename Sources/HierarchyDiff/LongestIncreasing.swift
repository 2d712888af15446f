/// The longest strictly increasing subsequence, by patience sorting in O(n log n).
enum LongestIncreasing {
    /// Indices into `values` of one longest strictly increasing subsequence, in order; among
    /// several, the one that ends earliest in value at each length.
    static func indices(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // indices of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var (lo, hi) = (0, tails.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result: [Int] = []
        var current = tails.last ?? -1
        while current >= 0 { result.append(current); current = previous[current] }
        return result.reversed()
    }
}
