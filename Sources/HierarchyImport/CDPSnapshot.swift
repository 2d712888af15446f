import HierarchyModel

/// One document of a `DOMSnapshot.captureSnapshot` answer (the page's, or a frame's), its arrays
/// checked and its string indices resolved on demand (`CDPSnapshotImporter`). Its layout is in
/// its own document's coordinates: a frame's is placed by `origin`.
struct CDPSnapshot {
    private let strings: [String]
    private let parents: [Int]
    private let types: [Int]
    private let names: [Int]
    private let values: [Int]
    private let attributes: [[Int]]
    private let shadowTypes: [Int: Int]
    private let inputValues: [Int: Int]
    private let checked: Set<Int>
    private let selected: Set<Int>
    /// Layout entry of each laid-out node.
    private let layoutOf: [Int: Int]
    private let bounds: [Rect]
    private let offsetRects: [Rect?]
    private let scrollRects: [Rect?]
    private let clientRects: [Rect?]
    private let styles: [[Int]]
    private let paintOrders: [Int]
    private let stacking: Set<Int>
    private let scroll: Point
    /// The frame owners (`<iframe>`, `<frame>`) and the index in `documents` of each one's document.
    let contentDocuments: [Int: Int]
    /// The JSON path of the document, for the lines each view comes from.
    let path: String
    let title: String?
    let url: String?
    /// Whether the layout's styles are the ones `CDPSnapshotImporter.styles` names.
    let hasStyles: Bool
    /// The document node's box: the viewport (a frame's: its content box's size).
    let viewport: Rect
    /// Where the document's viewport lies in the page's: the top document's at (0, 0), a frame's
    /// at its owner's content box.
    var origin = Point(x: 0, y: 0)

    /// The snapshot's string table, which every document's indices point into.
    static func strings(_ top: JSONAt, fileName: String) throws(InputError) -> [String] {
        try top["strings"]!.elements(fileName).map { value throws(InputError) in try value.string(fileName) }
    }

    /// A document's `documentURL`, nil when it has none or it is no string of the table.
    static func url(of document: JSONAt, strings: [String]) -> String? {
        guard case .number(let index)? = document["documentURL"]?.value, index >= 0, index < Double(strings.count), index == index.rounded() else { return nil }
        return strings[Int(index)]
    }

