import Foundation
import HierarchyModel

/// The view-hierarchy document, version 1 (`docs/view-hierarchy.md`): reading with a precise
/// error for every bad value, and writing that reads back to the same tree.
public enum TreeDocument {
    public static let version = 1

    /// Reads a document. Every bad value is an `InputError` naming `file` and the JSON path.
    /// Syntax is checked over the whole file first; then values are read straight from its bytes.
    public static func decode(_ data: Data, file: String) throws(InputError) -> ViewTree {
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
        var seen = Set<String>(minimumCapacity: tree.count)
        let nodes = tree.nodes
        for index in nodes.indices where !seen.insert(nodes[index].id).inserted {
            let id = nodes[index].id
            let first = nodes.firstIndex { $0.id == id }!
            throw InputError(location: tree.jsonPath(of: index) + ".id", "duplicate id '\(id)' (also at \(tree.jsonPath(of: first)))")
        }
    }
}
