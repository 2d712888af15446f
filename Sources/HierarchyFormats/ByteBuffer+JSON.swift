extension ByteBuffer {
    /// Appends `JSONText.number(value)`, written in place.
    public mutating func append(number value: Double) {
        // 32 bytes hold any spelling ("-2.2250738585072014e-308" is the longest, 24).
        if let written = JSONText.spell(value, into: room(for: 32)) { return commit(written) }
        var text = value.description
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `JSONText.string(value)`: copied as it is between quotes when nothing in it needs
    /// an escape (a view's id or class nearly always).
    public mutating func append(jsonString value: String) {
        var text = value
        text.withUTF8 { utf8 in
            guard !utf8.contains(where: JSONText.needsEscape) else {
                var escaped: [UInt8] = []
                JSONText.append(string: value, to: &escaped)
                return escaped.withUnsafeBytes { append($0) }
            }
            let start = room(for: utf8.count + 2)
            start[0] = UInt8(ascii: "\"")
            if let source = utf8.baseAddress { (start + 1).update(from: source, count: utf8.count) }
            start[utf8.count + 1] = UInt8(ascii: "\"")
            commit(utf8.count + 2)
        }
    }
}
