import HierarchyModel

/// Reads Chromium's `DOMSnapshot.captureSnapshot` answer (what Puppeteer's and Playwright's CDP
/// sessions and Selenium's `execute_cdp_cmd` return, saved as JSON) into the same view tree as the
/// web capture's script (`WebDOMImporter`): `{"documents": [{"nodes": {parentIndex, nodeType,
/// nodeName, nodeValue, attributes, inputValue, inputChecked, optionSelected, shadowRootType,
/// contentDocumentIndex}, "layout": {nodeIndex, bounds, offsetRects, scrollRects, clientRects,
/// styles, paintOrders, stackingContexts}, scrollOffsetX, scrollOffsetY, title, documentURL}],
/// "strings": […]}`, every string an index into `strings`. Its computed styles are read when asked
/// for as docs/foreign-dumps.md says, in that order (`CDPSnapshotImporter.styles`).
///
/// The first document is the page; every other is a frame's, named by its owner's
/// `contentDocumentIndex` (Chromium's `dom_snapshot_agent.cc` visits a frame owner's content
/// document as a document of its own), and is read under its `<iframe>` as the script reads a
/// same-origin frame: its layout, in its own document's coordinates, moved to the owner's content
/// box. Unlike the script, the snapshot holds cross-origin frames too. A password input's value is
/// never read, typed or preset.
enum CDPSnapshotImporter {
    /// The `computedStyles` a snapshot is asked for, in this order, for what hides, clips and stacks.
    static let styles = ["display", "visibility", "opacity", "overflow-x", "overflow-y", "background-color", "transform", "pointer-events", "z-index", "position",
                         "content-visibility"]

    /// A document waiting to be read under its frame owner's view.
    struct Frame {
        var document: Int
        var parentView: Int
        /// The owner's box (in the page's viewport) and node, in the document that holds it.
        var ownerBox: Rect?
        var owner: (snapshot: Int, node: Int)?
        var inherited: String?
        var turned: Bool
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let found = try EmbeddedJSON.located(ByteText.utf8(bytes), fileName: fileName, looksLike: DumpDetector.looksLikeCDPSnapshot)
        guard let chosen = found.first(where: { $0.value["documents"] != nil && $0.value["strings"] != nil }) else {
            throw InputError(file: fileName, "no JSON object with \"documents\" and \"strings\": expected Chromium's DOMSnapshot.captureSnapshot answer")
        }
        let strings = try CDPSnapshot.strings(chosen.value, fileName: fileName)
        let documents = try chosen.value["documents"]!.elements(fileName)
        guard let first = documents.first else { throw chosen.value.error(fileName, "no document in \"documents\"") }
        let page = try CDPSnapshot(first, strings: strings, fileName: fileName)
        var root = ViewNode(id: "viewport", className: "#viewport", frame: page.viewport, clipsToBounds: true)
        if let title = page.title, !title.isEmpty { root.attributes["title"] = title }
        if let url = page.url, !url.isEmpty { root.attributes["url"] = url }
        var reader = Reader(builder: WebViewBuilder(root: root, screenScale: density), source: chosen, documents: documents,
                            urls: documents.map { CDPSnapshot.url(of: $0, strings: strings) }, fileName: fileName)
        reader.origins[0] = origin(page.url, parent: nil)
        var snapshots: [CDPSnapshot] = []
        var queue = [Frame(document: 0, parentView: 0, ownerBox: nil, owner: nil, inherited: nil, turned: false)]
        var next = 0
        // Breadth first, each document once: a frame's document goes under its owner's view, which
        // holds nothing else, so the order the documents are read in changes no view's place.
        while next < queue.count {
            let frame = queue[next]
            next += 1
            var snapshot = frame.document == 0 ? page : try CDPSnapshot(documents[frame.document], strings: strings, fileName: fileName)
            if let owner = frame.owner {
                let offset = snapshots[owner.snapshot].contentOffset(owner.node, frameSize: snapshot.viewport)
                snapshot.origin = Point(x: (frame.ownerBox?.x ?? 0) + offset.x, y: (frame.ownerBox?.y ?? 0) + offset.y)
            }
            snapshots.append(snapshot)
            for owner in try reader.read(snapshot, frame) {
                queue.append(Frame(document: owner.document, parentView: owner.view, ownerBox: owner.box, owner: (snapshots.count - 1, owner.node),
                                   inherited: owner.hiding, turned: owner.turned))
            }
        }
        var warnings: [String] = []
        let unread = reader.origins.indices.filter { reader.origins[$0] == nil }
        if let first = unread.first {
            warnings.append("\(documents[first].path): \(unread.count) document\(unread.count == 1 ? "" : "s") that no frame owner names (contentDocumentIndex) not read")
        }
        if let bare = snapshots.first(where: { !$0.hasStyles }) {
            warnings.append("\(bare.path).layout.styles: not the computed styles \(styles.joined(separator: ", ")) in that order: what hides, clips and stacks is not read")
        }
        // Each view's place in paint order, by Chromium's paint layers (`paint-layer`), for the layout's painter's order.
        return (WebPaintOrder.annotated(reader.builder.tree), warnings, reader.spans)
    }

