import HierarchyFormats
import HierarchyModel

/// One document of a `DOMSnapshot.captureSnapshot` answer (the page's, or a frame's), its arrays
/// read and checked by `CDPDocumentArrays` and its string indices resolved when a node is read
/// (`CDPSnapshotImporter`). Its layout is in its own document's coordinates: a frame's is placed
/// by `origin`.
struct CDPSnapshot {
    private let arrays: CDPDocumentArrays
    private let strings: Strings
    /// The JSON path of the document, for the lines each view comes from.
    var path: String { arrays.path }
    let title: String?
    let url: String?
    /// Whether the layout's styles are the ones `CDPSnapshotImporter.styles` names.
    let hasStyles: Bool
    /// How many of `CDPSnapshotImporter.optionalStyles` follow them (`order`, then `float`).
    let optionalStyles: Int
    /// The document node's box: the viewport (a frame's: its content box's size).
    let viewport: Rect
    /// Where the document's viewport lies in the page's: the top document's at (0, 0), a frame's
    /// at its owner's content box.
    var origin = Point(x: 0, y: 0)

    /// The elements whose texts are no text on the page.
    private static func isTextless(_ tag: String) -> Bool {
        switch tag {
        case "script", "style", "template", "noscript": true
        default: false
        }
    }
    /// The controls whose options the browser lays out in a popup.
    private static func isControl(_ tag: String?) -> Bool {
        switch tag {
        case "select", "datalist", "optgroup": true
        default: false
        }
    }
    /// What hides a node's descendants too.
    private static func hidesBelow(_ reason: String) -> Bool {
        switch reason {
        case "hidden attribute", "display: none", "content-visibility: hidden", "opacity: 0": true
        default: false
        }
    }

    init(_ arrays: CDPDocumentArrays, strings: Strings) {
        (self.arrays, self.strings) = (arrays, strings)
        title = arrays.title.flatMap(strings.string)
        url = arrays.url.flatMap(strings.string)
        // The document's own entry has no styles (an empty list); every other one has them all.
        let wanted = CDPSnapshotImporter.styles.count
        let lengths = zip(arrays.styleStarts, arrays.styleStarts.dropFirst()).lazy.map { Int($1 - $0) }
        // Every entry's list as long: the styles asked for, then the first of the optional ones, if any.
        let length = lengths.first { $0 != 0 } ?? 0
        hasStyles = (wanted...wanted + CDPSnapshotImporter.optionalStyles.count).contains(length) && lengths.allSatisfy { $0 == 0 || $0 == length }
        optionalStyles = hasStyles ? length - wanted : 0
        let documentEntry = arrays.types.firstIndex(of: 9).map { Int(arrays.layoutEntries[$0]) } ?? -1
        viewport = documentEntry >= 0 ? arrays.bounds[documentEntry] : .zero
    }

    /// The number of nodes.
    var count: Int { arrays.count }

    /// The layout entry of the node, nil for none.
    private func entry(_ node: Int) -> Int? {
        let entry = arrays.layoutEntries[node]
        return entry >= 0 ? Int(entry) : nil
    }

    private func string(_ index: Int32) -> String? {
        index == CDPDocumentArrays.absent ? nil : strings.string(Int(index))
    }

    /// The document the frame owner `node` holds (an index of the snapshot's documents), nil when
    /// it is no frame owner.
    func contentDocument(_ node: Int) -> Int? {
        let target = arrays.contentDocuments[node]
        return target == CDPDocumentArrays.absent ? nil : Int(target)
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
        let (parents, types, shadows) = (arrays.parents, arrays.types, arrays.shadowRootTypes)
        var kept = [Bool](repeating: false, count: parents.count)
        var order: [(index: Int, parent: Int?, shadowRoot: String?)] = []
        for index in parents.indices {
            let parent = Int(parents[index])
            let keptParent = parent >= 0 && kept[parent]
            guard parent < 0 || keptParent || types[parent] == 9 else { continue }
            let mode = types[index] == 11 ? nil : string(shadows[index])
            guard mode != "user-agent" else { continue }
            switch types[index] {
            // Not a pseudo-element (`::marker`, `::before`), which no script sees as a node.
            case 1: kept[index] = !(string(arrays.names[index]) ?? "").hasPrefix("::")
            case 3:
                let skipped = keptParent && Self.isTextless(tag(parent))
                kept[index] = !skipped && !strings.collapsed(nodeValue(index)).isEmpty
            case 11: kept[index] = string(shadows[index]).map { $0 == "open" || $0 == "closed" } ?? false
            default: kept[index] = false
            }
            let begins = mode != nil && keptParent && types[parent] != 11 && shadows[parent] == CDPDocumentArrays.absent
            if kept[index] { order.append((index, keptParent ? parent : nil, begins ? mode : nil)) }
        }
        return order
    }

