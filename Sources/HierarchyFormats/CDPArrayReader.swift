import HierarchyModel

/// Reads the arrays of a checked `DOMSnapshot.captureSnapshot` answer from its bytes: whole
/// numbers, rectangles and lists of whole numbers, with the JSON path of a bad value in the error
/// (`documents[0].nodes.parentIndex[1]: expected a whole number`). Each array is read in one pass
/// when it is good; only a bad one is read again element by element, for the path of the first
/// bad element.
struct CDPArrayReader {
    let json: JSONParser
    let fileName: String

    /// The largest whole number read (the snapshot's are indices and paint orders).
    static let limit = 1e9

    func error(_ path: String, _ message: String) -> InputError {
        InputError(file: fileName, location: path.isEmpty ? "the top-level value" : path, message)
    }

    /// The offsets of the values of `keys` in the object at `object` (-1: absent; a repeated key:
    /// the last, as a JSON object's value holds it). With `presentOnly`, a `null` counts as absent;
    /// a value that is not an object has no members.
    func members(of object: Int, _ keys: [StaticString], presentOnly: Bool = true) -> [Int] {
        var found = [Int](repeating: -1, count: keys.count)
        guard object >= 0, json.kind(at: object) == .object else { return found }
        json.members(of: object) { key, value in
            for (slot, name) in keys.enumerated() where json.string(at: key, is: name) {
                found[slot] = presentOnly && json.kind(at: value) == .null ? -1 : value
            }
        }
        return found
    }

    /// The whole numbers of the array at `value` (-1: absent, none).
    /// - Throws: naming `path` when it is no array, or the element that is no whole number under 10⁹ in size.
    func wholeNumbers(_ value: Int, _ path: @autoclosure () -> String) throws(InputError) -> [Int32] {
        guard value >= 0 else { return [] }
        if let numbers = fastWholeNumbers(value) { return numbers }
        let json = self.json
        guard json.kind(at: value) == .array else { throw error(path(), "expected an array, got \(json.typeName(at: value))") }
        var numbers: [Int32] = []
        try json.elements(of: value) { (ordinal, element) throws(InputError) in
            guard json.kind(at: element) == .number else { throw error("\(path())[\(ordinal)]", "expected a number, got \(json.typeName(at: element))") }
            let n = json.number(at: element)
            guard n == n.rounded(), abs(n) < Self.limit else { throw error("\(path())[\(ordinal)]", "expected a whole number") }
            numbers.append(Int32(n))
        }
        return numbers
    }

    /// The numbers when the value is an array of whole numbers under 10⁹ in size; nil otherwise.
    private func fastWholeNumbers(_ open: Int) -> [Int32]? {
        var numbers: [Int32] = []
        // A number takes two bytes at the least, with its separator.
        if json.bytes[open] == UInt8(ascii: "[") { numbers.reserveCapacity((json.arrayEnd(open) - open) / 2) }
        return appendWholeNumbers(open, to: &numbers) == nil ? nil : numbers
    }

