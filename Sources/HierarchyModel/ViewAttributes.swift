/// The attributes a person checks in a UI test (`resource-id`, `content-desc`, `clickable`,
/// `enabled`, `checked`, `selected`, `focused`, `scrollable`, Appium's `label` and `value`…), as the
/// dump wrote them: string keys to string values.
///
/// The order is canonical, not the order of insertion: the keys of `ViewAttributes.wellKnown` first,
/// in that order, then any others by name. So the same attributes always list, display and write
/// the same way, and a document read back (JSON objects have no order) equals the one written.
public struct ViewAttributes: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One attribute.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The keys that lead, in this order: identity, then what the view says, then its state.
    public static let wellKnown: [String] = [
        "resource-id", "content-desc", "label", "value", "placeholderValue", "hint",
        "clickable", "long-clickable", "checkable", "checked", "enabled", "focusable", "focused",
        "selected", "scrollable", "password", "visible", "accessible", "hittable",
    ]
    private static let rank: [String: Int] = Dictionary(uniqueKeysWithValues: wellKnown.enumerated().map { ($1, $0) })
    /// For each length below 32, a bit for each first byte (modulo 64) of a well-known key of that
    /// length: most keys are told not well-known by these, without hashing them.
    private static let maybeWellKnown: [UInt64] = {
        var masks = [UInt64](repeating: 0, count: 32)
        for key in wellKnown {
            precondition(key.utf8.count < 32)
            masks[key.utf8.count] |= 1 << UInt64(key.utf8.first! & 63)
        }
        return masks
    }()

    /// The key's place among the well-known keys; `Int.max` for any other.
    @inline(__always)
    private static func rank(of key: String) -> Int {
        let utf8 = key.utf8
        guard let first = utf8.first, utf8.count < 32, maybeWellKnown[utf8.count] & (1 << UInt64(first & 63)) != 0 else { return Int.max }
        return rank[key] ?? Int.max
    }

    /// The attributes, in canonical order, keys unique.
    public private(set) var entries: [Entry] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The attributes of `pairs`, a repeated key's last value kept, as setting them in turn
    /// gives them: put in their canonical order by one sort, where each set looks its place up
    /// among those already set (a view's dozen attributes cost a tenth of a web page's import so).
    public init(_ pairs: [(String, String)]) {
        entries = pairs.count > 16 ? Self.sortedBySort(pairs) : Self.sorted(pairs.map { Entry(key: $0.0, value: $0.1) })
    }

    /// The attributes of `entries`, as `init(_:)` makes them of the same pairs, sorted where they
    /// lie (an importer that makes a view's entries gives them without another copy).
    public init(unsorted entries: [Entry]) {
        self.entries = entries.count > 16 ? Self.sortedBySort(entries.map { ($0.key, $0.value) }) : Self.sorted(entries)
    }

    /// Many pairs in canonical order, a repeated key's last value kept, by one sort.
    private static func sortedBySort(_ pairs: [(String, String)]) -> [Entry] {
        var ranked = pairs.enumerated().map { (rank: Self.rank(of: $1.0), ordinal: $0, key: $1.0, value: $1.1) }
        ranked.sort { a, b in a.rank != b.rank ? a.rank < b.rank : a.key != b.key ? a.key < b.key : a.ordinal < b.ordinal }
        var entries: [Entry] = []
        entries.reserveCapacity(ranked.count)
        for (index, pair) in ranked.enumerated() where index + 1 == ranked.count || ranked[index + 1].key != pair.key {
            entries.append(Entry(key: pair.key, value: pair.value))
        }
        return entries
    }

    /// A view's dozen entries in canonical order, a repeated key's last value kept: sorted by
    /// insertion (stable), each key ranked once.
    private static func sorted(_ entries: consuming [Entry]) -> [Entry] {
        var entries = entries
        let count = entries.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(count, 1)) { ranks in
            for index in 0..<count { ranks[index] = Self.rank(of: entries[index].key) }
            for index in entries.indices.dropFirst() {
                let (rank, entry) = (ranks[index], entries[index])
                var at = index
                while at > 0, ranks[at - 1] > rank || (ranks[at - 1] == rank && entry.key < entries[at - 1].key) {
                    ranks[at] = ranks[at - 1]
                    entries[at] = entries[at - 1]
                    at -= 1
                }
                if at != index {
                    ranks[at] = rank
                    entries[at] = entry
                }
            }
        }
        // A repeated key's last value: equal keys are side by side, in the order given.
        var kept = 0
        for index in 0..<count where index + 1 == count || entries[index + 1].key != entries[index].key {
            if kept != index { entries[kept] = entries[index] }
            kept += 1
        }
        entries.removeLast(count - kept)
        return entries
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var keys: [String] { entries.map(\.key) }

    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// The value of `key`; setting nil removes it, setting a value puts it in its canonical place.
    public subscript(key: String) -> String? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let at = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[at].value = newValue } else { entries.remove(at: at) }
                return
            }
            guard let newValue else { return }
            let at = entries.firstIndex { Self.precedes(key, $0.key) } ?? entries.endIndex
            entries.insert(Entry(key: key, value: newValue), at: at)
        }
    }

    /// Whether `a` comes before `b` in the canonical order.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let (ra, rb) = (rank(of: a), rank(of: b))
        return ra != rb ? ra < rb : a < b
    }
}