    /// The node's `nodeValue` index (`absent` past the array's end).
    private func nodeValue(_ index: Int) -> Int32 {
        index < arrays.values.count ? arrays.values[index] : CDPDocumentArrays.absent
    }

    private func tag(_ index: Int) -> String {
        switch arrays.types[index] {
        case 3: "#text"
        case 11: "#shadow-root"
        default: strings.lowercased(arrays.names[index])
        }
    }

    func parent(of index: Int) -> Int { Int(arrays.parents[index]) }

    /// The first `<summary>` child of the node, nil for none.
    func firstSummary(under parent: Int) -> Int? {
        guard parent >= 0 else { return nil }
        return arrays.parents.indices.first { Int(arrays.parents[$0]) == parent && arrays.types[$0] == 1 && tag($0) == "summary" }
    }

    /// Where a frame owner's content box starts in its border box: its border (`clientRects`: the
    /// client area's `clientLeft`, `clientTop`) and its padding, which a snapshot does not give
    /// side by side: the client area less the frame document's size, taken as even on both sides.
    func contentOffset(_ owner: Int, frameSize: Rect) -> Point {
        guard let entry = entry(owner) else { return Point(x: 0, y: 0) }
        if let client = arrays.clientRects[safe: entry] ?? nil {
            return Point(x: client.x + max(0, client.width - frameSize.width) / 2, y: client.y + max(0, client.height - frameSize.height) / 2)
        }
        let box = arrays.bounds[entry]
        return Point(x: max(0, box.width - frameSize.width) / 2, y: max(0, box.height - frameSize.height) / 2)
    }

    /// The untransformed size (`offsetRects`).
    func offsetSize(_ index: Int) -> (width: Double, height: Double)? {
        guard let entry = entry(index), let rect = arrays.offsetRects[safe: entry] ?? nil else { return nil }
        return (rect.width, rect.height)
    }

    /// The node as the web capture's script would have recorded it, as far as a snapshot says.
    /// `parentLaysOutItems`: its parent is a flex or grid container, whose items' `order` counts.
    func record(_ index: Int, inherited: String?, parentTag: String? = nil, parentLaysOutItems: Bool = false) -> WebNodeRecord {
        var record = WebNodeRecord(tag: tag(index))
        let entry = entry(index)
        let scroll = arrays.scrollOffset
        record.box = entry.map { arrays.bounds[$0].offsetBy(dx: origin.x - scroll.x, dy: origin.y - scroll.y) }
        // A control's options are laid out in its popup: none in the page, as a script sees them.
        let inControl = Self.isControl(parentTag)
        if inControl, let box = record.box, box.width * box.height == 0 { record.box = nil }
        let type = arrays.types[index]
        if type == 3 { record.text = strings.collapsed(nodeValue(index)) }
        if type == 11 { record.computed.append(("shadow-root", string(arrays.shadowRootTypes[index]) ?? "")) }
        let pairs = arrays.attributeIndices(index)
        var offset = pairs.startIndex
        if pairs.count > 1 { record.attributes.reserveCapacity(pairs.count / 2) }
        while offset + 1 < pairs.endIndex {
            record.attributes.append((string(pairs[offset]) ?? "", string(pairs[offset + 1]) ?? ""))
            offset += 2
        }
        let password = record.tag == "input" && record.attributes.contains { $0.0 == "type" && $0.1.lowercased() == "password" }
        // A password input's value, preset or typed, is never read.
        if password { record.attributes.removeAll { $0.0 == "value" } }
        if password {
            record.computed.append(("password", "true"))
        } else if let value = string(arrays.inputValues[index]) {
            record.value = value
        }
        if arrays.checked[index] { record.computed.append(("checked", "true")) }
        if arrays.selected[index] { record.computed.append(("selected", "true")) }
        if let entry { readStyles(entry, into: &record, parentLaysOutItems: parentLaysOutItems) }
        let own = record.hiddenBy
        record.hiddenBy = inherited.map { $0.hasPrefix("inside ") ? $0 : $0 + " (an ancestor)" } ?? own
        // No layout: `display: none` (which a snapshot lays out nowhere), but for a control's
        // options, which the browser lays out in its popup, not in the page.
        if record.hiddenBy == nil, record.box == nil, type == 1, !inControl {
            record.hiddenBy = record.attributes.contains { $0.0 == "hidden" } ? "hidden attribute" : "display: none"
        }
        if record.hiddenBy == nil, let box = record.box, type == 1, box.width == 0 || box.height == 0 { record.hiddenBy = "zero size" }
        return record
    }

