import Foundation

/// Values kept by key up to a total cost (bytes, say): the least recently used go first when a new
/// one would not fit, and a value costing more than a quarter of the bound is never kept. For
/// things that are the same whenever they are made (a decoded crop, a reduced texture), so that
/// what is kept changes only how fast, never what comes out. Safe to use from several threads.
public final class CostBoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [Key: (value: Value, cost: Int, used: Int)] = [:]
    /// Keys whose value a thread is making: others asking for them wait for it rather than make it twice.
    private var making: Set<Key> = []
    private var total = 0
    private var clock = 0
    public let maxCost: Int

    public init(maxCost: Int) { self.maxCost = maxCost }

    /// The value kept for `key`, or the one `make` makes now (then kept if it fits). While one
    /// thread makes a key's value, others asking for that key wait for it.
    public func value<E: Error>(for key: Key, cost: (Value) -> Int, make: () throws(E) -> Value) throws(E) -> Value {
        if let value = claim(key) { return value }
        let value: Value
        do throws(E) {
            value = try make()
        } catch {
            release(key, keeping: nil)
            throw error
        }
        release(key, keeping: (value, cost(value)))
        return value
    }

    /// The number of values kept.
    public var count: Int { condition.withLock { entries.count } }

    /// The value kept for `key`; nil when the caller is to make it (and now holds the claim).
    private func claim(_ key: Key) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let entry = entries[key] {
                clock += 1
                entries[key]!.used = clock
                return entry.value
            }
            if !making.contains(key) { break }
            condition.wait()
        }
        making.insert(key)
        return nil
    }

    /// Gives up the claim on `key`, keeping `made` when it fits; wakes whoever waits for it.
    private func release(_ key: Key, keeping made: (value: Value, cost: Int)?) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        making.remove(key)
        guard let made, made.cost <= maxCost / 4 else { return }
        while total + made.cost > maxCost, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            total -= oldest.value.cost
            entries[oldest.key] = nil
        }
        clock += 1
        entries[key] = (made.value, made.cost, clock)
        total += made.cost
    }
}
