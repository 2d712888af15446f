import HierarchyModel

/// Reads Flutter's semantics tree (`debugDumpSemanticsTree`, `SemanticsNode.toStringDeep`;
/// semantics/semantics.dart's `debugFillProperties`): a `SemanticsNode#N` a node, its rect
/// `Rect.fromLTRB(l, t, r, b)` in its parent's coordinates, followed by ` scaled by 3.0x` or
/// ` with transform [[row]; …]` when its transform to the parent is a scale or another matrix (a
/// translation is already added to the rect). The root is the view in physical pixels; the first
/// scale under it is the device pixel ratio, which turns the tree into logical pixels (points).
/// The one-line format of versions before 2017 (`SemanticsNode(2; Rect.fromLTRB(…); canBeTapped)`)
/// is read too (`DiagnosticsTree.legacySemanticsTrees`).
enum FlutterSemanticsImporter {
    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let source = SourceLines(bytes)
        var trees = DiagnosticsTree.trees(source, roots: ["SemanticsNode"])
        if trees.isEmpty { trees = DiagnosticsTree.legacySemanticsTrees(source) }
        var (tree, warnings) = try HierarchyChoice.pick(trees, options: options, fileName: fileName, what: "Flutter semantics tree")
        warnings = tree.notes + warnings
        // Each node's transform to the root's coordinates (physical pixels), parents first.
        var toRoot = [Transform2D](repeating: .identity, count: tree.nodes.count)
        var rects = [Rect?](repeating: nil, count: tree.nodes.count)
        for index in tree.nodes.indices {
            let (rect, transform) = try geometry(tree, index, fileName: fileName, warnings: &warnings)
            toRoot[index] = tree.nodes[index].parent < 0 ? transform : toRoot[tree.nodes[index].parent].concatenating(after: transform)
            rects[index] = rect.map { toRoot[index].boundingBox(of: $0) }
        }
        let ratio = pixelRatio(tree) ?? density
        let merged = mergedFlags(tree)
        var pending = PendingTree()
        for (index, node) in tree.nodes.enumerated() {
            var view = self.node(node, tree: tree, index: index, merged: merged[index])
            if let rect = rects[index] { view.frame = Rect(x: rect.x / ratio, y: rect.y / ratio, width: rect.width / ratio, height: rect.height / ratio) }
            pending.add(view, parent: node.parent, hasOrigin: rects[index] != nil, hasSize: rects[index] != nil)
        }
        if let missing = rects.firstIndex(where: { $0 == nil }) {
            warnings.append("line \(tree.nodes[missing].line): a node without a rect spans its children")
        }
        return (pending.build(absolute: true, screenScale: ratio), warnings, tree.nodes.map(\.span))
    }

    /// The scale of the root's first child that is scaled: the device pixel ratio.
    static func pixelRatio(_ tree: DiagnosticsTree) -> Double? {
        tree.nodes.indices.lazy.filter { tree.nodes[$0].parent == 0 }.compactMap { rectProperty(tree, $0).flatMap { scale($0.text) } }.first
    }

    /// The node's `Rect.fromLTRB(…)` line.
    static func rectProperty(_ tree: DiagnosticsTree, _ index: Int) -> (text: String, line: Int)? {
        tree.nodes[index].properties.first { $0.text.hasPrefix("Rect.fromLTRB(") }
    }

    /// The factor of `… scaled by 3.0x`, when it is a number > 0.
    static func scale(_ text: String) -> Double? {
        guard let range = text.range(of: " scaled by "), let value = Double(text[range.upperBound...].prefix { $0 != "x" }),
              value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The node's rect and its transform to the parent.
    static func geometry(_ tree: DiagnosticsTree, _ index: Int, fileName: String, warnings: inout [String]) throws(InputError) -> (Rect?, Transform2D) {
        guard let property = rectProperty(tree, index) else { return (nil, .identity) }
        guard let numbers = DiagnosticsTree.numbers(after: "Rect.fromLTRB(", in: property.text), numbers.count == 4, numbers[2] >= numbers[0], numbers[3] >= numbers[1] else {
            throw InputError(file: fileName, location: "line \(property.line)", "'\(excerpt(property.text))': expected Rect.fromLTRB(left, top, right, bottom) with right >= left and bottom >= top")
        }
        let rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
        if property.text.contains(" scaled by ") {
            guard let scale = scale(property.text) else {
                throw InputError(file: fileName, location: "line \(property.line)", "'\(excerpt(property.text))': expected scaled by a number > 0")
            }
            return (rect, Transform2D(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
        }
        if let matrix = property.text.range(of: " with transform ") {
            let transform = try Transform2D.matrix4Rows(String(property.text[matrix.upperBound...]), line: property.line, fileName: fileName)
            if transform.rotatesOrSkews {
                warnings.append("line \(property.line): node \(tree.nodes[index].description) is rotated or skewed: its frame is its bounding box")
            }
            return (rect, transform)
        }
        return (rect, .identity)
    }

    /// The class a node is shown as, from its flags.
    static func className(flags: Set<String>, hasLabel: Bool) -> String {
        if flags.contains("isTextField") { return flags.contains("isObscured") ? "SecureTextField" : "TextField" }
        if flags.contains("isButton") { return "Button" }
        if flags.contains("hasToggledState") { return "Switch" }
        if flags.contains("hasCheckedState") { return flags.contains("isInMutuallyExclusiveGroup") ? "RadioButton" : "CheckBox" }
        if flags.contains("isSlider") { return "Slider" }
        if flags.contains("isLink") { return "Link" }
        if flags.contains("isImage") { return "Image" }
        if flags.contains("hasImplicitScrolling") { return "ScrollView" }
        return hasLabel ? "Text" : "SemanticsNode"
    }

    /// The flags each node takes from the nodes `merged up ⬆️` into it (a button's tap target
    /// merged into the node that carries its tooltip), as Flutter merges them for a screen reader.
    static func mergedFlags(_ tree: DiagnosticsTree) -> [Set<String>] {
        var merged = [Set<String>](repeating: [], count: tree.nodes.count)
        for index in tree.nodes.indices.reversed() where tree.nodes[index].parent >= 0 {
            guard tree.nodes[index].properties.contains(where: { $0.text.hasPrefix("merged up") }) else { continue }
            merged[tree.nodes[index].parent].formUnion(merged[index].union(flagList(tree, index)))
        }
        return merged
    }

    /// The node's `flags:`, each without the marks Flutter adds (`🚫️` on a blocked action).
    static func flagList(_ tree: DiagnosticsTree, _ index: Int, key: String = "flags") -> [String] {
        guard let text = tree.value(key, of: index) else { return [] }
        return text.split(separator: ",").map { String($0.trimmingSpaces.filter { $0.isLetter || $0.isNumber || $0 == "_" }) }.filter { !$0.isEmpty }
    }

    /// The view of one node: its flags (and those merged into it) as class and states, its strings
    /// as attributes.
    static func node(_ node: DiagnosticsTree.Node, tree: DiagnosticsTree, index: Int, merged: Set<String> = []) -> ViewNode {
        func string(_ key: String) -> String? { tree.value(key, of: index).map(DiagnosticsTree.unquoted).flatMap { $0.isEmpty ? nil : $0 } }
        let flags = Set(flagList(tree, index)).union(merged), actions = flagList(tree, index, key: "actions")
        let label = string("label") ?? string("tooltip")
        // A node merged up is part of its ancestor's element, not one a screen reader stops at.
        let mergedUp = node.properties.contains { $0.text.hasPrefix("merged up") }
        var view = ViewNode(className: mergedUp ? "SemanticsNode" : className(flags: flags, hasLabel: label != nil), frame: .zero)
        if mergedUp { view.attributes["accessible"] = "false" }
        view.extras["semantics-id"] = .string(String(node.description.drop { $0 != "#" }.dropFirst()))
        for (key, attribute) in [("identifier", "identifier"), ("value", "value"), ("hint", "hint"), ("tooltip", "tooltip")] {
            if let value = string(key) { view.attributes[attribute] = value }
        }
        if let label { view.attributes["label"] = label }
        view.attributes["enabled"] = flags.contains("hasEnabledState") && !flags.contains("isEnabled") ? "false" : "true"
        if flags.contains("isSelected") { view.attributes["selected"] = "true" }
        if flags.contains("hasCheckedState") || flags.contains("hasToggledState") {
            view.attributes["checked"] = flags.contains("isChecked") || flags.contains("isToggled") ? "true" : "false"
        }
        if flags.contains("isFocused") { view.attributes["focused"] = "true" }
        view.isHidden = node.properties.contains { $0.text == "HIDDEN" }
        view.text = view.className.hasSuffix("TextField") ? string("value") ?? string("hint") : label ?? string("value")
        view.name = string("identifier") ?? label
        if !flags.isEmpty { view.extras["flags"] = .string(flags.sorted().joined(separator: ", ")) }
        if !actions.isEmpty { view.extras["actions"] = .string(actions.joined(separator: ", ")) }
        for property in node.properties where !property.text.hasPrefix("Rect.fromLTRB(") {
            let key = property.text.prefix { $0 != ":" }
            guard !["flags", "actions", "label", "value", "hint", "tooltip", "identifier"].contains(String(key)) else { continue }
            if key.count < property.text.count {
                view.keepExtra(String(key), .string(String(property.text.dropFirst(key.count + 1).trimmingSpaces)))
            } else {
                view.keepExtra(property.text, .bool(true))
            }
        }
        return view
    }

    static func excerpt(_ text: String) -> String { text.count > 60 ? String(text.prefix(57)) + "..." : text }
}
