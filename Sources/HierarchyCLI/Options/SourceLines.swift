import HierarchyFormats
import HierarchyImaging
import HierarchyLoading

/// Where each view of a document sits in its file, for SARIF: the importer's lines for a dump,
/// the lines of the views' objects for a view-hierarchy document (read again from the file).
enum SourceLines {
    static func lines(of document: LoadedDocument) -> [Int]? {
        if let lines = document.sourceLines { return lines }
        guard document.format == nil, let bytes = try? FileSystem.read(document.file) else { return nil }
        let found = TreeDocument.viewLines(bytes)
        let order = document.tree.preorder()
        guard found.count == order.count else { return nil }
        var lines = [Int](repeating: 1, count: order.count)
        for (rank, index) in order.enumerated() { lines[index] = found[rank] }
        return lines
    }
}