    /// What hides a node's descendants because of it.
    func hidingBelow(_ record: WebNodeRecord) -> String? {
        guard let reason = record.hiddenBy else { return nil }
        if reason.hasSuffix("(an ancestor)") { return String(reason.dropLast(" (an ancestor)".count)) }
        if reason.hasPrefix("inside ") { return reason }
        return Self.hidesBelow(reason) ? reason : nil
    }

    /// The computed style at `position` of `CDPSnapshotImporter.styles` in the list, nil when the
    /// list holds none.
    private func style(_ list: ArraySlice<Int32>, _ position: Int) -> String? {
        guard position < list.count else { return nil }
        return string(list[list.startIndex + position]) ?? ""
    }

    private func readStyles(_ entry: Int, into record: inout WebNodeRecord, parentLaysOutItems: Bool) {
        if let order = arrays.paintOrders[safe: entry] {
            record.computed.append(("paint-layer", String(order)))
            record.traits.layer = Int(order)
        }
        if arrays.stackingContexts[entry] {
            record.computed.append(("stacking-context", "true"))
            record.traits.stackingContext = true
        }
        if let scrolled = arrays.scrollRects[safe: entry] ?? nil, scrolled.x != 0 || scrolled.y != 0 { record.scroll = Point(x: scrolled.x, y: scrolled.y) }
        guard hasStyles, let list = arrays.styleIndices(entry) else { return }
        // In the order of `CDPSnapshotImporter.styles`.
        let visibility = style(list, 1)
        // A text's style is its parent's: only its visibility, inherited in CSS, is its own.
        guard record.tag != "#text" else {
            if let visibility, visibility != "visible", record.hiddenBy == nil { record.hiddenBy = "visibility: " + visibility }
            return
        }
        if list.count > 2, let opacity = strings.number(list[list.startIndex + 2]), (0...1).contains(opacity) { record.opacity = opacity }
        let (overflowX, overflowY) = (style(list, 3), style(list, 4))
        record.clips = overflowX != "visible" || overflowY != "visible"
        if record.clips { record.computed.append(("overflow", "\(overflowX ?? "") \(overflowY ?? "")")) }
        if list.count > 5, let background = strings.color(list[list.startIndex + 5]) { record.background = background }
        if let transform = style(list, 6), transform != "none" {
            record.linear = WebNodeRecord.linearPart(transform)
            record.computed.append(("transform", transform))
        }
        if let position = style(list, 9), position != "static" {
            record.computed.append(("position", position))
            record.traits.positioned = true
        }
        // As the script records it, for the paint order within one of Chromium's paint layers.
        if let display = style(list, 0), display.hasPrefix("inline") || display.hasSuffix("flex") || display.hasSuffix("grid") {
            record.computed.append(("display", display))
            record.traits.read(display: display)
        }
        // A flex or grid item's place among its siblings, as the script records it.
        if optionalStyles >= 1, parentLaysOutItems, let order = style(list, 11), order != "0" {
            record.computed.append(("order", order))
            record.traits.order = Int(order) ?? 0
        }
        // A float paints after the blocks around it, as the script records it.
        if optionalStyles >= 2, let float = style(list, 12), float != "none" {
            record.computed.append(("float", float))
            record.traits.floats = true
        }
        if let z = style(list, 8), z != "auto" {
            record.computed.append(("z-index", z))
            record.traits.zIndex = Int(z)
        }
        if style(list, 7) == "none" { record.computed.append(("pointer-events", "none")) }
        if style(list, 0) == "none" { record.hiddenBy = "display: none" }
        else if style(list, 10) == "hidden" { record.hiddenBy = "content-visibility: hidden" }
        else if let visibility, visibility != "visible" { record.hiddenBy = "visibility: " + visibility }
        else if record.opacity == 0 { record.hiddenBy = "opacity: 0" }
    }
}

