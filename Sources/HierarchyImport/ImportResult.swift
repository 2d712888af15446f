import HierarchyModel

/// A dump read into a view tree. Each view carries the lines it was read from (`ViewNode.source`).
public struct ImportResult: Sendable {
    public var tree: ViewTree
    /// The format that was read (detected, or the one asked for).
    public var format: DumpFormat
    /// What was skipped or approximated, one line each, naming the line: `line 12: skipped '...' (elision)`.
    public var warnings: [String]
    /// The XML an Appium page source or a uiautomator dump was, each view naming its element
    /// (`SourceSpan.element`): what `find` searches. Nil for the other formats.
    public var markup: MarkupTree?

    public init(tree: ViewTree, format: DumpFormat, warnings: [String] = [], markup: MarkupTree? = nil) {
        self.tree = tree
        self.format = format
        self.warnings = warnings
        self.markup = markup
    }

    /// The first line of each view, indexed like the tree's nodes (for reports that point into
    /// the dump, such as SARIF); empty when a view has none.
    public var lines: [Int] {
        let lines = tree.nodes.compactMap { $0.source?.line }
        return lines.count == tree.count ? lines : []
    }
}
