import HierarchyModel

/// A dump read into a view tree.
public struct ImportResult: Hashable, Sendable {
    public var tree: ViewTree
    /// The format that was read (detected, or the one asked for).
    public var format: DumpFormat
    /// What was skipped or approximated, one line each, naming the line: `line 12: skipped '...' (elision)`.
    public var warnings: [String]

    public init(tree: ViewTree, format: DumpFormat, warnings: [String] = []) {
        self.tree = tree
        self.format = format
        self.warnings = warnings
    }
}
