import Foundation
import HierarchyModel

/// The view-hierarchy document, version 1 (`docs/view-hierarchy.md`): reading with a precise
/// error for every bad value, and writing that reads back to the same tree.
public enum TreeDocument {
    public static let version = 1

    /// Reads a document. Every bad value is an `InputError` naming `file` and the JSON path.
    public static func decode(_ data: Data, file: String) throws(InputError) -> ViewTree {
        let json = try JSONValue.parse(data, file: file)
        do {
            return try decode(json)
        } catch {
            throw error.inFile(file)
        }
    }

    /// Reads a parsed document; errors carry the JSON path but no file.
    public static func decode(_ json: JSONValue) throws(InputError) -> ViewTree {
        let top = try Fields(json, path: "")
        let version = try top.number("version", required: true)!
        guard version == Double(TreeDocument.version) else {
            throw InputError(location: "version", "unsupported version \(JSONText.number(version)), expected \(TreeDocument.version)")
        }
        let scale = try top.number("screenScale", range: .positive) ?? 1
        guard let rootValue = top.object["root"] else { throw InputError(location: "root", "missing (the root view is required)") }
        var tree = ViewTree(root: try NodeReader.node(rootValue, path: "root"), screenScale: scale)
        // An explicit stack instead of recursion, however deep; views are added in pre-order, so
        // node indices follow painter's order.
        var pending = try NodeReader.children(rootValue, path: "root").enumerated().reversed().map { ($0.element, 0, "root.children[\($0.offset)]") }
        while let (value, parent, path) = pending.popLast() {
            let index = tree.append(try NodeReader.node(value, path: path), to: parent)
            pending += try NodeReader.children(value, path: path).enumerated().reversed().map { ($0.element, index, "\(path).children[\($0.offset)]") }
        }
        try checkUniqueIDs(tree)
        return tree
    }

    private static func checkUniqueIDs(_ tree: ViewTree) throws(InputError) {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(tree.count)
        for index in tree.preorder() {
            let node = tree[index]
            if let first = seen[node.id] {
                throw InputError(location: tree.jsonPath(of: index) + ".id", "duplicate id '\(node.id)' (also at \(tree.jsonPath(of: first)))")
            }
            seen[node.id] = index
        }
    }
}

/// Reads one view's keys.
enum NodeReader {
    static let known: Set<String> = [
        "id", "class", "name", "tag", "frame", "bounds", "clipsToBounds", "alpha", "hidden",
        "backgroundColor", "snapshot", "children",
    ]

    static func node(_ value: JSONValue, path: String) throws(InputError) -> ViewNode {
        let f = try Fields(value, path: path)
        let frame = try f.rect("frame", required: true)!
        var node = ViewNode(
            id: try f.string("id", nonEmpty: true), className: try f.string("class", nonEmpty: true) ?? "View",
            name: try f.string("name"), tag: try f.integer("tag") ?? 0, frame: frame, bounds: try f.rect("bounds"),
            clipsToBounds: try f.bool("clipsToBounds") ?? false, alpha: try f.number("alpha", range: .unit) ?? 1,
            isHidden: try f.bool("hidden") ?? false, backgroundColor: try f.color("backgroundColor"),
            snapshot: try f.string("snapshot", nonEmpty: true))
        for (key, extra) in f.object where !known.contains(key) { node.extras[key] = extra }
        return node
    }

    static func children(_ value: JSONValue, path: String) throws(InputError) -> [JSONValue] {
        guard case .object(let object) = value, let children = object["children"] else { return [] }
        guard case .array(let items) = children else {
            throw InputError(location: path + ".children", "expected an array of views, got \(children.typeName)")
        }
        return items
    }
}

/// The keys of one JSON object, read with their JSON path for errors.
struct Fields {
    enum Range { case any, nonNegative, positive, unit }

    let object: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(InputError) {
        guard case .object(let object) = value else {
            throw InputError(location: path.isEmpty ? "(top level)" : path, "expected an object, got \(value.typeName)")
        }
        self.object = object
        self.path = path
    }

    func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func number(_ key: String, required: Bool = false, range: Range = .any) throws(InputError) -> Double? {
        guard let value = object[key] else {
            if required { throw InputError(location: at(key), "missing (a number is required)") }
            return nil
        }
        guard case .number(let n) = value else { throw InputError(location: at(key), "expected a number, got \(value.typeName)") }
        let ok: Bool
        let wanted: String
        switch range {
        case .any: (ok, wanted) = (n.isFinite, "a finite number")
        case .nonNegative: (ok, wanted) = (n.isFinite && n >= 0, "a number >= 0")
        case .positive: (ok, wanted) = (n.isFinite && n > 0, "a number > 0")
        case .unit: (ok, wanted) = (n >= 0 && n <= 1, "a number in [0, 1]")
        }
        guard ok else { throw InputError(location: at(key), "expected \(wanted), got \(JSONText.number(n))") }
        return n
    }

    func integer(_ key: String) throws(InputError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else {
            throw InputError(location: at(key), "expected an integer, got \(JSONText.number(n))")
        }
        return Int(n)
    }

    func bool(_ key: String) throws(InputError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let b) = value else { throw InputError(location: at(key), "expected true or false, got \(value.typeName)") }
        return b
    }

    func string(_ key: String, nonEmpty: Bool = false) throws(InputError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let s) = value else { throw InputError(location: at(key), "expected a string, got \(value.typeName)") }
        if nonEmpty && s.isEmpty { throw InputError(location: at(key), "expected a non-empty string") }
        return s
    }

    func color(_ key: String) throws(InputError) -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(hex: text) else {
            throw InputError(location: at(key), "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \(JSONText.string(text))")
        }
        return color
    }

    func rect(_ key: String, required: Bool = false) throws(InputError) -> Rect? {
        guard let value = object[key] else {
            if required { throw InputError(location: at(key), "missing (a rectangle {\"x\", \"y\", \"width\", \"height\"} is required)") }
            return nil
        }
        let f = try Fields(value, path: at(key))
        return Rect(
            x: try f.number("x", required: true)!, y: try f.number("y", required: true)!,
            width: try f.number("width", required: true, range: .nonNegative)!,
            height: try f.number("height", required: true, range: .nonNegative)!)
    }
}
