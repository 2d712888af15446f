import HierarchyModel

/// Reads a checked view-hierarchy document from its bytes: each view's keys in one pass over its
/// object, values converted where they lie, no intermediate `JSONValue` except for keys the
/// format does not define (kept as extras). Views are visited in pre-order with an explicit stack,
/// so node indices follow painter's order and any depth works; the JSON path of a view is spelled
/// out only for an error message.
struct TreeReader {
    let json: JSONParser
    /// False: every view goes through the careful reader (for tests that hold the two equal).
    var quickly = true

    /// A view's array of subviews being read: its offset, the next element, and the parent's index.
    private struct Level {
        var next: Int
        var ordinal: Int
        let parent: Int
    }

    func tree(at start: Int) throws(InputError) -> ViewTree {
        let top = try FieldReader(json: json, at: start, path: .top)
        var version = -1, scale = -1, root = -1
        json.members(of: start) { key, value in
            if json.string(at: key, is: "version") { version = value }
            else if json.string(at: key, is: "screenScale") { scale = value }
            else if json.string(at: key, is: "root") { root = value }
        }
        let number = try top.number(version, "version", required: true)!
        guard number == Double(TreeDocument.version) else {
            throw InputError(location: "version", "unsupported version \(JSONText.number(number)), expected \(TreeDocument.version)")
        }
        let screenScale = try top.number(scale, "screenScale", range: .positive) ?? 1
        guard root >= 0 else { throw InputError(location: "root", "missing (the root view is required)") }
        var ordinals: [Int] = []
        let (node, children, _) = try view(at: root, path: JSONPath(ordinals: ordinals))
        var tree = ViewTree(root: node, screenScale: screenScale)
        tree.reserveCapacity(json.objectCount / 2 + 1)
        HugePages.advise(tree.nodes)
        var stack: [Level] = []
        if let children { stack.append(Level(next: json.firstElement(of: children), ordinal: 0, parent: 0)) }
        while let level = stack.last {
            guard let element = level.next >= 0 ? level.next : nil else {
                stack.removeLast()
                ordinals.removeLast(ordinals.isEmpty ? 0 : 1)
                continue
            }
            if stack.count > ordinals.count { ordinals.append(level.ordinal) } else { ordinals[ordinals.count - 1] = level.ordinal }
            let (index, children, end) = try subview(at: element, ordinals: ordinals, parent: level.parent, into: &tree)
            stack[stack.count - 1].next = json.nextElement(afterEnd: end)
            stack[stack.count - 1].ordinal += 1
            if let children { stack.append(Level(next: json.firstElement(of: children), ordinal: 0, parent: index)) }
        }
        return tree
    }

    /// Adds a subview of `parent` to `tree`, read in one pass when it can be (nearly always); the
    /// careful reader takes the others, unusual ones (keys spelled with escapes) and bad ones, whose
    /// errors it tells. Returns the view's index, its array of subviews and the offset after it.
    private func subview(at offset: Int, ordinals: [Int], parent: Int, into tree: inout ViewTree) throws(InputError) -> (Int, children: Int?, end: Int) {
        if quickly, let view = quickView(at: offset, parent: parent, into: &tree) { return view }
        let (node, children, end) = try view(at: offset, path: JSONPath(ordinals: ordinals))
        return (tree.append(node, to: parent), children, end)
    }

    /// One view's own keys, the offset of its array of subviews, and the offset after its object.
    private func view(at offset: Int, path: JSONPath) throws(InputError) -> (ViewNode, children: Int?, end: Int) {
        let f = try FieldReader(json: json, at: offset, path: path)
        var slots = ViewSlots()
        var extras: [String: JSONValue] = [:]
        let end = json.members(of: offset) { key, value in
            if !slots.take(key, value, json) { extras[json.string(at: key)] = json.value(at: value) }
        }
        let frame = try f.rect(slots.frame, "frame", required: true)!
        var node = ViewNode(
            id: try f.string(slots.id, "id", nonEmpty: true), className: try f.string(slots.className, "class", nonEmpty: true) ?? "View",
            name: try f.string(slots.name, "name"), text: try f.string(slots.text, "text"), tag: try f.integer(slots.tag, "tag") ?? 0,
            frame: frame, bounds: try f.rect(slots.bounds, "bounds"),
            transform: try f.transform(slots.transform, "transform") ?? .identity, anchorPoint: try f.point(slots.anchorPoint, "anchorPoint") ?? .centre,
            clipsToBounds: try f.bool(slots.clipsToBounds, "clipsToBounds") ?? false,
            alpha: try f.number(slots.alpha, "alpha", range: .unit) ?? 1, isHidden: try f.bool(slots.hidden, "hidden") ?? false,
            backgroundColor: try f.color(slots.backgroundColor, "backgroundColor"), snapshot: try f.string(slots.snapshot, "snapshot", nonEmpty: true),
            attributes: try f.attributes(slots.attributes, "attributes"),
            viewController: try f.viewController(slots.viewController, "viewController"))
        node.extras = extras
        guard slots.children >= 0 else { return (node, nil, end) }
        guard json.kind(at: slots.children) == .array else {
            throw InputError(location: f.at("children"), "expected an array of views, got \(json.typeName(at: slots.children))")
        }
        return (node, slots.children, end)
    }
}