    /// - Throws: `InputError` naming the JSON path of what does not hold.
    init(_ document: JSONAt, strings: [String], fileName: String) throws(InputError) {
        guard document.isObject else { throw document.error(fileName, "expected a document object, got \(document.value.typeName)") }
        self.strings = strings
        path = document.path
        guard let nodes = document.present("nodes"), let layout = document.present("layout") else {
            throw document.error(fileName, "expected \"nodes\" and \"layout\"")
        }
        let count = strings.count
        func ints(_ owner: JSONAt, _ key: String) throws(InputError) -> [Int] {
            guard let member = owner.present(key) else { return [] }
            return try list(member)
        }
        func list(_ member: JSONAt) throws(InputError) -> [Int] {
            // Whole numbers read in place; anything else read again element by element, for the error at its path.
            if let numbers = Self.wholeNumbers(member.value) { return numbers }
            return try member.elements(fileName).map { value throws(InputError) in
                let number = try value.number(fileName)
                guard number == number.rounded(), abs(number) < 1e9 else { throw value.error(fileName, "expected a whole number") }
                return Int(number)
            }
        }
        func rects(_ key: String) throws(InputError) -> [Rect?] {
            guard let member = layout.present(key) else { return [] }
            if let read = Self.rectangles(member.value) { return read }
            // A node without such a rectangle (a text's offsetRects) has an empty array.
            return try member.elements(fileName).map { value throws(InputError) in
                if case .array(let items) = value.value, items.isEmpty { return nil }
                return try WebNodeRecord.rect(value, fileName: fileName)
            }
        }
        func sparse(_ key: String) throws(InputError) -> (index: [Int], value: [Int]) {
            guard let member = nodes.present(key) else { return ([], []) }
            return (try ints(member, "index"), try ints(member, "value"))
        }
        parents = try ints(nodes, "parentIndex")
        types = try ints(nodes, "nodeType")
        names = try ints(nodes, "nodeName")
        values = try ints(nodes, "nodeValue")
        guard types.count == parents.count, names.count == parents.count else { throw nodes.error(fileName, "parentIndex, nodeType and nodeName differ in length") }
        for (index, parent) in parents.enumerated() where parent >= index || parent < -1 {
            throw nodes.error(fileName, "parentIndex[\(index)] is \(parent): expected -1 or an earlier node")
        }
        func lists(_ member: JSONAt?) throws(InputError) -> [[Int]] {
            guard let member else { return [] }
            if case .array(let rows) = member.value {
                let read = rows.compactMap(Self.wholeNumbers)
                if read.count == rows.count { return read }
            }
            return try member.elements(fileName).map { row throws(InputError) in try list(row) }
        }
        attributes = try lists(nodes.present("attributes"))
        let shadow = try sparse("shadowRootType"), input = try sparse("inputValue")
        shadowTypes = Dictionary(zip(shadow.index, shadow.value), uniquingKeysWith: { a, _ in a })
        inputValues = Dictionary(zip(input.index, input.value), uniquingKeysWith: { a, _ in a })
        checked = Set(try nodes.present("inputChecked").map { member throws(InputError) in try ints(member, "index") } ?? [])
        selected = Set(try nodes.present("optionSelected").map { member throws(InputError) in try ints(member, "index") } ?? [])
        let nodeIndex = try ints(layout, "nodeIndex")
        bounds = try rects("bounds").map { $0 ?? .zero }
        guard bounds.count == nodeIndex.count else { throw layout.error(fileName, "nodeIndex and bounds differ in length") }
        layoutOf = Dictionary(nodeIndex.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        offsetRects = try rects("offsetRects")
        scrollRects = try rects("scrollRects")
        styles = try lists(layout.present("styles"))
        paintOrders = try ints(layout, "paintOrders")
        stacking = Set(try layout.present("stackingContexts").map { member throws(InputError) in try ints(member, "index") } ?? [])
        clientRects = try rects("clientRects")
        let frames = try sparse("contentDocumentIndex")
        contentDocuments = Dictionary(zip(frames.index, frames.value), uniquingKeysWith: { a, _ in a })
        // The document's own entry has no styles (an empty list); every other one has them all.
        let wanted = CDPSnapshotImporter.styles.count
        hasStyles = styles.contains { $0.count == wanted } && styles.allSatisfy { $0.isEmpty || $0.count == wanted }
        for index in names + values + attributes.flatMap({ $0 }) + Array(inputValues.values) where index >= count {
            throw document.error(fileName, "a string index \(index) past \"strings\" (\(count))")
        }
        scroll = Point(x: try document.present("scrollOffsetX")?.number(fileName) ?? 0, y: try document.present("scrollOffsetY")?.number(fileName) ?? 0)
        let all = strings
        let titleIndex = try document.present("title")?.number(fileName) ?? -1, urlIndex = try document.present("documentURL")?.number(fileName) ?? -1
        title = titleIndex >= 0 && titleIndex < Double(count) ? all[Int(titleIndex)] : nil
        url = urlIndex >= 0 && urlIndex < Double(count) ? all[Int(urlIndex)] : nil
        let (entries, boxes) = (layoutOf, bounds)
        let documentEntry = types.firstIndex(of: 9).flatMap { entries[$0] }
        viewport = documentEntry.map { boxes[$0] } ?? .zero
    }

    /// The array's numbers when every one is whole and under 10⁹ in size; nil otherwise (the
    /// careful path then names the bad one). The snapshot's arrays hold thousands of numbers: a
    /// JSON path made for each (`JSONAt.elements`) cost more than reading them.
    static func wholeNumbers(_ value: JSONValue) -> [Int]? {
        guard case .array(let items) = value else { return nil }
        var numbers: [Int] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard case .number(let number) = item, number == number.rounded(), abs(number) < 1e9 else { return nil }
            numbers.append(Int(number))
        }
        return numbers
    }

    /// The rectangles `[x, y, width, height]` (an empty array for none) when every one is finite
    /// with a size >= 0; nil otherwise, for the careful path to name the bad one.
    static func rectangles(_ value: JSONValue) -> [Rect?]? {
        guard case .array(let rows) = value else { return nil }
        var rects: [Rect?] = []
        rects.reserveCapacity(rows.count)
        for row in rows {
            guard case .array(let items) = row else { return nil }
            if items.isEmpty {
                rects.append(nil)
                continue
            }
            guard items.count == 4, case .number(let x) = items[0], case .number(let y) = items[1], case .number(let w) = items[2], case .number(let h) = items[3],
                  x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0 else { return nil }
            rects.append(Rect(x: x, y: y, width: w, height: h))
        }
        return rects
    }

