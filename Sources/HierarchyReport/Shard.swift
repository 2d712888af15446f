import HierarchyModel

/// A deterministic part of a run (`--shard I/N`): the screens whose place in name order, counted
/// from zero, leaves I − 1 when divided by N. Every shard sees the same names (the run's and the
/// baseline's), so each name falls in exactly one shard and the parts of all shards are the run.
public struct Shard: Hashable, Sendable {
    /// The part, from 1 to `count`.
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `I/N`, 1 ≤ I ≤ N.
    public init(parsing text: String) throws(InputError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw InputError(location: "--shard", "expected I/N such as 1/4, got '\(text)'")
        }
        guard n >= 1, i >= 1, i <= n else { throw InputError(location: "--shard", "expected 1 ≤ I ≤ N, got \(i)/\(n)") }
        self.init(index: i, count: n)
    }

    /// The names of `names` in this shard, in name order.
    public func select(_ names: some Sequence<String>) -> [String] {
        Set(names).sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