/// Where each key the format defines lies in one view's object (-1: absent; the last of a
/// repeated key wins, as in a dictionary).
private struct ViewSlots {
    var id = -1, className = -1, name = -1, text = -1, tag = -1, frame = -1, bounds = -1, transform = -1, anchorPoint = -1
    var clipsToBounds = -1, alpha = -1, hidden = -1, backgroundColor = -1, snapshot = -1, attributes = -1, children = -1
    var viewController = -1

    /// Records the value of a defined key; false for a key the format does not define.
    mutating func take(_ key: Int, _ value: Int, _ json: JSONParser) -> Bool {
        // The first byte after the quote tells most keys apart before any comparison.
        switch json.bytes[key + 1] {
        case UInt8(ascii: "i") where json.string(at: key, is: "id"): id = value
        case UInt8(ascii: "c") where json.string(at: key, is: "class"): className = value
        case UInt8(ascii: "c") where json.string(at: key, is: "children"): children = value
        case UInt8(ascii: "c") where json.string(at: key, is: "clipsToBounds"): clipsToBounds = value
        case UInt8(ascii: "n") where json.string(at: key, is: "name"): name = value
        case UInt8(ascii: "t") where json.string(at: key, is: "tag"): tag = value
        case UInt8(ascii: "t") where json.string(at: key, is: "text"): text = value
        case UInt8(ascii: "t") where json.string(at: key, is: "transform"): transform = value
        case UInt8(ascii: "a") where json.string(at: key, is: "anchorPoint"): anchorPoint = value
        case UInt8(ascii: "a") where json.string(at: key, is: "attributes"): attributes = value
        case UInt8(ascii: "f") where json.string(at: key, is: "frame"): frame = value
        case UInt8(ascii: "b") where json.string(at: key, is: "bounds"): bounds = value
        case UInt8(ascii: "b") where json.string(at: key, is: "backgroundColor"): backgroundColor = value
        case UInt8(ascii: "a") where json.string(at: key, is: "alpha"): alpha = value
        case UInt8(ascii: "h") where json.string(at: key, is: "hidden"): hidden = value
        case UInt8(ascii: "s") where json.string(at: key, is: "snapshot"): snapshot = value
        case UInt8(ascii: "v") where json.string(at: key, is: "viewController"): viewController = value
        case UInt8(ascii: "\\"): return takeEscaped(json.string(at: key), value)
        default: return false
        }
        return true
    }

    /// A key spelled with escapes: compared as text.
    private mutating func takeEscaped(_ key: String, _ value: Int) -> Bool {
        switch key {
        case "id": id = value
        case "class": className = value
        case "children": children = value
        case "clipsToBounds": clipsToBounds = value
        case "name": name = value
        case "tag": tag = value
        case "text": text = value
        case "transform": transform = value
        case "anchorPoint": anchorPoint = value
        case "attributes": attributes = value
        case "frame": frame = value
        case "bounds": bounds = value
        case "backgroundColor": backgroundColor = value
        case "alpha": alpha = value
        case "hidden": hidden = value
        case "snapshot": snapshot = value
        case "viewController": viewController = value
        default: return false
        }
        return true
    }
}

extension JSONParser {
    /// The offset of the first element of the array at `index`, or -1 when it is empty.
    func firstElement(of index: Int) -> Int {
        let first = skipWhitespace(index + 1)
        return bytes[first] == UInt8(ascii: "]") ? -1 : first
    }

    /// The offset of the element after the one that ends before `end`, or -1 when it was the last.
    func nextElement(afterEnd end: Int) -> Int {
        let separator = skipWhitespace(end)
        return bytes[separator] == UInt8(ascii: "]") ? -1 : skipWhitespace(separator + 1)
    }
}
