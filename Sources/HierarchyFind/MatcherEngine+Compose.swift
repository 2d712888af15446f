import HierarchyModel

/// Compose's merged semantics as `SemanticsNode` computes them
/// (compose/ui/ui/src/commonMain/kotlin/androidx/compose/ui/semantics/SemanticsNode.kt, androidx
/// 0094ab03: `config`, `mergeConfig`, `getChildren`, `findOneLayerOfMergingSemanticsNodes`).
extension MatcherEngine {
    /// The views of the merged tree: a node that merges its descendants (`MergeDescendants`) shows
    /// only those of them that merge their own, and one that clears its semantics
    /// (`ClearAndSetSemantics`) none, as `getChildren(includeReplacedSemantics = false)` gives them.
    func mergedViews() -> [Int] {
        guard let tree, dump == .compose else { return engine.views }
        var underMerge = [Bool](repeating: false, count: tree.count)
        var underClear = [Bool](repeating: false, count: tree.count)
        for node in tree.preorder() {
            guard let parent = tree[node].parent else { continue }
            underMerge[node] = underMerge[parent] || flag(parent, "MergeDescendants")
            underClear[node] = underClear[parent] || flag(parent, "ClearAndSetSemantics")
        }
        return engine.views.filter { element in
            guard let node = engine.xml.elements[element].node, node < tree.count else { return true }
            return !underClear[node] && (!underMerge[node] || flag(node, "MergeDescendants"))
        }
    }

    /// A field's values on the element's node: its own, and with `merged`, for a node that merges
    /// its descendants, theirs too (`mergeConfig`: every descendant reached through children
    /// that do not merge their own, none below a node that clears its semantics). A test tag is
    /// never merged (`TestTag`'s merge policy keeps the parent's).
    func semanticsValues(_ field: Matcher.SemanticsField, of element: Int, merged: Bool) -> [String] {
        guard let tree, dump == .compose, let node = engine.xml.elements[element].node, node < tree.count else {
            let e = engine.xml.elements[element]
            switch field {
            case .text: return engine.shownText(e)
            case .description: return [e["content-desc"]].compactMap { $0 }
            case .tag: return [e["resource-id"]].compactMap { $0 }
            }
        }
        var values = own(field, tree[node])
        guard merged, field != .tag, flag(node, "MergeDescendants"), !flag(node, "ClearAndSetSemantics") else { return values }
        var stack = tree[node].children.reversed() as [Int]
        while let child = stack.popLast() {
            if flag(child, "MergeDescendants") { continue }
            values += own(field, tree[child])
            if !flag(child, "ClearAndSetSemantics") { stack += tree[child].children.reversed() }
        }
        return values
    }

    private func own(_ field: Matcher.SemanticsField, _ node: ViewNode) -> [String] {
        switch field {
        // `Text + EditableText`: a text field's label is kept beside the text it shows.
        case .text: [node.text, node.extras["Text"].flatMap { if case .string(let label) = $0 { label } else { nil } }].compactMap { $0 }
        case .description: [node.attributes["content-desc"]].compactMap { $0 }
        case .tag: [node.attributes["resource-id"]].compactMap { $0 }
        }
    }

    /// Whether the node's dump printed the property as `'true'`.
    func flag(_ node: Int, _ key: String) -> Bool {
        guard let tree else { return false }
        switch tree[node].extras[key] {
        case .string(let value)?: return value == "true"
        case .bool(let value)?: return value
        default: return false
        }
    }
}
