import HierarchyModel

/// A dump read into a view tree.
public struct ImportResult: Hashable, Sendable {
    public var tree: ViewTree
    /// The format that was read (detected, or the one asked for).
    public var format: DumpFormat
    /// What was skipped or approximated, one line each, naming the line: `line 12: skipped '...' (elision)`.
    public var warnings: [String]
    /// The line each view came from, indexed like the tree's nodes (for reports that point into
    /// the dump, such as SARIF); empty when not known.
    public var lines: [Int]

    public init(tree: ViewTree, format: DumpFormat, warnings: [String] = [], lines: [Int] = []) {
        self.tree = tree
        self.format = format
        self.warnings = warnings
        self.lines = lines
    }
}
