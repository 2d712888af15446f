import Foundation

/// Values kept by key up to a total cost (bytes, say): the least recently used go first when a new
/// one would not fit, and a value costing more than a quarter of the bound is never kept. For
/// things that are the same whenever they are made (a decoded crop, a reduced texture), so that
/// what is kept changes only how fast, never what comes out. Safe to use from several threads.
public final class CostBoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: (value: Value, cost: Int, used: Int)] = [:]
    private var total = 0
    private var clock = 0
    public let maxCost: Int

    public init(maxCost: Int) { self.maxCost = maxCost }

    /// The value kept for `key`, or the one `make` makes now (then kept if it fits).
    public func value<E: Error>(for key: Key, cost: (Value) -> Int, make: () throws(E) -> Value) throws(E) -> Value {
        if let value = lookUp(key) { return value }
        let value = try make()
        keep(value, cost: cost(value), as: key)
        return value
    }

    /// The number of values kept.
    public var count: Int { lock.withLock { entries.count } }

    private func lookUp(_ key: Key) -> Value? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]!.used = clock
            return entry.value
        }
    }

    private func keep(_ value: Value, cost: Int, as key: Key) {
        guard cost <= maxCost / 4 else { return }
        lock.withLock {
            guard entries[key] == nil else { return }
            while total + cost > maxCost, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                total -= oldest.value.cost
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = (value, cost, clock)
            total += cost
        }
    }
}
