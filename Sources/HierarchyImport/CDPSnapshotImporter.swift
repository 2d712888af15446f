import HierarchyFormats
import HierarchyModel

/// Reads Chromium's `DOMSnapshot.captureSnapshot` answer (what Puppeteer's and Playwright's CDP
/// sessions and Selenium's `execute_cdp_cmd` return, saved as JSON) into the same view tree as the
/// web capture's script (`WebDOMImporter`): `{"documents": [{"nodes": {parentIndex, nodeType,
/// nodeName, nodeValue, attributes, inputValue, inputChecked, optionSelected, shadowRootType,
/// contentDocumentIndex}, "layout": {nodeIndex, bounds, offsetRects, scrollRects, clientRects,
/// styles, paintOrders, stackingContexts}, scrollOffsetX, scrollOffsetY, title, documentURL}],
/// "strings": […]}`, every string an index into `strings`. Its computed styles are read when asked
/// for as docs/foreign-dumps.md says, in that order (`CDPSnapshotImporter.styles`). The arrays are
/// read straight from the bytes (`CDPSnapshotJSON`).
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
    /// The styles a snapshot may be asked for after those, the first of them or all, in this
    /// order: `order` and `float`, for the paint order of flex and grid items and of floats.
    static let optionalStyles = ["order", "float"]

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

    /// A snapshot found in a text, with the lines of the whole and of each document.
    struct Located {
        var json: CDPSnapshotJSON
        /// The lines of the snapshot's object and of each document's, `{` to `}`.
        var span: SourceSpan
        var documentSpans: [SourceSpan]
    }

    /// Reads the snapshot in `bytes`: the first object, on a line of its own, with `documents` and
    /// `strings` (a log may stand around it).
    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        guard let found = try located(bytes, fileName: fileName) else {
            throw InputError(file: fileName, "no JSON object with \"documents\" and \"strings\": expected Chromium's DOMSnapshot.captureSnapshot answer")
        }
        return try read(found, fileName: fileName, density: density)
    }

    /// Reads `bytes` when they are a snapshot and nothing else, as Chromium and the clients that
    /// save it write one: a `{` first (after white space and a byte-order mark), strict JSON, only
    /// white space after. Nil for anything else (a paste, a log around it, a syntax error), which
    /// `DumpImporter` then makes plain and reads with `read`.
    /// - Throws: `InputError` for a snapshot whose content is wrong (a path and what is wrong there).
    static func readWhole(_ bytes: [UInt8], fileName: String, format: DumpFormat?, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan])? {
        let density = try options.checkedDensity()
        let start = ByteText(bytes).significantStart
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{"), DumpDetector.looksLikeCDPSnapshot(bytes[start..<min(bytes.count, start + 4096)]) else { return nil }
        // Detected as `DumpDetector` detects a JSON document: the web capture's header first.
        if format == nil, DumpDetector.looksLikeWebDOM(bytes[start..<min(bytes.count, start + 65_536)]) { return nil }
        guard case .snapshot(let json) = try CDPSnapshotJSON.read(bytes, at: start, fileName: fileName),
              ByteText.skipSpace(bytes, from: json.span.upperBound) == bytes.count else { return nil }
        return try read(locate(json, in: bytes, line: 1 + newlines(in: bytes, 0..<start)), fileName: fileName, density: density)
    }

    /// The first snapshot in the text, each line whose first character is `{` starting a candidate
    /// that looks like one in its first 4 KB (`[` too, first in the text).
    /// - Throws: the first syntax error of a candidate (its line), or what is wrong in the snapshot.
    static func located(_ bytes: [UInt8], fileName: String) throws(InputError) -> Located? {
        var chosen: Located?
        var offset = 0, lineStart = true, line = 1, lineOffset = 0
        let first = ByteText(bytes).significantStart
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A { lineStart = true; offset += 1; continue }
            let opens = byte == UInt8(ascii: "{") || (byte == UInt8(ascii: "[") && chosen == nil && offset == first)
            guard lineStart, opens, DumpDetector.looksLikeCDPSnapshot(bytes[offset..<min(bytes.count, offset + 4096)]) else {
                if !ByteText.isSpace(byte) { lineStart = false }
                offset += 1
                continue
            }
            line += newlines(in: bytes, lineOffset..<offset)
            lineOffset = offset
            lineStart = false
            // Every candidate must be JSON, as when each was read whole: only the first snapshot is read.
            let outcome: CDPSnapshotJSON.Outcome
            do throws(InputError) {
                outcome = try CDPSnapshotJSON.read(bytes, at: offset, fileName: fileName)
            } catch {
                if chosen == nil { throw error }
                outcome = .other(end: offset + 1)
            }
            switch outcome {
            case .snapshot(let json) where chosen == nil:
                chosen = locate(json, in: bytes, line: line)
                offset = json.span.upperBound
            case .snapshot(let json): offset = json.span.upperBound
            case .other(let end): offset = end
            case .syntaxError(let at, let message): throw syntaxError(bytes, start: offset, at: at, message: message, fileName: fileName)
            }
        }
        return chosen
    }

    /// A syntax error as the loose reader of the JSON dumps tells it, or, for what only strict
    /// JSON refuses (a number out of a double's range, a string that is not UTF-8), as the strict one does.
    private static func syntaxError(_ bytes: [UInt8], start: Int, at offset: Int, message: String, fileName: String) -> InputError {
        do throws(LooseJSON.SyntaxError) {
            _ = try LooseJSON.value(in: bytes, at: start)
        } catch {
            return InputError(file: fileName, location: "line \(LooseJSON.line(of: error.offset, in: bytes))", "not valid JSON: \(error.message)")
        }
        return InputError(file: fileName, location: "line \(LooseJSON.line(of: offset, in: bytes))", "not valid JSON: \(message)")
    }

    /// The snapshot with the lines of its object and its documents, its `{` on `line`.
    private static func locate(_ json: CDPSnapshotJSON, in bytes: [UInt8], line: Int) -> Located {
        let start = json.span.lowerBound
        guard newlines(in: bytes, json.span) > 0 else {
            return Located(json: json, span: SourceSpan(line: line, endLine: line), documentSpans: json.documentSpans.map { _ in SourceSpan(line: line, endLine: line) })
        }
        var offsets = ["": start, "end": json.span.upperBound - 1]
        for (index, span) in json.documentSpans.enumerated() {
            offsets["\(index)"] = span.lowerBound
            offsets["end \(index)"] = span.upperBound - 1
        }
        let lines = EmbeddedJSON.lines(of: offsets, in: bytes, from: start, line: line)
        let spans = json.documentSpans.indices.map { SourceSpan(line: lines["\($0)"]!, endLine: lines["end \($0)"]!) }
        return Located(json: json, span: SourceSpan(line: line, endLine: lines["end"]!), documentSpans: spans)
    }

    /// The line feeds in `range` of `bytes`.
    private static func newlines(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return 0 }
            // The C library's search: a 2 MB snapshot on one line is passed over at memory speed.
            var count = 0, at = range.lowerBound
            while at < range.upperBound, let found = ByteSearch.first(0x0A, in: base + at, count: range.upperBound - at) {
                count += 1
                at += found + 1
            }
            return count
        }
    }

    private static func read(_ found: Located, fileName: String, density: Double) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let json = found.json
        guard let first = json.documents.first else { throw InputError(file: fileName, location: "the top-level value", "no document in \"documents\"") }
        let strings = CDPSnapshot.Strings(json)
        let page = CDPSnapshot(try first.get(), strings: strings)
        var root = ViewNode(id: "viewport", className: "#viewport", frame: page.viewport, clipsToBounds: true)
        if let title = page.title, !title.isEmpty { root.attributes["title"] = title }
        if let url = page.url, !url.isEmpty { root.attributes["url"] = url }
        var reader = Reader(builder: WebViewBuilder(root: root, screenScale: density), source: found,
                            urls: json.documentURLs.map { $0.flatMap(strings.string) }, fileName: fileName)
        reader.origins[0] = origin(page.url, parent: nil)
        var snapshots: [CDPSnapshot] = []
        var queue = [Frame(document: 0, parentView: 0, ownerBox: nil, owner: nil, inherited: nil, turned: false)]
        var next = 0
        // Breadth first, each document once: a frame's document goes under its owner's view, which
        // holds nothing else, so the order the documents are read in changes no view's place.
        while next < queue.count {
            let frame = queue[next]
            next += 1
            var snapshot = frame.document == 0 ? page : CDPSnapshot(try json.documents[frame.document].get(), strings: strings)
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
            warnings.append("documents[\(first)]: \(unread.count) document\(unread.count == 1 ? "" : "s") that no frame owner names (contentDocumentIndex) not read")
        }
        if let bare = snapshots.first(where: { !$0.hasStyles }) {
            warnings.append("\(bare.path).layout.styles: not the computed styles \(styles.joined(separator: ", ")) in that order (then optionally \(optionalStyles.joined(separator: ", "))): what hides, clips and stacks is not read")
        }
        // Each view's place in paint order, by Chromium's paint layers (`paint-layer`), for the layout's painter's order.
        return (reader.builder.finish(), warnings, reader.spans)
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

    /// Appends one document's nodes to the tree, each with the lines of its document, and tells
    /// each frame owner whether its document is of the page's origin.
    struct Reader {
        var builder: WebViewBuilder
        var spans: [SourceSpan]
        /// The snapshot's lines, for each document's.
        let source: Located
        let urls: [String?]
        let fileName: String
        /// Each document's origin once a frame owner has named it; nil for one not (yet) read.
        var origins: [String?]

        init(builder: WebViewBuilder, source: Located, urls: [String?], fileName: String) {
            (self.builder, self.source, self.urls, self.fileName) = (builder, source, urls, fileName)
            spans = [source.span]
            origins = [String?](repeating: nil, count: urls.count)
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
            let span = source.documentSpans[frame.document]
            // By node: its view (-1: none), what hides what lies below it, whether it or an
            // ancestor is turned, its box, and its shadow root's view (-1: none yet).
            var viewOf = [Int](repeating: -1, count: snapshot.count)
            var hiding = [String?](repeating: nil, count: snapshot.count)
            var turned = [Bool](repeating: false, count: snapshot.count)
            var boxOf = [Rect?](repeating: nil, count: snapshot.count)
            var shadowViews = [Int](repeating: -1, count: snapshot.count)
            var owners: [Owner] = []
            let order = snapshot.order()
            // The page's: a view for each node and a few shadow roots (a frame's grow the arrays as they come).
            if frame.document == 0 { builder.reserveCapacity(builder.count + order.count + order.count / 16) }
            for node in order {
                var parentView = node.parent.map { viewOf[$0] } ?? frame.parentView
                guard parentView >= 0 else { continue }
                if let mode = node.shadowRoot, let host = node.parent {
                    if shadowViews[host] < 0 { shadowViews[host] = shadowRoot(mode, box: boxOf[host], under: parentView, span: span) }
                    parentView = shadowViews[host]
                }
                let aboveClass = builder.tag(of: parentView)
                // A closed <details> shows its first <summary> alone.
                let folded = aboveClass == "details" && builder.pageAttribute("open", of: parentView) == nil
                    && snapshot.firstSummary(under: snapshot.parent(of: node.index)) != node.index
                var inherited = node.parent.map { hiding[$0] } ?? frame.inherited
                if folded, inherited == nil { inherited = "inside a closed <details>" }
                let turnedAbove = node.parent.map { turned[$0] } ?? frame.turned
                var record = snapshot.record(node.index, inherited: inherited, parentTag: aboveClass, parentLaysOutItems: builder.traits(of: parentView).laysOutItems)
                if turnedAbove || record.linear != nil { record.size = snapshot.offsetSize(node.index) }
                if record.linear != nil || turnedAbove { turned[node.index] = true }
                hiding[node.index] = snapshot.hidingBelow(record)
                let target = snapshot.contentDocument(node.index)
                if let target { record.computed += try frameAttributes(target, owner: node.index, in: frame.document) }
                let (view, box) = (builder.count, record.box)
                builder.append(record, parent: parentView)
                spans.append(span)
                viewOf[node.index] = view
                boxOf[node.index] = box
                if let target {
                    owners.append(Owner(node: node.index, view: view, box: box, document: target, hiding: hiding[node.index], turned: turned[node.index]))
                }
            }
            return owners
        }

        /// A `#shadow-root` view at its host's box, as the script records an open one.
        mutating func shadowRoot(_ mode: String, box: Rect?, under host: Int, span: SourceSpan) -> Int {
            var record = WebNodeRecord(tag: "#shadow-root")
            record.box = box
            record.computed.append(("shadow-root", mode))
            let view = builder.count
            builder.append(record, parent: host)
            spans.append(span)
            return view
        }

        /// The owner's `frame` (same-origin or cross-origin, as the page's script would find it)
        /// and `document` (its URL), its document's origin noted.
        mutating func frameAttributes(_ target: Int, owner: Int, in document: Int) throws(InputError) -> [(String, String)] {
            guard target > 0, target < urls.count, origins[target] == nil else {
                throw InputError(file: fileName, location: "documents[\(document)]",
                                 "nodes.contentDocumentIndex: node \(owner) names document \(target): expected one of the \(urls.count) documents after the first, named by one frame owner")
            }
            origins[target] = CDPSnapshotImporter.origin(urls[target], parent: origins[document])
            let same = origins[target] == origins[0]
            return [("frame", same ? "same-origin" : "cross-origin")] + (urls[target].map { [("document", $0)] } ?? [])
        }
    }
}
