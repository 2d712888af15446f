import ArgumentParser
import HierarchyScreen

extension DepthMode: ExpressibleByArgument {}

/// Which views become layers and how: the options every command that lays out a tree takes.
struct LayoutOptionGroup: ParsableArguments {
    @Option(help: "How layers get depths: overlap (overlapping layers never share a depth), seed (the original article's algorithm) or nesting (the level in the tree).")
    var depthMode: DepthMode = .overlap

    @Option(name: .customLong("exclude-tag"), help: "Leave out views with this tag and their subviews (repeatable), e.g. an in-app debugger's own overlay.")
    var excludedTags: [Int] = []

    @Option(name: .customLong("exclude-class"), help: "Leave out views of this class and their subviews (repeatable).")
    var excludedClasses: [String] = []

    @Option(name: .customLong("exclude-id"), help: "Leave out the view with this id and its subviews (repeatable).")
    var excludedIDs: [String] = []

    @Flag(help: "Turn clipping off: draw every view at its full frame, even where its ancestors or the screen cut it.")
    var showClipped = false

    @Option(help: "The largest texture side in pixels; larger snapshots are reduced, keeping their aspect ratio. (default: \(LayoutOptions.defaultMaxTextureSize), the Metal limit; \(ExportFormat.html.defaultMaxTextureSize) for export --format html)")
    var maxTexture: Int?

    @Option(help: "Only this view's subtree, depths counted from it (Xcode's \"focus on view\").")
    var focus: String?

    func validate() throws {
        let range = LayoutOptions.maxTextureSizeRange
        if let maxTexture, !range.contains(maxTexture) { throw ValidationError("--max-texture must be between \(range.lowerBound) and \(range.upperBound), got \(maxTexture)") }
    }

    var options: LayoutOptions { options(defaultMaxTexture: LayoutOptions.defaultMaxTextureSize) }

    /// The options, with `defaultMaxTexture` where --max-texture was not given.
    func options(defaultMaxTexture: Int) -> LayoutOptions {
        LayoutOptions(
            depthMode: depthMode, excludedTags: Set(excludedTags), excludedClasses: Set(excludedClasses),
            excludedIDs: Set(excludedIDs), showClipped: showClipped, maxTextureSize: maxTexture ?? defaultMaxTexture, focusID: focus)
    }
}
