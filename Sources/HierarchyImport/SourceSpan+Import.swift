import HierarchyModel

extension DiagnosticsTree.Node {
    /// The node's line to its last property's (a wrapped value counts from the line it starts on).
    var span: SourceSpan { SourceSpan(line: line, endLine: properties.last.map { max(line, $0.line) }) }
}

extension EmbeddedJSON.Found {
    /// The lines of the object at `path` (`""`: the whole value), its `{` to its `}`.
    func span(of path: String) -> SourceSpan {
        let first = objectLines[path] ?? line
        return SourceSpan(line: first, endLine: objectEndLines[path] ?? first)
    }
}
