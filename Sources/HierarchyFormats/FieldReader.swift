import HierarchyModel

/// The values of one JSON object's keys, read from checked bytes by offset (-1: the key is
/// absent), each checked for its type and range, with the JSON path for errors.
struct FieldReader {
    /// Which numbers a value may be.
    enum Range {
        case any, nonNegative, positive, unit

        @inline(__always)
        func contains(_ n: Double) -> Bool {
            switch self {
            case .any: n.isFinite
            case .nonNegative: n.isFinite && n >= 0
            case .positive: n.isFinite && n > 0
            case .unit: n >= 0 && n <= 1
            }
        }

        /// The range in words, for a message.
        var wanted: String {
            switch self {
            case .any: "a finite number"
            case .nonNegative: "a number >= 0"
            case .positive: "a number > 0"
            case .unit: "a number in [0, 1]"
            }
        }
    }

    let json: JSONParser
    let path: JSONPath

    /// Refuses a value at `offset` that is not an object.
    init(json: JSONParser, at offset: Int, path: JSONPath) throws(InputError) {
        guard json.kind(at: offset) == .object else {
            let text = path.text
            throw InputError(location: text.isEmpty ? "(top level)" : text, "expected an object, got \(json.typeName(at: offset))")
        }
        self.json = json
        self.path = path
    }

    func at(_ key: String) -> String { path.appending(key).text }

    /// The value of a field of `kind` at `offset` (-1: absent, nil unless `required`), checked.
    func value(_ kind: FieldKind, _ offset: Int, _ key: String, required: Bool) throws(InputError) -> FieldValue? {
        switch kind {
        case .string: try string(offset, key).map(FieldValue.string)
        case .nonEmptyString: try string(offset, key, nonEmpty: true).map(FieldValue.string)
        case .integer: try integer(offset, key).map(FieldValue.integer)
        case .number(let range): try number(offset, key, required: required, range: range).map(FieldValue.number)
        case .bool: try bool(offset, key).map(FieldValue.bool)
        case .color: try color(offset, key).map(FieldValue.color)
        case .rect: try rect(offset, key, required: required).map(FieldValue.rect)
        case .point: try point(offset, key).map(FieldValue.point)
        case .transform: try transform(offset, key).map(FieldValue.transform)
        case .attributes: offset < 0 ? nil : .attributes(try attributes(offset, key))
        case .viewController: try viewController(offset, key).map(FieldValue.viewController)
        case .sourceSpan: try sourceSpan(offset, key).map(FieldValue.source)
        }
    }

    func number(_ offset: Int, _ key: String, required: Bool = false, range: Range = .any) throws(InputError) -> Double? {
        guard offset >= 0 else {
            if required { throw InputError(location: at(key), "missing (a number is required)") }
            return nil
        }
        guard json.kind(at: offset) == .number else { throw InputError(location: at(key), "expected a number, got \(json.typeName(at: offset))") }
        let n = json.number(at: offset)
        guard range.contains(n) else { throw InputError(location: at(key), "expected \(range.wanted), got \(JSONText.number(n))") }
        return n
    }

    func integer(_ offset: Int, _ key: String) throws(InputError) -> Int? {
        guard let n = try number(offset, key) else { return nil }
        guard n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else {
            throw InputError(location: at(key), "expected an integer, got \(JSONText.number(n))")
        }
        return Int(n)
    }

    func bool(_ offset: Int, _ key: String) throws(InputError) -> Bool? {
        guard offset >= 0 else { return nil }
        guard json.kind(at: offset) == .bool else { throw InputError(location: at(key), "expected true or false, got \(json.typeName(at: offset))") }
        return json.bool(at: offset)
    }

    func string(_ offset: Int, _ key: String, nonEmpty: Bool = false) throws(InputError) -> String? {
        guard offset >= 0 else { return nil }
        guard json.kind(at: offset) == .string else { throw InputError(location: at(key), "expected a string, got \(json.typeName(at: offset))") }
        let s = json.string(at: offset)
        if nonEmpty && s.isEmpty { throw InputError(location: at(key), "expected a non-empty string") }
        return s
    }

    func color(_ offset: Int, _ key: String) throws(InputError) -> Color? {
        guard let text = try string(offset, key) else { return nil }
        guard let color = Color(hex: text) else {
            throw InputError(location: at(key), "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \(JSONText.string(text))")
        }
        return color
    }

    /// `[a, b, c, d, tx, ty]`: six finite numbers.
    func transform(_ offset: Int, _ key: String) throws(InputError) -> Transform2D? {
        guard offset >= 0 else { return nil }
        var items: [Int] = []
        if json.kind(at: offset) == .array { json.elements(of: offset) { _, item in items.append(item) } }
        guard json.kind(at: offset) == .array, items.count == 6 else {
            let got = json.kind(at: offset) == .array ? "\(items.count) items" : json.typeName(at: offset)
            throw InputError(location: at(key), "expected [a, b, c, d, tx, ty] (6 numbers), got \(got)")
        }
        var numbers: [Double] = []
        for (i, item) in items.enumerated() {
            let n = json.kind(at: item) == .number ? json.number(at: item) : nil
            guard let n, n.isFinite else {
                throw InputError(location: "\(at(key))[\(i)]", "expected a finite number, got \(n.map(JSONText.number) ?? json.typeName(at: item))")
            }
            numbers.append(n)
        }
        return Transform2D(numbers)
    }