    private func string(_ index: Int?) -> String? {
        guard let index, index >= 0, index < strings.count else { return nil }
        return strings[index]
    }

    /// The nodes a view stands for, in document order, each with its parent among them (nil: the
    /// document's child): elements, texts that are not blank (nor a script's or a style's), and
    /// shadow roots other than a built-in control's (whose subtree is left out). Chromium flattens
    /// a shadow tree into its host's children, each node naming the kind of root it is under
    /// (`shadowRootType`): the first of those under a host not in a shadow tree itself begins it
    /// (`shadowRoot`, its mode), where a script would see the `#shadow-root`; older versions
    /// send the root as a node of its own (type 11). A shadow tree inside a shadow tree is not told
    /// from the tree around it.
    func order() -> [(index: Int, parent: Int?, shadowRoot: String?)] {
        var kept = [Bool](repeating: false, count: parents.count)
        var order: [(index: Int, parent: Int?, shadowRoot: String?)] = []
        for index in parents.indices {
            let parent = parents[index]
            let keptParent = parent >= 0 && kept[parent]
            guard parent < 0 || keptParent || types[parent] == 9 else { continue }
            let mode = types[index] == 11 ? nil : string(shadowTypes[index])
            guard mode != "user-agent" else { continue }
            switch types[index] {
            // Not a pseudo-element (`::marker`, `::before`), which no script sees as a node.
            case 1: kept[index] = !(string(names[index]) ?? "").hasPrefix("::")
            case 3:
                let skipped = keptParent && ["script", "style", "template", "noscript"].contains(tag(parent))
                kept[index] = !skipped && !WebNodeRecord.collapse(string(values[safe: index]) ?? "").isEmpty
            case 11: kept[index] = string(shadowTypes[index]).map { $0 == "open" || $0 == "closed" } ?? false
            default: kept[index] = false
            }
            let begins = mode != nil && keptParent && types[parent] != 11 && shadowTypes[parent] == nil
            if kept[index] { order.append((index, keptParent ? parent : nil, begins ? mode : nil)) }
        }
        return order
    }

    private func tag(_ index: Int) -> String {
        switch types[index] {
        case 3: "#text"
        case 11: "#shadow-root"
        default: (string(names[index]) ?? "").lowercased()
        }
    }

    func parent(of index: Int) -> Int { parents[index] }

    /// The first `<summary>` child of the node, nil for none.
    func firstSummary(under parent: Int) -> Int? {
        guard parent >= 0 else { return nil }
        return parents.indices.first { parents[$0] == parent && types[$0] == 1 && tag($0) == "summary" }
    }

    /// Where a frame owner's content box starts in its border box: its border (`clientRects`: the
    /// client area's `clientLeft`, `clientTop`) and its padding, which a snapshot does not give
    /// side by side: the client area less the frame document's size, taken as even on both sides.
    func contentOffset(_ owner: Int, frameSize: Rect) -> Point {
        guard let entry = layoutOf[owner] else { return Point(x: 0, y: 0) }
        if let client = clientRects[safe: entry] ?? nil {
            return Point(x: client.x + max(0, client.width - frameSize.width) / 2, y: client.y + max(0, client.height - frameSize.height) / 2)
        }
        let box = bounds[entry]
        return Point(x: max(0, box.width - frameSize.width) / 2, y: max(0, box.height - frameSize.height) / 2)
    }

    /// The untransformed size (`offsetRects`).
    func offsetSize(_ index: Int) -> (width: Double, height: Double)? {
        guard let entry = layoutOf[index], let rect = offsetRects[safe: entry] ?? nil else { return nil }
        return (rect.width, rect.height)
    }

