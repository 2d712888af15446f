extension TreeDocument {
    /// The line on which each view's object opens in a view-hierarchy document, in the order the
    /// views appear (the tree's pre-order), for reports that point into the file (SARIF). A view is
    /// the value of the top-level `root`, or an element of a view's `children`. The bytes are
    /// assumed to be a document `decode` accepted; anything else gives fewer lines, never a crash.
    public static func viewLines(_ bytes: [UInt8]) -> [Int] {
        // One open container: whether it is an object, whether it is a view (object) or a view's
        // `children` (array), and for objects the last key read.
        struct Open { var isObject: Bool; var holdsViews: Bool; var key: [UInt8] = []; var expectKey = true }
        var stack: [Open] = []
        var lines: [Int] = []
        var line = 1
        var i = 0
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case newline: line += 1
            case quote:
                var j = i + 1
                var text: [UInt8] = []
                while j < bytes.count && bytes[j] != quote {
                    if bytes[j] == backslash { j += 1 } else { text.append(bytes[j]) }
                    if j < bytes.count && bytes[j] == newline { line += 1 }
                    j += 1
                }
                if let top = stack.last, top.isObject, top.expectKey {
                    stack[stack.count - 1].key = text
                    stack[stack.count - 1].expectKey = false
                }
                i = j
            case UInt8(ascii: ","):
                if let top = stack.last, top.isObject { stack[stack.count - 1].expectKey = true }
            case UInt8(ascii: "{"):
                var isView = false
                if let top = stack.last {
                    isView = top.isObject ? (stack.count == 1 && top.key == Array("root".utf8)) : top.holdsViews
                }
                if isView { lines.append(line) }
                stack.append(Open(isObject: true, holdsViews: isView))
            case UInt8(ascii: "["):
                let children = stack.last.map { $0.isObject && $0.holdsViews && $0.key == Array("children".utf8) } ?? false
                stack.append(Open(isObject: false, holdsViews: children))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
            default: break
            }
            i += 1
        }
        return lines
    }
}
