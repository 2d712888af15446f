import HierarchyModel

/// Reads the "hierarchy-web-dom" document that `capture webdriver`'s script (HierarchyDevice's
/// `Web/dom-capture.js`) returns for a browser page or a web view (docs/capture.md): a header
/// (`url`, `title`, `viewport` [w, h] in CSS px, `devicePixelRatio`, `notes`) and `nodes`, one a
/// line in document order, each naming its `parent` (-1 for the document element) and its border
/// `box` [x, y, w, h] in CSS px from the viewport (null when the browser lays it out nowhere).
///
/// The views: a `#viewport` root the viewport's size (clipping, `screenScale` the device pixel
/// ratio), every node under it at its box, a scroller's `bounds.origin` its scroll offset. Each
/// view carries the element's attributes as the page wrote them, then what the script computed
/// (`tag`, `role`, `label` the accessible name, `value`, `hidden-by`, …), which wins a clash; the
/// document keeps both.
enum WebDOMImporter {
    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let found = try EmbeddedJSON.located(ByteText.utf8(bytes), fileName: fileName, looksLike: DumpDetector.looksLikeWebDOM)
        guard let document = found.first(where: { $0.value["hierarchy-web-dom"] != nil }) else {
            throw InputError(file: fileName, "no JSON object with \"hierarchy-web-dom\": expected the page's DOM as capture webdriver's script returns it")
        }
        let top = document.value
        var warnings = try (top.present("notes")?.elements(fileName) ?? []).map { note throws(InputError) in try note.string(fileName) }
        if options.density != 1 { warnings.append("a web page is in CSS pixels, which are points: --density is not applied") }
        let ratio = try top.present("devicePixelRatio")?.number(fileName) ?? 1
        guard ratio.isFinite, ratio > 0, ratio < 100 else { throw top["devicePixelRatio"]!.error(fileName, "expected a number in (0, 100), got \(DescriptionValue.shown(ratio))") }
        guard let list = top.present("nodes") else { throw top.error(fileName, "no \"nodes\": expected the page's nodes") }
        let nodes = try list.elements(fileName)
        var (root, zoom) = try viewport(top, fileName: fileName)
        if zoom != 1 { root.attributes["zoom"] = DescriptionValue.shown(zoom) }
        var builder = WebViewBuilder(root: root, screenScale: ratio * zoom)
        var spans = [document.span(of: "")]
        spans.reserveCapacity(nodes.count + 1)
        var leaves = LeafNotes()
        for (index, object) in nodes.enumerated() {
            guard object.isObject else { throw object.error(fileName, "expected an object, got \(object.value.typeName)") }
            let parent = try parentIndex(object, index: index, fileName: fileName)
            let record = try WebNodeRecord(object, fileName: fileName)
            if let leaf = record.leaf { leaves.add(leaf, line: document.objectLines[object.path] ?? document.line) }
            builder.append(record, parent: parent + 1)
            spans.append(document.span(of: object.path))
        }
        // Each view's place in the order the browser paints, which the layout's painter's order follows.
        return (builder.finish(), warnings + leaves.lines, spans)
    }

    /// The root: what the screenshot shows, clipping what lies outside. The visual viewport
    /// (`[x, y, width, height, scale]`, in layout-viewport CSS px) when the header has it: its
    /// offset as the root's bounds origin, and its pinch zoom, by which the screenshot's pixels
    /// a CSS px are the device pixel ratio times it; else `viewport` at zoom 1. Unzoomed, the
    /// root is the layout viewport (`viewport`: `innerWidth`, `innerHeight`), which holds the
    /// classic scroll bars that the visual viewport leaves out and the screenshot shows (a page
    /// taller than the window: 785 CSS px visual, 800 inner, an 800-pixel screenshot).
    static func viewport(_ top: JSONAt, fileName: String) throws(InputError) -> (ViewNode, zoom: Double) {
        var (offset, size, zoom) = (Point(x: 0, y: 0), (width: 0.0, height: 0.0), 1.0)
        var layout: (width: Double, height: Double)?
        if let member = top.present("viewport") {
            let numbers = try member.elements(fileName).map { value throws(InputError) in try value.number(fileName) }
            guard numbers.count == 2, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw member.error(fileName, "expected [width, height] >= 0") }
            layout = (numbers[0], numbers[1])
            size = (numbers[0], numbers[1])
        }
        if let member = top.present("visualViewport") {
            let numbers = try member.elements(fileName).map { value throws(InputError) in try value.number(fileName) }
            guard numbers.count == 5, numbers.allSatisfy(\.isFinite), numbers[2] >= 0, numbers[3] >= 0, numbers[4] > 0 else {
                throw member.error(fileName, "expected [x, y, width, height, scale], the size >= 0, the scale > 0")
            }
            (offset, size, zoom) = (Point(x: numbers[0], y: numbers[1]), (numbers[2], numbers[3]), numbers[4])
            if zoom == 1, let layout, layout.width >= size.width, layout.height >= size.height { size = layout }
        }
        var root = ViewNode(id: "viewport", className: "#viewport", frame: Rect(x: 0, y: 0, width: size.width, height: size.height), clipsToBounds: true)
        root.bounds = Rect(x: offset.x, y: offset.y, width: size.width, height: size.height)
        for key in ["url", "title"] {
            if let text = try top.present(key)?.string(fileName), !text.isEmpty { root.attributes[key] = text }
        }
        return (root, zoom)
    }

    /// The node's `parent`: -1 or an earlier node's index (the nodes come in document order).
    static func parentIndex(_ object: JSONAt, index: Int, fileName: String) throws(InputError) -> Int {
        guard let member = object.present("parent") else { throw object.error(fileName, "no \"parent\": expected the parent node's index, -1 for the document element") }
        let value = try member.number(fileName)
        guard value == value.rounded(), value >= -1, value < Double(index) else {
            throw member.error(fileName, "expected -1 or the index of an earlier node (< \(index)), got \(DescriptionValue.shown(value))")
        }
        guard value >= 0 || index == 0 else { throw member.error(fileName, "only the first node is the document element (-1)") }
        return Int(value)
    }

    /// The frames and cross-origin frames not read, told once each kind with the first line.
    struct LeafNotes {
        private var first: [String: Int] = [:]
        private var counts: [String: Int] = [:]
        private var order: [String] = []

        mutating func add(_ reason: String, line: Int) {
            if first[reason] == nil {
                first[reason] = line
                order.append(reason)
            }
            counts[reason, default: 0] += 1
        }

        var lines: [String] {
            order.map { reason in
                let more = counts[reason, default: 1] - 1
                return "line \(first[reason] ?? 1): not read, \(reason)" + (more > 0 ? " (and \(more) more)" : "")
            }
        }
    }
}
