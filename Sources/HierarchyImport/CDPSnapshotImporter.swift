import HierarchyModel

/// Reads Chromium's `DOMSnapshot.captureSnapshot` answer (what Puppeteer's and Playwright's CDP
/// sessions and Selenium's `execute_cdp_cmd` return, saved as JSON) into the same view tree as the
/// web capture's script (`WebDOMImporter`): `{"documents": [{"nodes": {parentIndex, nodeType,
/// nodeName, nodeValue, attributes, inputValue, inputChecked, optionSelected, shadowRootType}, "layout":
/// {nodeIndex, bounds, offsetRects, scrollRects, styles, paintOrders, stackingContexts},
/// scrollOffsetX, scrollOffsetY, title, documentURL}], "strings": […]}`, every string an index
/// into `strings`. Its computed styles are read when asked for as docs/foreign-dumps.md says, in
/// that order (`CDPSnapshotImporter.styles`). The first document is read; a frame's is not (said).
/// A password input's value is never read, typed or preset.
enum CDPSnapshotImporter {
    /// The `computedStyles` a snapshot is asked for, in this order, for what hides, clips and stacks.
    static let styles = ["display", "visibility", "opacity", "overflow-x", "overflow-y", "background-color", "transform", "pointer-events", "z-index", "position",
                         "content-visibility"]

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let found = try EmbeddedJSON.located(ByteText.utf8(bytes), fileName: fileName, looksLike: DumpDetector.looksLikeCDPSnapshot)
        guard let chosen = found.first(where: { $0.value["documents"] != nil && $0.value["strings"] != nil }) else {
            throw InputError(file: fileName, "no JSON object with \"documents\" and \"strings\": expected Chromium's DOMSnapshot.captureSnapshot answer")
        }
        let snapshot = try CDPSnapshot(chosen.value, fileName: fileName)
        var warnings: [String] = []
        if snapshot.documentCount > 1 { warnings.append("documents: \(snapshot.documentCount - 1) frame documents are not read (the first document only)") }
        if !snapshot.hasStyles { warnings.append("documents[0].layout.styles: not the computed styles \(styles.joined(separator: ", ")) in that order: what hides, clips and stacks is not read") }
        var root = ViewNode(id: "viewport", className: "#viewport", frame: snapshot.viewport, clipsToBounds: true)
        if let title = snapshot.title, !title.isEmpty { root.attributes["title"] = title }
        if let url = snapshot.url, !url.isEmpty { root.attributes["url"] = url }
        var builder = WebViewBuilder(root: root, screenScale: density)
        var viewOf = [Int: Int]()
        var hiding = [Int: String]()
        var turned = Set<Int>()
        for node in snapshot.order() {
            guard let parentView = node.parent.map({ viewOf[$0] }) ?? 0 else { continue }
            let above = builder.tree[parentView]
            // A closed <details> shows its first <summary> alone.
            let folded = above.className == "details" && above.attributes["open"] == nil && !Self.isFirstSummary(node.index, snapshot, parent: above)
            var inherited = node.parent.flatMap { hiding[$0] }
            if folded, inherited == nil { inherited = "inside a closed <details>" }
            var record = snapshot.record(node.index, inherited: inherited, parentTag: above.className)
            if turned.contains(node.parent ?? -1) || record.linear != nil { record.size = snapshot.offsetSize(node.index) }
            if record.linear != nil || turned.contains(node.parent ?? -1) { turned.insert(node.index) }
            if let below = snapshot.hidingBelow(record) { hiding[node.index] = below }
            builder.append(record, parent: parentView)
            viewOf[node.index] = builder.tree.count - 1
        }
        let span = chosen.span(of: "")
        return (builder.tree, warnings, [SourceSpan](repeating: span, count: builder.tree.count))
    }

    /// Whether the node is the first <summary> child of its <details>.
    static func isFirstSummary(_ index: Int, _ snapshot: CDPSnapshot, parent: ViewNode) -> Bool {
        snapshot.firstSummary(under: snapshot.parent(of: index)) == index
    }
}
