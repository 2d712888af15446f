/// Recognises a dump's format from its first bytes, without parsing it.
enum DumpDetector {
    /// The format of `bytes`, or nil when it is none of them (JSON, prose, an empty file).
    static func detect(_ bytes: [UInt8]) -> DumpFormat? {
        let text = ByteText(bytes)
        guard let first = text.firstSignificantByte else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return jsonFormat(text) }
        if first == UInt8(ascii: "<"), let root = rootElementName(text) {
            if root == "hierarchy" { return .uiautomator }
            if root == "AppiumAUT" || root.hasPrefix("XCUIElementType") { return .appium }
            if root == "ViewHierarchy" { return .detox }
        }
        // The text dumps found inside other text (a log, a JUnit XML report): by their markers.
        if text.contains("Element subtree:") { return .xcuitest }
        if looksLikeEspresso(text) { return .espresso }
        if looksLikeCompose(text) { return .compose }
        if let flutter = flutterFormat(text) { return flutter }
        // Detox's XML alone, in a failure message, or escaped in a JUnit report's <failure>.
        if text.contains("<ViewHierarchy>") || text.contains("<ViewHierarchy ") || text.contains("&lt;ViewHierarchy") { return .detox }
        if looksLikeDumpsys(text) { return .dumpsys }
        if text.startsWith("<?xml") { return guessXML(text) }
        if looksLikeRecursiveDescription(text) { return .recursiveDescription }
        if let json = embeddedJSONFormat(text) { return json }
        if XCUITestImporter.headerlessStart(text) != nil { return .xcuitest }
        return nil
    }

    /// Some line holds a Compose node: `Node #12 at (l=`.
    private static func looksLikeCompose(_ text: ByteText) -> Bool {
        var search = text.bytes[...]
        while let at = ByteText.find(Array("Node #".utf8), in: search) {
            var index = at + 6
            while index < text.bytes.count, text.bytes[index] >= 0x30, text.bytes[index] <= 0x39 { index += 1 }
            if index > at + 6, text.bytes[index...].starts(with: " at (l=".utf8) { return true }
            search = text.bytes[(at + 6)...]
        }
        return false
    }

    /// Flutter's render tree (a `RenderView#` with a `size: Size(`) or semantics tree (a
    /// `SemanticsNode#` with a `Rect.fromLTRB(`); the render tree names semantics nodes too.
    private static func flutterFormat(_ text: ByteText) -> DumpFormat? {
        if text.contains("RenderView"), text.contains("size: Size(") && text.contains("parentData: ") { return .flutterRender }
        if text.contains("SemanticsNode#") || text.contains("SemanticsNode("), text.contains("Rect.fromLTRB(") { return .flutterSemantics }
        return nil
    }

    /// A JSON document: Sentry's or Maestro's by their keys near the start; nil for anything else
    /// (a view-hierarchy document).
    private static func jsonFormat(_ text: ByteText) -> DumpFormat? {
        let start = text.significantStart
        let window = text.bytes[start..<min(text.bytes.count, start + 65_536)]
        if looksLikeWebDOM(window) { return .webDOM }
        if looksLikeCDPSnapshot(window) { return .cdpSnapshot }
        if looksLikeSentry(window) { return .sentry }
        if looksLikeMaestro(window) { return .maestro }
        return nil
    }

    /// A line starting with `{` after other lines (Maestro's `Running on …`, a console log, a
    /// message around a DOM snapshot).
    private static func embeddedJSONFormat(_ text: ByteText) -> DumpFormat? {
        var lineStart = true
        for (offset, byte) in text.bytes.enumerated() {
            if byte == 0x0A { lineStart = true; continue }
            if lineStart, byte == UInt8(ascii: "{") {
                let window = text.bytes[offset..<min(text.bytes.count, offset + 65_536)]
                if looksLikeSentry(window) { return .sentry }
                if looksLikeMaestro(window) { return .maestro }
                if looksLikeCDPSnapshot(window) { return .cdpSnapshot }
            }
            if !ByteText.isSpace(byte) { lineStart = false }
        }
        return nil
    }

    /// The web capture's document: its header's `"hierarchy-web-dom"` key, which its first line holds.
    static func looksLikeWebDOM(_ window: ArraySlice<UInt8>) -> Bool {
        let firstLine = window.prefix { $0 != 0x0A }
        return ByteText.find(Array("\"hierarchy-web-dom\"".utf8), in: firstLine) != nil
    }

    /// Chromium's DOM snapshot: `"documents"`, and a document's `"layout"` or `"nodes"`, near the start.
    static func looksLikeCDPSnapshot(_ window: ArraySlice<UInt8>) -> Bool {
        guard ByteText.find(Array("\"documents\"".utf8), in: window) != nil else { return false }
        return ByteText.find(Array("\"layout\"".utf8), in: window) != nil || ByteText.find(Array("\"nodes\"".utf8), in: window) != nil
    }

    /// Sentry's view hierarchy: `"rendering_system"` or `"windows"`, and not tree.json's `"version"`
    /// or `"frame"` (a document imported from Sentry, its keys sorted, has its version last).
    static func looksLikeSentry(_ window: ArraySlice<UInt8>) -> Bool {
        // A view-hierarchy document imported from Sentry keeps `rendering_system` among its extras.
        guard ByteText.find(Array("\"version\"".utf8), in: window) == nil, ByteText.find(Array("\"frame\"".utf8), in: window) == nil else { return false }
        return ByteText.find(Array("\"rendering_system\"".utf8), in: window) != nil || ByteText.find(Array("\"windows\"".utf8), in: window) != nil
    }

    /// Maestro's hierarchy: `"attributes"` and `"bounds"` written as a string (`"[l,t][r,b]"`), or a
    /// root of empty attributes with children; tree.json's bounds are objects and it has a `"version"`.
    static func looksLikeMaestro(_ window: ArraySlice<UInt8>) -> Bool {
        guard ByteText.find(Array("\"attributes\"".utf8), in: window) != nil,
              ByteText.find(Array("\"version\"".utf8), in: window) == nil else { return false }
        var search = window
        while let at = ByteText.find(Array("\"bounds\"".utf8), in: search) {
            var index = at + 8
            while index < window.endIndex, ByteText.isSpace(window[index]) || window[index] == UInt8(ascii: ":") { index += 1 }
            if index + 1 < window.endIndex, window[index] == UInt8(ascii: "\""), window[index + 1] == UInt8(ascii: "[") { return true }
            search = window[(at + 8)...]
        }
        return ByteText.find(Array("\"children\"".utf8), in: window) != nil && ByteText.find(Array("\"frame\"".utf8), in: window) == nil
    }

    /// A line that starts an Espresso record: `+>Class{` or `+--->{` (escaped `+&gt;` in XML).
    private static func looksLikeEspresso(_ text: ByteText) -> Bool {
        for marker in ["+>", "+->", "+&gt;"] {
            var search = text.bytes[...]
            while let at = ByteText.find(Array(marker.utf8), in: search) {
                let lineEnd = text.bytes[at...].firstIndex(of: 0x0A) ?? text.bytes.endIndex
                let line = text.bytes[at..<lineEnd]
                if let brace = line.firstIndex(of: UInt8(ascii: "{")), ByteText.find(Array("=".utf8), in: line[brace...]) != nil,
                   line[line.startIndex..<brace].allSatisfy({ $0 != 0x20 }) {
                    return true
                }
                search = text.bytes[(at + marker.utf8.count)...]
            }
        }
        return false
    }

    /// `dumpsys activity top`'s views: a line (among the first 4,000) that starts with what
    /// `View.toString` writes, `Class{hash V.E...... ........ 0,0-1080,2094…}`, after its indentation.
    private static func looksLikeDumpsys(_ text: ByteText) -> Bool {
        for line in text.bytes.split(separator: 0x0A, maxSplits: 4_000, omittingEmptySubsequences: true).prefix(4_000)
        where line.contains(UInt8(ascii: "{")) && line.contains(UInt8(ascii: "-")) {
            let string = Substring(String(decoding: line, as: UTF8.self)).trimmingSuffix { $0 == "\r" }
            if ((try? DumpsysViewLine.parse(string)) ?? nil)?.bounds != nil { return true }
        }
        return false
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
