/// Recognises a dump's format from its first bytes, without parsing it.
enum DumpDetector {
    /// The format of `bytes`, or nil when it is none of them (JSON, prose, an empty file).
    static func detect(_ bytes: [UInt8]) -> DumpFormat? {
        let text = ByteText(bytes)
        guard let first = text.firstSignificantByte, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return nil }
        if first == UInt8(ascii: "<"), let root = rootElementName(text) {
            if root == "hierarchy" { return .uiautomator }
            if root == "AppiumAUT" || root.hasPrefix("XCUIElementType") { return .appium }
        }
        if text.startsWith("<?xml") { return guessXML(text) }
        return looksLikeRecursiveDescription(text) ? .recursiveDescription : nil
    }

    /// An XML document whose root we do not know: judged by what its elements carry.
    private static func guessXML(_ text: ByteText) -> DumpFormat? {
        if text.contains("XCUIElementType") { return .appium }
        if text.contains("bounds=\"[") || text.contains("bounds='[") { return .uiautomator }
        return nil
    }

    /// Some line holds a view description with a frame: `<UIView: 0x…; frame = (…`.
    private static func looksLikeRecursiveDescription(_ text: ByteText) -> Bool {
        for line in text.lines {
            guard let open = line.firstIndex(of: UInt8(ascii: "<")) else { continue }
            if ByteText.find(Array("frame = (".utf8), in: line[open...]) != nil { return true }
        }
        return false
    }

    /// The name of the first element after the XML declaration, comments and doctype; nil when
    /// the text does not start like XML (a recursiveDescription line `<UIView: 0x…` is no element).
    static func rootElementName(_ text: ByteText) -> String? {
        var index = text.significantStart
        let bytes = text.bytes
        while index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            guard next == UInt8(ascii: "?") || next == UInt8(ascii: "!") else { return elementName(bytes, at: index + 1) }
            let closer = next == UInt8(ascii: "!") && text.startsWith("<!--", at: index) ? "-->" : ">"
            guard let end = ByteText.find(Array(closer.utf8), in: bytes[index...]) else { return nil }
            index = ByteText.skipSpace(bytes, from: end + closer.utf8.count)
        }
        return nil
    }

    /// A tag name followed by what may follow one in XML (space, `>` or `/`).
    private static func elementName(_ bytes: [UInt8], at start: Int) -> String? {
        var end = start
        while end < bytes.count, !ByteText.isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") {
            end += 1
        }
        guard end > start, end < bytes.count else { return nil }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        return name.hasSuffix(":") || name.hasSuffix(";") ? nil : name
    }
}