    /// The node as the web capture's script would have recorded it, as far as a snapshot says.
    func record(_ index: Int, inherited: String?, parentTag: String? = nil) -> WebNodeRecord {
        var record = WebNodeRecord(tag: tag(index))
        let entry = layoutOf[index]
        record.box = entry.map { bounds[$0].offsetBy(dx: origin.x - scroll.x, dy: origin.y - scroll.y) }
        // A control's options are laid out in its popup: none in the page, as a script sees them.
        if ["select", "datalist", "optgroup"].contains(parentTag ?? ""), let box = record.box, box.width * box.height == 0 { record.box = nil }
        if types[index] == 3 { record.text = WebNodeRecord.collapse(string(values[safe: index]) ?? "") }
        if types[index] == 11 { record.computed.append(("shadow-root", string(shadowTypes[index]) ?? "")) }
        let pairs = attributes[safe: index] ?? []
        var page: [(String, String)] = []
        for offset in stride(from: 0, to: pairs.count - 1, by: 2) { page.append((string(pairs[offset]) ?? "", string(pairs[offset + 1]) ?? "")) }
        let password = record.tag == "input" && page.contains { $0.0 == "type" && $0.1.lowercased() == "password" }
        // A password input's value, preset or typed, is never read.
        record.attributes = page.filter { !(password && $0.0 == "value") }.sorted { $0.0 < $1.0 }
        if password {
            record.computed.append(("password", "true"))
        } else if let value = string(inputValues[index]) {
            record.value = value
        }
        if checked.contains(index) { record.computed.append(("checked", "true")) }
        if selected.contains(index) { record.computed.append(("selected", "true")) }
        if let entry { readStyles(entry, into: &record) }
        let own = record.hiddenBy
        record.hiddenBy = inherited.map { $0.hasPrefix("inside ") ? $0 : $0 + " (an ancestor)" } ?? own
        // No layout: `display: none` (which a snapshot lays out nowhere), but for a control's
        // options, which the browser lays out in its popup, not in the page.
        if record.hiddenBy == nil, record.box == nil, types[index] == 1, !["select", "datalist", "optgroup"].contains(parentTag ?? "") {
            record.hiddenBy = page.contains { $0.0 == "hidden" } ? "hidden attribute" : "display: none"
        }
        if record.hiddenBy == nil, let box = record.box, types[index] == 1, box.width == 0 || box.height == 0 { record.hiddenBy = "zero size" }
        return record
    }

    /// What hides a node's descendants because of it.
    func hidingBelow(_ record: WebNodeRecord) -> String? {
        guard let reason = record.hiddenBy else { return nil }
        if reason.hasSuffix("(an ancestor)") { return String(reason.dropLast(" (an ancestor)".count)) }
        if reason.hasPrefix("inside ") { return reason }
        return ["hidden attribute", "display: none", "content-visibility: hidden", "opacity: 0"].contains(reason) ? reason : nil
    }

    private func readStyles(_ entry: Int, into record: inout WebNodeRecord) {
        if let order = paintOrders[safe: entry] { record.computed.append(("paint-layer", String(order))) }
        if stacking.contains(entry) { record.computed.append(("stacking-context", "true")) }
        if let scrolled = scrollRects[safe: entry] ?? nil, scrolled.x != 0 || scrolled.y != 0 { record.scroll = Point(x: scrolled.x, y: scrolled.y) }
        guard hasStyles, let list = styles[safe: entry] else { return }
        let value = Dictionary(uniqueKeysWithValues: zip(CDPSnapshotImporter.styles, list.map { string($0) ?? "" }))
        // A text's style is its parent's: only its visibility, inherited in CSS, is its own.
        guard record.tag != "#text" else {
            if let visibility = value["visibility"], visibility != "visible", record.hiddenBy == nil { record.hiddenBy = "visibility: " + visibility }
            return
        }
        if let opacity = Double(value["opacity"] ?? "1"), (0...1).contains(opacity) { record.opacity = opacity }
        record.clips = value["overflow-x"] != "visible" || value["overflow-y"] != "visible"
        if record.clips { record.computed.append(("overflow", "\(value["overflow-x"] ?? "") \(value["overflow-y"] ?? "")")) }
        if let background = value["background-color"], background != "rgba(0, 0, 0, 0)" { record.background = WebNodeRecord.color(background) }
        if let transform = value["transform"], transform != "none" {
            record.linear = WebNodeRecord.linearPart(transform)
            record.computed.append(("transform", transform))
        }
        if let position = value["position"], position != "static" { record.computed.append(("position", position)) }
        // As the script records it, for the paint order within one of Chromium's paint layers.
        if let display = value["display"], display.hasPrefix("inline") || display.contains("flex") || display.contains("grid") { record.computed.append(("display", display)) }
        if let z = value["z-index"], z != "auto" { record.computed.append(("z-index", z)) }
        if value["pointer-events"] == "none" { record.computed.append(("pointer-events", "none")) }
        if value["display"] == "none" { record.hiddenBy = "display: none" }
        else if value["content-visibility"] == "hidden" { record.hiddenBy = "content-visibility: hidden" }
        else if let visibility = value["visibility"], visibility != "visible" { record.hiddenBy = "visibility: " + visibility }
        else if record.opacity == 0 { record.hiddenBy = "opacity: 0" }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
