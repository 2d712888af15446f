import Foundation
import HierarchyModel

/// The view-hierarchy document, version 1 (`docs/view-hierarchy.md`): reading with a precise
/// error for every bad value, and writing that reads back to the same tree.
public enum TreeDocument {
    public static let version = 1

    /// Reads a document. Every bad value is an `InputError` naming `file` and the JSON path.
    /// The single-pass reader reads the documents writers write; any other, and every bad one,
    /// goes to the two-pass reader: syntax is checked over the whole file first, then values are
    /// read straight from its bytes, so that a syntax error is told before any error of meaning.
    public static func decode(_ data: some ContiguousBytes, file: String) throws(InputError) -> ViewTree {
        try decode(data, file: file, singlePass: true)
    }

    /// `singlePass` false: the two-pass reader alone (for the tests and the fuzz target that hold
    /// the two equal).
    @_spi(Testing) public static func decode(_ data: some ContiguousBytes, file: String, singlePass: Bool) throws(InputError) -> ViewTree {
        if singlePass, let tree = data.withUnsafeBytes({ SinglePassReader.tree($0.bindMemory(to: UInt8.self)) }) {
            do throws(InputError) {
                try checkUniqueIDs(tree)
            } catch {
                throw error.inFile(file)
            }
            return tree
        }
        return try JSONParser.read(data, file: file) { json, start throws(InputError) in
            do throws(InputError) {
                let tree = try TreeReader(json: json).tree(at: start)
                try checkUniqueIDs(tree)
                return tree
            } catch {
                throw error.inFile(file)
            }
        }
    }

    /// Refuses a repeated id, naming both places: the first view in document order whose id an
    /// earlier one has, and the earliest of those. The reader numbers views in pre-order, so node
    /// order is document order.
    private static func checkUniqueIDs(_ tree: ViewTree) throws(InputError) {
        let nodes = tree.nodes
        guard nodes.count > 1 else { return }
        // The ids' hashes, grouped by their top bits into buckets of a few thousand, each checked
        // with a table of its own that stays in the cache: one table for a million views would
        // cost a cache miss for every view. A `Set<String>` would seed a `Hasher` for every view,
        // most of the work of the check.
        let bucketBits = max(0, Int.bitWidth - nodes.count.leadingZeroBitCount - 12)
        var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
        let seed = idHashSeed
        var hashes = [UInt64](repeating: 0, count: nodes.count)
        for index in nodes.indices {
            hashes[index] = idHash(nodes[index].id, seed: seed)
            starts[Int(truncatingIfNeeded: hashes[index] >> (UInt64.bitWidth - bucketBits)) &+ 1] += 1
        }
        for bucket in 0..<(1 << bucketBits) { starts[bucket + 1] += starts[bucket] }
        // Each bucket's views in document order, with their hashes.
        var grouped = [(hash: UInt64, index: Int32)](repeating: (0, 0), count: nodes.count)
        var next = starts
        for index in nodes.indices {
            let bucket = Int(truncatingIfNeeded: hashes[index] >> (UInt64.bitWidth - bucketBits))
            grouped[next[bucket]] = (hashes[index], Int32(truncatingIfNeeded: index))
            next[bucket] += 1
        }
        hashes = []
        var repeated: (index: Int, first: Int)?
        var table: [Int32] = []
        for bucket in 0..<(1 << bucketBits) {
            let members = starts[bucket]..<starts[bucket + 1]
            guard members.count > 1 else { continue }
            // Open addressing, at most half full: the position in `grouped` of the first view of each id.
            let mask = (1 << (Int.bitWidth - (2 * members.count).leadingZeroBitCount)) - 1
            table.removeAll(keepingCapacity: true)
            table.append(contentsOf: repeatElement(-1, count: mask + 1))
            for member in members {
                let (hash, index) = grouped[member]
                var slot = Int(truncatingIfNeeded: hash) & mask
                while table[slot] >= 0 {
                    let (otherHash, first) = grouped[Int(table[slot])]
                    if otherHash == hash && nodes[Int(first)].id == nodes[Int(index)].id {
                        // The table holds the first view of each id, so this one repeats that one.
                        if repeated.map({ Int(index) < $0.index }) ?? true { repeated = (Int(index), Int(first)) }
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if table[slot] < 0 { table[slot] = Int32(truncatingIfNeeded: member) }
            }
        }
        if let (index, first) = repeated {
            throw InputError(location: tree.jsonPath(of: index) + ".id", "duplicate id '\(nodes[index].id)' (also at \(tree.jsonPath(of: first)))")
        }
    }

    /// Varies between runs, so that no document can be made ahead of time to fill one chain of the table.
    private static let idHashSeed = UInt64.random(in: 0...UInt64.max)

    /// FNV-1a over the id's UTF-8 bytes, then mixed, as the table uses the low bits.
    private static func idHash(_ id: String, seed: UInt64) -> UInt64 {
        var id = id
        var hash = id.withUTF8 { bytes in
            bytes.reduce(seed ^ 0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        hash = (hash ^ hash >> 32) &* 0xd6e8_feb8_6659_fd93
        return hash ^ hash >> 32
    }
}
