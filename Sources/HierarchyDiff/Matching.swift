/// Which view of one capture is which view of the other: a partial one-to-one map between the
/// node indices of BEFORE and AFTER.
public struct Matching: Hashable, Sendable {
    /// For each node of BEFORE, its partner in AFTER, if it has one.
    public private(set) var afterOf: [Int?]
    /// For each node of AFTER, its partner in BEFORE, if it has one.
    public private(set) var beforeOf: [Int?]
    /// Whether ids paired views (the rest, if any, were paired by structure).
    public internal(set) var usedIDs = false

    /// No view paired yet.
    public init(beforeCount: Int, afterCount: Int) {
        afterOf = Array(repeating: nil, count: beforeCount)
        beforeOf = Array(repeating: nil, count: afterCount)
    }

    /// Pairs two views that have no partner yet.
    public mutating func pair(_ before: Int, _ after: Int) {
        precondition(afterOf[before] == nil && beforeOf[after] == nil, "view paired twice")
        afterOf[before] = after
        beforeOf[after] = before
    }

    /// Every pair, in BEFORE's node order.
    public var pairs: [(before: Int, after: Int)] {
        afterOf.enumerated().compactMap { b, a in a.map { (b, $0) } }
    }

    /// The number of paired views.
    public var count: Int { afterOf.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}