    /// Appends the numbers of the array at `open` to `numbers` when it is an array of whole
    /// numbers under 10⁹ in size, and returns the offset after it; nil otherwise (`numbers` then
    /// holds some of them).
    @inline(__always)
    private func appendWholeNumbers(_ open: Int, to numbers: inout [Int32]) -> Int? {
        let bytes = json.bytes
        guard bytes[open] == UInt8(ascii: "[") else { return nil }
        var index = json.skipWhitespace(open + 1)
        if bytes[index] == UInt8(ascii: "]") { return index + 1 }
        while true {
            let end: Int
            if let (n, after) = json.plainInteger(at: index) {
                // Nine digits at most: under 10⁹ in size.
                numbers.append(Int32(n))
                end = after
            } else {
                guard json.kind(at: index) == .number else { return nil }
                let (n, after) = json.numberAndEnd(at: index)
                guard n == n.rounded(), abs(n) < Self.limit else { return nil }
                numbers.append(Int32(n))
                end = after
            }
            index = json.skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// The lists when the value is an array of arrays of whole numbers under 10⁹ in size, flat;
    /// nil otherwise. Read into one array: an array made for each list cost more than its numbers.
    private func fastLists(_ open: Int) -> (starts: [Int32], values: [Int32])? {
        let bytes = json.bytes
        guard bytes[open] == UInt8(ascii: "[") else { return nil }
        var starts: [Int32] = [0], values: [Int32] = []
        values.reserveCapacity((json.arrayEnd(open) - open) / 2)
        var index = json.skipWhitespace(open + 1)
        if bytes[index] == UInt8(ascii: "]") { return (starts, values) }
        while true {
            guard let end = appendWholeNumbers(index, to: &values) else { return nil }
            starts.append(Int32(values.count))
            index = json.skipWhitespace(end)
            if bytes[index] == UInt8(ascii: "]") { return (starts, values) }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// The rectangles `[x, y, width, height]` of the array at `value` (an empty array: nil;
    /// absent: none).
    /// - Throws: naming `path` when it is no array, or the element that is no rectangle, finite
    ///   with a size >= 0.
    func rectangles(_ value: Int, _ path: @autoclosure () -> String) throws(InputError) -> [Rect?] {
        guard value >= 0 else { return [] }
        if let rects = fastRectangles(value) { return rects }
        let json = self.json
        guard json.kind(at: value) == .array else { throw error(path(), "expected an array, got \(json.typeName(at: value))") }
        var rects: [Rect?] = []
        try json.elements(of: value) { (ordinal, row) throws(InputError) in
            let at = "\(path())[\(ordinal)]"
            guard json.kind(at: row) == .array else { throw error(at, "expected an array, got \(json.typeName(at: row))") }
            var numbers: [Double] = []
            try json.elements(of: row) { (item, element) throws(InputError) in
                guard json.kind(at: element) == .number else { throw error("\(at)[\(item)]", "expected a number, got \(json.typeName(at: element))") }
                numbers.append(json.number(at: element))
            }
            guard numbers.isEmpty || (numbers.count == 4 && numbers.allSatisfy(\.isFinite) && numbers[2] >= 0 && numbers[3] >= 0) else {
                throw error(at, "expected [x, y, width, height], finite, the size >= 0")
            }
            rects.append(numbers.isEmpty ? nil : Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        }
        return rects
    }

    /// The rectangles when every element is one (or empty); nil otherwise.
    private func fastRectangles(_ open: Int) -> [Rect?]? {
        let bytes = json.bytes
        guard bytes[open] == UInt8(ascii: "[") else { return nil }
        var rects: [Rect?] = []
        // A rectangle takes ten bytes at the least, with its separator.
        rects.reserveCapacity((json.arrayEnd(open) - open) / 10)
        var index = json.skipWhitespace(open + 1)
        if bytes[index] == UInt8(ascii: "]") { return rects }
        var numbers = (0.0, 0.0, 0.0, 0.0)
        while true {
            guard bytes[index] == UInt8(ascii: "[") else { return nil }
            var item = json.skipWhitespace(index + 1)
            if bytes[item] == UInt8(ascii: "]") {
                rects.append(nil)
                index = item + 1
            } else {
                for slot in 0..<4 {
                    guard json.kind(at: item) == .number else { return nil }
                    let (n, end) = json.numberAndEnd(at: item)
                    switch slot {
                    case 0: numbers.0 = n
                    case 1: numbers.1 = n
                    case 2: numbers.2 = n
                    default: numbers.3 = n
                    }
                    item = json.skipWhitespace(end)
                    guard bytes[item] == (slot == 3 ? UInt8(ascii: "]") : UInt8(ascii: ",")) else { return nil }
                    item = json.skipWhitespace(item + 1)
                }
                // Checked JSON holds finite numbers only.
                guard numbers.2 >= 0, numbers.3 >= 0 else { return nil }
                rects.append(Rect(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3))
                index = item
            }
            index = json.skipWhitespace(index)
            if bytes[index] == UInt8(ascii: "]") { return rects }
            index = json.skipWhitespace(index + 1)
        }
    }

    /// The lists of whole numbers of the array at `value` (absent: none), flat: the numbers of
    /// list `i` are `values[starts[i]..<starts[i + 1]]`.
    /// - Throws: naming `path` when it is no array, or the list or element that is bad.
    func lists(_ value: Int, _ path: @autoclosure () -> String) throws(InputError) -> (starts: [Int32], values: [Int32]) {
        var starts: [Int32] = [0], values: [Int32] = []
        guard value >= 0 else { return (starts, values) }
        if let lists = fastLists(value) { return lists }
        let json = self.json
        guard json.kind(at: value) == .array else { throw error(path(), "expected an array, got \(json.typeName(at: value))") }
        try json.elements(of: value) { (ordinal, row) throws(InputError) in
            values += try wholeNumbers(row, "\(path())[\(ordinal)]")
            starts.append(Int32(values.count))
        }
        return (starts, values)
    }
}
