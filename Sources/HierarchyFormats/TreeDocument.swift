import Foundation
import HierarchyModel

/// The view-hierarchy document, version 1 (`docs/view-hierarchy.md`): reading with a precise
/// error for every bad value, and writing that reads back to the same tree.
public enum TreeDocument {
    public static let version = 1

    /// Reads a document. Every bad value is an `InputError` naming `file` and the JSON path.
    /// Syntax is checked over the whole file first; then values are read straight from its bytes.
    public static func decode(_ data: some ContiguousBytes, file: String) throws(InputError) -> ViewTree {
        try JSONParser.read(data, file: file) { json, start throws(InputError) in
            do throws(InputError) {
                let tree = try TreeReader(json: json).tree(at: start)
                try checkUniqueIDs(tree)
                return tree
            } catch {
                throw error.inFile(file)
            }
        }
    }

    /// Refuses a repeated id, naming both places. The reader numbers views in pre-order, so node
    /// order is document order.
    private static func checkUniqueIDs(_ tree: ViewTree) throws(InputError) {
        let nodes = tree.nodes
        // An open-addressing table of node indices, at most half full, keyed by a hash of the id:
        // a `Set<String>` would seed a `Hasher` for every view, most of the work of the check.
        let mask = (1 << (Int.bitWidth - (2 * nodes.count).leadingZeroBitCount)) - 1
        var table = [Int32](repeating: -1, count: mask + 1)
        let seed = idHashSeed
        for index in nodes.indices {
            var slot = Int(truncatingIfNeeded: idHash(nodes[index].id, seed: seed)) & mask
            while table[slot] >= 0 {
                // The table holds the first view of each id, so this one repeats that one.
                let first = Int(table[slot])
                if nodes[first].id == nodes[index].id {
                    let id = nodes[index].id
                    throw InputError(location: tree.jsonPath(of: index) + ".id", "duplicate id '\(id)' (also at \(tree.jsonPath(of: first)))")
                }
                slot = (slot + 1) & mask
            }
            table[slot] = Int32(truncatingIfNeeded: index)
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