    /// `{"x", "y"}`: two finite numbers.
    func point(_ offset: Int, _ key: String) throws(InputError) -> Point? {
        guard offset >= 0 else { return nil }
        let f = try FieldReader(json: json, at: offset, path: path.appending(key))
        let (x, y) = members("x", "y", of: offset)
        return Point(x: try f.number(x, "x", required: true)!, y: try f.number(y, "y", required: true)!)
    }

    /// An object of string values, read in the canonical order of `ViewAttributes` (a repeated
    /// key: the last wins).
    func attributes(_ offset: Int, _ key: String) throws(InputError) -> ViewAttributes {
        guard offset >= 0 else { return ViewAttributes() }
        let f = try FieldReader(json: json, at: offset, path: path.appending(key))
        var members: [String: Int] = [:]
        json.members(of: offset) { name, value in members[json.string(at: name)] = value }
        var attributes = ViewAttributes()
        for name in members.keys.sorted() { attributes[name] = try f.string(members[name]!, name) }
        return attributes
    }

    /// `{"class": non-empty string, "title": string}`: the view controller whose root view this
    /// is; `title` may be left out, other keys are ignored.
    func viewController(_ offset: Int, _ key: String) throws(InputError) -> ViewController? {
        guard offset >= 0 else { return nil }
        let f = try FieldReader(json: json, at: offset, path: path.appending(key))
        let (className, title) = members("class", "title", of: offset)
        guard className >= 0 else { throw InputError(location: at(key), "missing \"class\" (the controller's class is required)") }
        return ViewController(className: try f.string(className, "class", nonEmpty: true)!, title: try f.string(title, "title"))
    }

    /// `{"line", "endLine"}`: where the view was read from, `line` >= 1 and `endLine` >= `line`
    /// (other keys are ignored).
    func sourceSpan(_ offset: Int, _ key: String) throws(InputError) -> SourceSpan? {
        guard offset >= 0 else { return nil }
        let f = try FieldReader(json: json, at: offset, path: path.appending(key))
        let (line, endLine) = members("line", "endLine", of: offset)
        guard line >= 0 else { throw InputError(location: at(key), "missing \"line\" (the first line is required)") }
        guard endLine >= 0 else { throw InputError(location: at(key), "missing \"endLine\" (the last line is required)") }
        let first = try f.integer(line, "line")!, last = try f.integer(endLine, "endLine")!
        guard first >= 1 else { throw InputError(location: f.at("line"), "expected an integer >= 1, got \(first)") }
        guard last >= first else { throw InputError(location: f.at("endLine"), "expected an integer >= line (\(first)), got \(last)") }
        return SourceSpan(line: first, endLine: last)
    }

    /// The offsets of the values of the keys `a` and `b` in the object at `offset` (-1: absent; a
    /// repeated key: the last); other keys are ignored.
    private func members(_ a: StaticString, _ b: StaticString, of offset: Int) -> (Int, Int) {
        var found = (-1, -1)
        json.members(of: offset) { name, value in
            if json.string(at: name, is: a) { found.0 = value } else if json.string(at: name, is: b) { found.1 = value }
        }
        return found
    }

    func rect(_ offset: Int, _ key: String, required: Bool = false) throws(InputError) -> Rect? {
        guard offset >= 0 else {
            if required { throw InputError(location: at(key), "missing (a rectangle {\"x\", \"y\", \"width\", \"height\"} is required)") }
            return nil
        }
        let f = try FieldReader(json: json, at: offset, path: path.appending(key))
        var x = -1, y = -1, width = -1, height = -1
        json.members(of: offset) { name, value in
            switch json.bytes[name + 1] {
            case UInt8(ascii: "x") where json.string(at: name, is: "x"): x = value
            case UInt8(ascii: "y") where json.string(at: name, is: "y"): y = value
            case UInt8(ascii: "w") where json.string(at: name, is: "width"): width = value
            case UInt8(ascii: "h") where json.string(at: name, is: "height"): height = value
            case UInt8(ascii: "\\"):
                switch json.string(at: name) {
                case "x": x = value
                case "y": y = value
                case "width": width = value
                case "height": height = value
                default: break
                }
            default: break
            }
        }
        return Rect(
            x: try f.number(x, "x", required: true)!, y: try f.number(y, "y", required: true)!,
            width: try f.number(width, "width", required: true, range: .nonNegative)!,
            height: try f.number(height, "height", required: true, range: .nonNegative)!)
    }
}

/// Where a value lies in a view-hierarchy document, spelled out only for a message: a view's
/// path ("root.children[2].children[0]") and a key inside it.
struct JSONPath {
    /// The positions of the view among its siblings from the root down; nil outside the views.
    var ordinals: [Int]?
    var key: String?

    static let top = JSONPath(ordinals: nil, key: nil)

    func appending(_ key: String) -> JSONPath {
        var path = self
        path.key = self.key.map { $0 + "." + key } ?? key
        return path
    }

    var text: String {
        var text = ordinals.map { $0.reduce(into: "root") { $0 += ".children[\($1)]" } } ?? ""
        if let key { text += text.isEmpty ? key : "." + key }
        return text
    }
}
