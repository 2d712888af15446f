import HierarchyModel

/// Reads Detox's `<ViewHierarchy>` XML (`device.generateViewHierarchyXml()`, and the
/// `View Hierarchy:` of a failure message at verbose log level), alone or inside any text. One
/// element a view, named after its class's simple name, with `class`, `width`, `height`, `x`, `y`,
/// `visibility`, `alpha`, `focused`, `label`, `value`, `text`, `id` (the test id), `tag`.
/// Where `x` and `y` are measured from depends on the platform (wix/Detox's generators):
/// - Android (`ViewHierarchyGenerator.kt`): `View.getLocationInWindow`, absolute in the window, in
///   pixels, like `width` and `height`; divided by the root's `density` (current versions) or
///   `--density`.
/// - iOS (`ViewHierarchyGenerator.swift`): `convert(bounds.origin, to: superview)`, relative to
///   the superview, in points; a window has none (at the screen's origin).
/// The windows become the subviews of a synthetic root `ViewHierarchy` that spans them.
enum DetoxImporter {
    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let (document, notes) = try extract(bytes, fileName: fileName)
        let markup = try MarkupTree.parse(document, fileName: fileName)
        guard markup.root.name == "ViewHierarchy" else {
            throw markup.root.error(fileName, "<\(markup.root.name)>: expected <ViewHierarchy>")
        }
        let android = isAndroid(markup)
        var density = 1.0
        if android {
            density = try markup.root.attributes["density"] != nil ? markup.root.number("density", fileName: fileName) : options.checkedDensity()
            guard density > 0 else { throw markup.root.error(fileName, "density='\(markup.root.attributes["density"] ?? "")': expected a number > 0") }
        }
        var root = ViewNode(className: "ViewHierarchy", frame: .zero)
        root.extras["rendering_system"] = .string(android ? "android_view_system" : "uikit")
        var pending = PendingTree()
        pending.add(root, parent: -1, hasOrigin: true, hasSize: false)
        var spans = [markup.root.span(0)]
        var stack = markup.root.children.reversed().map { (element: $0, parent: 0) }
        var webViews: [Int] = []
        while let (element, parent) = stack.popLast() {
            let (node, hasOrigin) = try self.node(markup[element], android: android, density: density, fileName: fileName)
            if node.className.hasSuffix("WebView") { webViews.append(markup[element].line) }
            let index = pending.add(node, parent: parent, hasOrigin: hasOrigin, hasSize: true)
            spans.append(markup[element].span(element))
            stack.append(contentsOf: markup[element].children.reversed().map { ($0, index) })
        }
        guard pending.count > 1 else { throw markup.root.error(fileName, "<ViewHierarchy> holds no view: no views found") }
        var warnings = notes + markup.notes
        if let first = webViews.first { warnings.append("line \(first): a web view's page (its HTML) is not read as views") }
        return (pending.build(absolute: android, screenScale: density), warnings, spans)
    }

    /// Android's hierarchy: its root has a `density`, or a class is Android's.
    static func isAndroid(_ markup: MarkupTree) -> Bool {
        markup.root.attributes["density"] != nil || markup.elements.contains { element in
            let name = element.attributes["class"] ?? ""
            return name.hasPrefix("android.") || name.hasPrefix("androidx.") || name.contains(".android.") || name.hasPrefix("com.facebook.react.")
        }
    }

    /// The view of one element.
    static func node(_ element: MarkupTree.Element, android: Bool, density: Double, fileName: String) throws(InputError) -> (ViewNode, Bool) {
        func number(_ key: String, atLeastZero: Bool) throws(InputError) -> Double? {
            element.attributes[key] == nil ? nil : try element.number(key, fileName: fileName, atLeastZero: atLeastZero)
        }
        let x = try number("x", atLeastZero: false), y = try number("y", atLeastZero: false)
        let width = try number("width", atLeastZero: true) ?? 0, height = try number("height", atLeastZero: true) ?? 0
        let frame = Rect(x: (x ?? 0) / density, y: (y ?? 0) / density, width: width / density, height: height / density)
        var node = ViewNode(className: element.text("class") ?? element.name, frame: frame)
        let label = element.text("label").flatMap { $0 == "null" ? nil : $0 }
        let testID = element.text("testID") ?? element.text("id")
        if android {
            if let id = element.text("id") { node.attributes["resource-id"] = id }
            if let id = element.text("testID") { node.attributes["testID"] = id }
            if let label { node.attributes["content-desc"] = label }
        } else {
            if let id = element.text("id") { node.attributes["identifier"] = id }
            if let label { node.attributes["label"] = label }
        }
        if let value = element.text("value") { node.attributes["value"] = value }
        if let focused = element.text("focused") { node.attributes["focused"] = focused }
        node.text = element.text("text") ?? label
        node.name = testID ?? label ?? element.text("text")
        node.isHidden = (element.text("visibility") ?? "visible") != "visible"
        if let alpha = element.text("alpha").flatMap(Double.init), alpha.isFinite { node.alpha = min(max(alpha, 0), 1) }
        if let tag = element.extra("tag", numeric: ["tag"]) { node.keepExtra("tag", tag) }
        return (node, x != nil && y != nil)
    }

    /// The `<ViewHierarchy>` document inside `bytes` (a failure message, a log, a JUnit report
    /// that escaped it): everything around it blanked, line breaks kept so that lines stay the
    /// file's.
    static func extract(_ bytes: [UInt8], fileName: String) throws(InputError) -> ([UInt8], [String]) {
        var bytes = bytes, notes: [String] = []
        if ByteText.find(Array("<ViewHierarchy".utf8), in: bytes[...]) == nil, ByteText.find(Array("&lt;ViewHierarchy".utf8), in: bytes[...]) != nil {
            let text = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: { $0.isLineFeed })
            bytes = Array(text.map { SourceLines.decodeXML($0).joined(separator: "\n") }.joined(separator: "\n").utf8)
            notes.append("the view hierarchy was escaped (a report's XML): read unescaped, lines counted after decoding")
        }
        guard let open = ByteText.find(Array("<ViewHierarchy".utf8), in: bytes[...]) else {
            throw InputError(file: fileName, "no Detox <ViewHierarchy> found")
        }
        var start = open
        // The XML declaration just before it, when there is one.
        if let declaration = bytes[..<open].lastIndexOfSequence(Array("<?xml".utf8)),
           bytes[declaration..<open].filter({ $0 == UInt8(ascii: "\n") }).count <= 2 {
            start = declaration
        }
        let closing = Array("</ViewHierarchy>".utf8)
        var end = bytes.count
        if let close = ByteText.find(closing, in: bytes[open...]) {
            end = close + closing.count
        } else if let selfClosing = ByteText.find(Array("/>".utf8), in: bytes[open...]), !bytes[open..<selfClosing].contains(UInt8(ascii: ">")) {
            end = selfClosing + 2
        }
        if !ByteText(Array(bytes[..<start])).isBlank || !ByteText(Array(bytes[end...])).isBlank {
            notes.append("the text around the view hierarchy (lines before \(lineNumber(bytes, start)) and after \(lineNumber(bytes, max(start, end - 1)))) was skipped")
        }
        for index in bytes.indices where (index < start || index >= end) && bytes[index] != UInt8(ascii: "\n") { bytes[index] = 0x20 }
        return (bytes, notes)
    }
}

/// The line (from 1) of the byte at `offset`.
private func lineNumber(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[..<offset].filter { $0 == UInt8(ascii: "\n") }.count + 1
}

extension ArraySlice where Element == UInt8 {
    /// The start of the last occurrence of `needle`.
    func lastIndexOfSequence(_ needle: [UInt8]) -> Int? {
        guard needle.count <= count else { return nil }
        var index = endIndex - needle.count
        while index >= startIndex {
            if self[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