    /// A document's origin, for telling a same-origin frame: an `about:` document (`srcdoc`,
    /// `blank`) has its parent's; `http(s)` its scheme, host and port; any other (`data:`,
    /// `file:`) is opaque, its own.
    static func origin(_ url: String?, parent: String?) -> String {
        let url = url ?? ""
        if url.hasPrefix("about:"), let parent { return parent }
        if let m = url.prefixMatch(of: /(?i)(https?:\/\/[^\/?#]*)/) { return m.output.1.lowercased() }
        return "opaque " + url
    }

    /// Whether the node is the first <summary> child of its <details>.
    static func isFirstSummary(_ index: Int, _ snapshot: CDPSnapshot, parent: ViewNode) -> Bool {
        snapshot.firstSummary(under: snapshot.parent(of: index)) == index
    }

    /// Appends one document's nodes to the tree, each with the lines of its document, and tells
    /// each frame owner whether its document is of the page's origin.
    struct Reader {
        var builder: WebViewBuilder
        var spans: [SourceSpan]
        /// The snapshot's JSON, for each document's lines.
        let source: EmbeddedJSON.Found
        let documents: [JSONAt]
        let urls: [String?]
        let fileName: String
        /// Each document's origin once a frame owner has named it; nil for one not (yet) read.
        var origins: [String?]

        init(builder: WebViewBuilder, source: EmbeddedJSON.Found, documents: [JSONAt], urls: [String?], fileName: String) {
            (self.builder, self.source, self.documents, self.urls, self.fileName) = (builder, source, documents, urls, fileName)
            spans = [source.span(of: "")]
            origins = [String?](repeating: nil, count: documents.count)
        }

        /// A frame owner read: its node, its view, its box, the document it names and what it
        /// passes to that document.
        struct Owner {
            var node: Int
            var view: Int
            var box: Rect?
            var document: Int
            var hiding: String?
            var turned: Bool
        }

        /// Reads the document's nodes under `frame.parentView`; returns its frame owners.
        /// - Throws: `InputError` for an owner naming no document, the page's, or one another names.
        mutating func read(_ snapshot: CDPSnapshot, _ frame: Frame) throws(InputError) -> [Owner] {
            let span = source.span(of: snapshot.path)
            var viewOf = [Int: Int]()
            var hiding = [Int: String]()
            var turned = Set<Int>()
            var owners: [Owner] = []
            var boxOf = [Int: Rect]()
            var shadowViews = [Int: Int]()
            for node in snapshot.order() {
                guard var parentView = node.parent.map({ viewOf[$0] }) ?? frame.parentView else { continue }
                if let mode = node.shadowRoot, let host = node.parent {
                    parentView = shadowViews[host] ?? shadowRoot(mode, box: boxOf[host], under: parentView, span: span)
                    shadowViews[host] = parentView
                }
                let above = builder.tree[parentView]
                // A closed <details> shows its first <summary> alone.
                let folded = above.className == "details" && above.attributes["open"] == nil && !isFirstSummary(node.index, snapshot, parent: above)
                var inherited = node.parent.map { hiding[$0] } ?? frame.inherited
                if folded, inherited == nil { inherited = "inside a closed <details>" }
                let turnedAbove = node.parent.map { turned.contains($0) } ?? frame.turned
                var record = snapshot.record(node.index, inherited: inherited, parentTag: above.className)
                if turnedAbove || record.linear != nil { record.size = snapshot.offsetSize(node.index) }
                if record.linear != nil || turnedAbove { turned.insert(node.index) }
                if let below = snapshot.hidingBelow(record) { hiding[node.index] = below }
                let target = snapshot.contentDocuments[node.index]
                if let target { record.computed += try frameAttributes(target, owner: node.index, in: frame.document) }
                builder.append(record, parent: parentView)
                spans.append(span)
                viewOf[node.index] = builder.tree.count - 1
                boxOf[node.index] = record.box
                if let target {
                    owners.append(Owner(node: node.index, view: builder.tree.count - 1, box: record.box, document: target,
                                        hiding: hiding[node.index], turned: turned.contains(node.index)))
                }
            }
            return owners
        }

        /// A `#shadow-root` view at its host's box, as the script records an open one.
        mutating func shadowRoot(_ mode: String, box: Rect?, under host: Int, span: SourceSpan) -> Int {
            var record = WebNodeRecord(tag: "#shadow-root")
            record.box = box
            record.computed.append(("shadow-root", mode))
            builder.append(record, parent: host)
            spans.append(span)
            return builder.tree.count - 1
        }

        /// The owner's `frame` (same-origin or cross-origin, as the page's script would find it)
        /// and `document` (its URL), its document's origin noted.
        mutating func frameAttributes(_ target: Int, owner: Int, in document: Int) throws(InputError) -> [(String, String)] {
            guard target > 0, target < documents.count, origins[target] == nil else {
                throw documents[document].error(fileName, "nodes.contentDocumentIndex: node \(owner) names document \(target): expected one of the \(documents.count) documents after the first, named by one frame owner")
            }
            origins[target] = CDPSnapshotImporter.origin(urls[target], parent: origins[document])
            let same = origins[target] == origins[0]
            return [("frame", same ? "same-origin" : "cross-origin")] + (urls[target].map { [("document", $0)] } ?? [])
        }
    }
}
