/// The parts of one view line of a recursiveDescription, still as text:
/// `<UILabel: 0x7fb4…; frame = (182 453; 64.3333 20.3333); text = 'CENTER'; layer = <…>>`.
struct ViewDescription: Equatable {
    /// One `key = value` (or `key: value`, as scroll views append) field.
    struct Field: Equatable {
        var key: String
        var value: String
    }

    /// The number of `|` markers before the view.
    var depth: Int
    var className: String
    /// The object's address (`0x7fb4…`); nil in snapshot-testing output, which strips it.
    var address: String?
    /// The ivar that holds the view, which HOU's recursiveDescription2 prints before it.
    var ivar: String?
    var fields: [Field] = []

    init(depth: Int, className: String, address: String? = nil, ivar: String? = nil, fields: [Field] = []) {
        self.depth = depth
        self.className = className
        self.address = address
        self.ivar = ivar
        self.fields = fields
    }

    /// Splits the first segment, `Class: 0xADDR` or `Class`, at its first top-level `:`.
    init(depth: Int, head: ArraySlice<UInt8>, scanner: DescriptionScanner) {
        var className = head
        var address: String?
        if let colon = scanner.separator(in: head), head[colon] == UInt8(ascii: ":") {
            className = DescriptionScanner.trimmed(head[head.startIndex..<colon])
            let rest = DescriptionScanner.trimmed(head[(colon + 1)...])
            address = rest.isEmpty ? nil : String(decoding: rest, as: UTF8.self)
        }
        self.init(depth: depth, className: String(decoding: className, as: UTF8.self), address: address)
    }

    /// The value of the first field named `key`.
    func field(_ key: String) -> String? {
        fields.first { $0.key == key }?.value
    }
}
