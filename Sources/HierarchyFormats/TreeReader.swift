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
    /// The definition of a view's fields, as the readers look it up.
    let table = ViewField.Table.shared

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
    /// The fields are checked in the order of `ViewField`, required ones first.
    private func view(at offset: Int, path: JSONPath) throws(InputError) -> (ViewNode, children: Int?, end: Int) {
        let f = try FieldReader(json: json, at: offset, path: path)
        // Where each field's value lies (-1: absent; the last of a repeated key wins, as in a dictionary).
        var slots = [Int](repeating: -1, count: ViewField.allCases.count)
        var children = -1
        var extras: [String: JSONValue] = [:]
        let end = json.members(of: offset) { key, value in
            switch viewKey(at: key) {
            case .field(let field)?: slots[field.rawValue] = value
            case .children?: children = value
            case nil: extras[json.string(at: key)] = json.value(at: value)
            }
        }
        var node = ViewValues.blank
        var present = ViewField.Present()
        for field in table.checkOrder {
            let row = field.definition, key = row.key.description
            let isRequired = table.required & field.bit != 0
            guard let value = try f.value(row.kind, slots[field.rawValue], key, required: isRequired) else {
                if isRequired { throw InputError(location: f.at(key), "missing (the view's \(key) is required)") }
                continue
            }
            field.set(value, on: &node)
            present.insert(field)
        }
        _ = table.finish(&node, present: present)
        if !extras.isEmpty { node.extras = extras }
        guard children >= 0 else { return (node, nil, end) }
        guard json.kind(at: children) == .array else {
            throw InputError(location: f.at("children"), "expected an array of views, got \(json.typeName(at: children))")
        }
        return (node, children, end)
    }

    /// What the key at `offset` (its opening quote) names, spelled with escapes or not.
    private func viewKey(at offset: Int) -> ViewKey? {
        var end = offset + 1
        while json.bytes[end] != UInt8(ascii: "\"") && json.bytes[end] != UInt8(ascii: "\\") { end += 1 }
        return json.bytes[end] == UInt8(ascii: "\"") ? table.key(json.bytes, offset + 1, end - offset - 1) : table.key(json.string(at: offset))
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
