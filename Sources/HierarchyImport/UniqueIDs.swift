import HierarchyModel

/// Makes the ids of a tree unique, deterministically: in node order the first keeps its id and a
/// repeat becomes `id-2`, `id-3`, … (skipping any already taken).
enum UniqueIDs {
    /// Renames repeated ids in `tree`; returns each renamed node's index, old id and new id.
    @discardableResult
    static func enforce(in tree: inout ViewTree) -> [(index: Int, old: String, new: String)] {
        var taken = Set(tree.nodes.map(\.id))
        var seen = Set<String>()
        var renamed: [(index: Int, old: String, new: String)] = []
        for index in tree.nodes.indices {
            let id = tree[index].id
            guard !seen.insert(id).inserted else { continue }
            var suffix = 2
            while taken.contains("\(id)-\(suffix)") { suffix += 1 }
            let unique = "\(id)-\(suffix)"
            taken.insert(unique)
            seen.insert(unique)
            tree.update(index) { $0.id = unique }
            renamed.append((index, id, unique))
        }
        return renamed
    }
}
