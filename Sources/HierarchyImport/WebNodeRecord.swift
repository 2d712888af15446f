import HierarchyModel

/// One node of a "hierarchy-web-dom" document (`WebDOMImporter`), read and checked: an element, a
/// text (`#text`) or an open shadow root (`#shadow-root`), with what the script found of it.
struct WebNodeRecord {
    var tag: String
    /// The border box in CSS px from the viewport; nil when the browser lays the node out nowhere.
    var box: Rect?
    /// The element's attributes as the page wrote them (a password input's value never among them).
    var attributes: [(String, String)] = []
    /// What the script computed: role, accessible name, value, hiding, clipping, stacking.
    var computed: [(String, String)] = []
    var label: String?
    var text: String?
    var value: String?
    var hiddenBy: String?
    var opacity = 1.0
    var clips = false
    var scroll = Point(x: 0, y: 0)
    var background: Color?
    /// The untransformed size, given when the node or an ancestor is transformed.
    var size: (width: Double, height: Double)?
    /// The computed transform's linear part (its translation is in the box already); nil for none.
    var linear: Transform2D?
    /// Why what is below the node was not read (a cross-origin frame), nil when it was.
    var leaf: String?
    /// What the node is for the order the browser paints: what `computed` says of its
    /// positioning, stacking and display, kept by the reader as it writes them there.
    var traits = WebPaintOrder.Traits()

    /// The computed members kept as attributes under their own names, in this order.
    static let computedKeys: [(member: String, attribute: String)] = [
        ("role", "role"), ("checked", "checked"), ("selected", "selected"), ("password", "password"), ("closed", "closed"),
        ("position", "position"), ("zIndex", "z-index"), ("stacking", "stacking-context"), ("float", "float"), ("display", "display"), ("order", "order"), ("transform", "transform"),
        ("overflow", "overflow"), ("clipPath", "clip-path"), ("pointerEvents", "pointer-events"), ("frame", "frame"),
        ("mode", "shadow-root"), ("color", "color"), ("fontSize", "font-size"),
    ]

    /// A node with nothing found of it yet (a snapshot's, filled in by `CDPSnapshot`).
    init(tag: String) {
        self.tag = tag
        traits = WebPaintOrder.Traits(box: WebPaintOrder.Traits.box(tag))
    }

    /// White space collapsed and trimmed, as the script writes a text.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" }).joined(separator: " ")
    }

    init(_ object: JSONAt, fileName: String) throws(InputError) {
        guard let tag = try object.present("tag")?.string(fileName), !tag.isEmpty else { throw object.error(fileName, "no \"tag\": expected the node's tag name") }
        self.tag = tag
        box = try Self.rect(object.present("box"), fileName: fileName)
        if let attrs = object.present("attrs") {
            guard case .object(let members) = attrs.value else { throw attrs.error(fileName, "expected an object of the element's attributes") }
            attributes = members.keys.sorted().compactMap { key in members[key]?.attributeText.map { (key, $0) } }
        }
        label = try Self.text(object, "label", fileName)
        text = try Self.text(object, "text", fileName)
        value = try Self.text(object, "value", fileName)
        hiddenBy = try Self.text(object, "hidden", fileName)
        leaf = try Self.text(object, "leaf", fileName)
        try readLayout(object, fileName: fileName)
        for (member, attribute) in Self.computedKeys {
            if let shown = object.present(member)?.value.attributeText { computed.append((attribute, shown)) }
        }
        if case .bool(true)? = object.present("disabled")?.value { computed.append(("enabled", "false")) }
        if let lines = object.present("lines") {
            let boxes = try lines.elements(fileName).map { line throws(InputError) in try Self.rect(line, fileName: fileName) }
            computed.append(("lines", boxes.compactMap { $0.map(Self.shown) }.joined(separator: "; ")))
        }
        if let image = object.present("image"), let source = image["src"]?.value.attributeText { computed.append(("image", source)) }
        if let leaf { computed.append(("not-read", leaf)) }
        traits = WebPaintOrder.Traits(className: tag, pairs: computed)
    }

    /// Opacity, overflow, scroll offsets and the background colour.
    private mutating func readLayout(_ object: JSONAt, fileName: String) throws(InputError) {
        if let member = object.present("opacity") {
            opacity = try member.number(fileName)
            guard (0...1).contains(opacity) else { throw member.error(fileName, "expected a number in [0, 1], got \(DescriptionValue.shown(opacity))") }
        }
        clips = object.present("overflow") != nil
        if let member = object.present("scroll") {
            let numbers = try member.elements(fileName).map { value throws(InputError) in try value.number(fileName) }
            guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else { throw member.error(fileName, "expected [x, y]") }
            scroll = Point(x: numbers[0], y: numbers[1])
        }
        if let text = try Self.text(object, "background", fileName) { background = Self.color(text) }
        if let member = object.present("size") {
            let numbers = try member.elements(fileName).map { value throws(InputError) in try value.number(fileName) }
            guard numbers.count == 2, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw member.error(fileName, "expected [width, height] >= 0") }
            size = (numbers[0], numbers[1])
        }
        if let text = try Self.text(object, "transform", fileName) { linear = Self.linearPart(text) }
    }

    /// The linear part of a computed transform, `matrix(a, b, c, d, e, f)` or `matrix3d(…)` (its
    /// 2D part); nil for another form or a singular one (drawn as its box, untransformed).
    static func linearPart(_ text: String) -> Transform2D? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let numbers = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ",").compactMap { Double(String($0.filter { $0 != " " })) }
        let name = text[..<open]
        let values: [Double]
        if name == "matrix", numbers.count == 6 {
            values = [numbers[0], numbers[1], numbers[2], numbers[3]]
        } else if name == "matrix3d", numbers.count == 16 {
            values = [numbers[0], numbers[1], numbers[4], numbers[5]]
        } else {
            return nil
        }
        let linear = Transform2D(a: values[0], b: values[1], c: values[2], d: values[3], tx: 0, ty: 0)
        return linear.inverted() == nil ? nil : linear
    }

    /// What hides the view: anything the script names but opacity and a zero size, which the
    /// view's alpha and frame already say.
    var isHidden: Bool {
        guard let hiddenBy else { return false }
        return !hiddenBy.hasPrefix("opacity: 0") && hiddenBy != "zero size"
    }

    static func text(_ object: JSONAt, _ key: String, _ fileName: String) throws(InputError) -> String? {
        guard let member = object.present(key) else { return nil }
        return try member.string(fileName)
    }

    /// `[x, y, w, h]`, finite, the size >= 0; nil for null or absent.
    static func rect(_ member: JSONAt?, fileName: String) throws(InputError) -> Rect? {
        guard let member else { return nil }
        let numbers = try member.elements(fileName).map { value throws(InputError) in try value.number(fileName) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] >= 0, numbers[3] >= 0 else {
            throw member.error(fileName, "expected [x, y, width, height], finite, the size >= 0")
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    static func shown(_ rect: Rect) -> String {
        [rect.x, rect.y, rect.width, rect.height].map(DescriptionValue.shown).joined(separator: " ")
    }

    /// A computed colour, `rgb(r, g, b)` or `rgba(r, g, b, a)` as browsers serialize them; nil for
    /// any other form (`color(srgb …)`, which the view keeps no colour for).
    static func color(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), text.hasPrefix("rgb") else { return nil }
        let parts = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
        guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        return Color(red: byte(parts[0]!), green: byte(parts[1]!), blue: byte(parts[2]!), alpha: parts.count == 4 ? byte(parts[3]! * 255) : 255)
    }
}