extension CDPSnapshot {
    /// The snapshot's string table, shared by its documents: each string decoded from the bytes
    /// the first time a node asks for it, and what the nodes make of one (a tag, a text, a
    /// colour) made once. A page names the same few strings many times over: every element's
    /// eleven computed styles are indices of a few dozen values.
    final class Strings {
        // Read and written by one import, on one thread: not checked for overlapping access,
        // which would cost more than the lookups themselves.
        private let json: CDPSnapshotJSON
        @exclusivity(unchecked) private var decoded: [String?]
        @exclusivity(unchecked) private var tags: [String?]
        @exclusivity(unchecked) private var texts: [String?]
        @exclusivity(unchecked) private var colors: [Color??]
        @exclusivity(unchecked) private var numbers: [Double??]

        init(_ json: CDPSnapshotJSON) {
            self.json = json
            let count = json.stringCount
            (decoded, tags, texts, colors) = (Array(repeating: nil, count: count), Array(repeating: nil, count: count), Array(repeating: nil, count: count),
                                              Array(repeating: nil, count: count))
            numbers = Array(repeating: nil, count: count)
        }

        /// The string at `index`, nil when the table has none there.
        func string(_ index: Int) -> String? {
            guard index >= 0, index < decoded.count else { return nil }
            if let known = decoded[index] { return known }
            let text = json.string(index)
            decoded[index] = text
            return text
        }

        /// Whether `index` is one of the table's.
        private func inside(_ index: Int32) -> Bool { index >= 0 && Int(index) < decoded.count }

        /// The string as a tag: lower-cased ("" for none).
        func lowercased(_ index: Int32) -> String {
            guard inside(index) else { return "" }
            if let known = tags[Int(index)] { return known }
            let tag = (string(Int(index)) ?? "").lowercased()
            tags[Int(index)] = tag
            return tag
        }

        /// The string as a text node shows it: its white space collapsed ("" for none).
        func collapsed(_ index: Int32) -> String {
            guard inside(index) else { return "" }
            if let known = texts[Int(index)] { return known }
            let text = Self.collapse(string(Int(index)) ?? "")
            texts[Int(index)] = text
            return text
        }

        /// `WebNodeRecord.collapse`, which splits at characters, done on the bytes of an ASCII text,
        /// whose characters are its bytes (but for `\r\n`, which it leaves to that function):
        /// most of a page's texts, and a tenth of the import when split as characters.
        static func collapse(_ text: String) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var gap = false, afterReturn = false
            for byte in text.utf8 {
                guard byte < 0x80, !(afterReturn && byte == 0x0A) else { return WebNodeRecord.collapse(text) }
                afterReturn = byte == 0x0D
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                    gap = true
                    continue
                }
                if gap, !bytes.isEmpty { bytes.append(0x20) }
                gap = false
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The string as a number (an `opacity`): nil for none or one that is no number.
        func number(_ index: Int32) -> Double? {
            guard inside(index) else { return nil }
            if let known = numbers[Int(index)] { return known }
            let number = Double(string(Int(index)) ?? "")
            numbers[Int(index)] = .some(number)
            return number
        }

        /// The string as a `background-color`: nil for a transparent one or one that is no colour.
        func color(_ index: Int32) -> Color? {
            guard inside(index) else { return WebNodeRecord.color("") }
            if let known = colors[Int(index)] { return known }
            let text = string(Int(index)) ?? ""
            let color = text == "rgba(0, 0, 0, 0)" ? nil : WebNodeRecord.color(text)
            colors[Int(index)] = .some(color)
            return color
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
