import HierarchyModel

/// Which framework's tree a screen is, as far as a matcher needs to know: Compose's semantics
/// (merging), Flutter's render tree (widgets only through `creator:` chains) or semantics tree
/// (no widgets at all), or any other. Told by what the importers leave on the views.
enum MatcherDump: Hashable, Sendable {
    case compose
    case flutterRender
    case flutterSemantics
    case other

    init(_ tree: ViewTree?) {
        guard let tree else { self = .other; return }
        let root = tree.root
        if ["RenderView", "_ReusableRenderView"].contains(root.className) {
            self = .flutterRender
        } else if root.extras["semantics-id"] != nil {
            // The Compose importer gives every node `clickable`; Flutter's semantics importer none.
            self = root.attributes["clickable"] != nil ? .compose : .flutterSemantics
        } else {
            self = .other
        }
    }
}
