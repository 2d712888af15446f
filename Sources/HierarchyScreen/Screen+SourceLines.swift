import HierarchyFormats
import HierarchyImaging
import HierarchyLoading

extension Screen {
    /// Where each view sits in the input's file (by node index), for SARIF: the importer's lines
    /// for a dump, the lines of the views' objects for a view-hierarchy document (read again from
    /// the file); nil when they cannot be told.
    public var sourceLines: [Int]? {
        if let lines = document.sourceLines { return lines }
        guard document.format == nil, let bytes = try? FileSystem.read(document.file, limit: .document) else { return nil }
        let found = TreeDocument.viewLines(bytes)
        let order = document.tree.preorder()
        guard found.count == order.count else { return nil }
        var lines = [Int](repeating: 1, count: order.count)
        for (rank, index) in order.enumerated() { lines[index] = found[rank] }
        return lines
    }
}
