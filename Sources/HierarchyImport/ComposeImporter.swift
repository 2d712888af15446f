import HierarchyModel

/// Reads Jetpack Compose's semantics tree as androidx's `Output.kt` prints it (`printToString`,
/// `printToLog`, and the failure messages of `Errors.kt` that end with nodes): a node a line,
/// `Node #ID at (l=…, t=…, r=…, b=…)px[, Tag: '…']`, its properties on the lines after it
/// (`Key = 'value'`, `[Unit, Unit]`, `Actions = […]`, `MergeDescendants = 'true'`), children
/// under `|-`, three columns a level. Bounds are absolute, in pixels (divided by the density).
/// Found alone or inside any text: a logcat, a failure message, a code comment.
enum ComposeImporter {
    /// One node and what its lines say.
    struct Record {
        var depth: Int
        var id: String
        var bounds: (left: Double, top: Double, right: Double, bottom: Double)
        var tag: String?
        var properties: [(key: String, value: String)] = []
        var units: [String] = []
        var actions: [String] = []
        var line: Int
        /// The last line of its properties, nil while it has none.
        var endLine: Int?
    }

    /// The nodes of one printed tree, and how it was printed.
    struct Printout {
        var records: [Record] = []
        var unmerged: Bool?
        var notes: [String] = []
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let printouts = try ComposeScanner.printouts(SourceLines(bytes), fileName: fileName)
        var (printout, warnings) = try HierarchyChoice.pick(printouts, options: options, fileName: fileName, what: "Compose semantics tree")
        warnings = printout.notes + warnings
        var pending = PendingTree()
        var stack: [(depth: Int, index: Int)] = []
        for record in printout.records {
            while let top = stack.last, top.depth >= record.depth, stack.count > 1 { stack.removeLast() }
            if let top = stack.last, top.depth >= record.depth {
                warnings.append("line \(record.line): node #\(record.id) is no deeper than the first node; attached under it")
            } else if let top = stack.last, record.depth > top.depth + 1 {
                warnings.append("line \(record.line): depth \(record.depth) follows depth \(top.depth); attached under the node above")
            }
            var node = try self.node(record, density: density, fileName: fileName)
            if stack.isEmpty {
                node.extras["rendering_system"] = .string("compose")
                if let unmerged = printout.unmerged { node.extras["useUnmergedTree"] = .bool(unmerged) }
            }
            stack.append((record.depth, pending.add(node, parent: stack.last?.index ?? -1)))
        }
        return (pending.build(absolute: true, screenScale: density), warnings, printout.records.map { SourceSpan(line: $0.line, endLine: $0.endLine) })
    }

    /// Compose roles as class names the audit and the synthesis know (`ViewRole`).
    static let roleClasses: [String: String] = [
        "Button": "Button", "Checkbox": "CheckBox", "Switch": "Switch", "RadioButton": "RadioButton", "Tab": "Tab",
        "Image": "Image", "DropdownList": "Spinner", "ValuePicker": "Picker", "Carousel": "Pager",
    ]

    /// The class a node is shown as: its role, else what its properties make it.
    static func className(_ values: [String: String], actions: [String]) -> String {
        if let role = values["Role"] { return roleClasses[role] ?? role }
        if values["EditableText"] != nil || actions.contains("SetText") { return "TextField" }
        if values["ProgressBarRangeInfo"] != nil { return "ProgressBar" }
        if values["VerticalScrollAxisRange"] != nil || values["HorizontalScrollAxisRange"] != nil || actions.contains("ScrollBy") { return "ScrollView" }
        if values["Text"] != nil { return "Text" }
        return "Node"
    }

    static func node(_ record: Record, density: Double, fileName: String) throws(InputError) -> ViewNode {
        let (l, t, r, b) = record.bounds
        guard r >= l, b >= t else {
            throw InputError(file: fileName, location: "line \(record.line)", "node #\(record.id) at (l=\(l), t=\(t), r=\(r), b=\(b)): expected r >= l and b >= t")
        }
        var values: [String: String] = [:]
        for (key, value) in record.properties where values[key] == nil { values[key] = value }
        let frame = Rect(x: l / density, y: t / density, width: (r - l) / density, height: (b - t) / density)
        var node = ViewNode(className: className(values, actions: record.actions), frame: frame)
        node.extras["semantics-id"] = .string(record.id)
        node.attributes = attributes(values, units: record.units, actions: record.actions, tag: record.tag)
        let text = values["EditableText"] ?? values["Text"].map(listText)
        node.text = text.flatMap { $0.isEmpty ? nil : $0 }
        node.name = node.attributes["content-desc"] ?? node.text ?? record.tag
        for (key, value) in record.properties where !shownKeys.contains(key) { node.keepExtra(key, .string(value)) }
        // A text field shows its EditableText; its Text (the label) is what `hasText` reads too.
        if values["EditableText"] != nil, let label = values["Text"].map(listText), !label.isEmpty { node.keepExtra("Text", .string(label)) }
        for unit in record.units where !["Disabled", "Password"].contains(unit) { node.keepExtra(unit, .bool(true)) }
        if !record.actions.isEmpty { node.extras["actions"] = .string(record.actions.joined(separator: ", ")) }
        return node
    }

    /// The properties read into the view itself rather than kept as extras.
    static let shownKeys: Set<String> = ["Text", "EditableText", "ContentDescription", "Role", "Selected", "Focused", "ToggleableState"]

    /// The attributes a UI test and the audit read, under uiautomator's names.
    static func attributes(_ values: [String: String], units: [String], actions: [String], tag: String?) -> ViewAttributes {
        var attributes = ViewAttributes()
        if let description = values["ContentDescription"].map(listText), !description.isEmpty { attributes["content-desc"] = description }
        if let tag { attributes["resource-id"] = tag }
        attributes["clickable"] = actions.contains("OnClick") ? "true" : "false"
        attributes["long-clickable"] = actions.contains("OnLongClick") ? "true" : "false"
        attributes["focusable"] = values["Focused"] != nil || actions.contains("RequestFocus") ? "true" : "false"
        attributes["focused"] = values["Focused"] == "true" ? "true" : "false"
        attributes["enabled"] = units.contains("Disabled") ? "false" : "true"
        if let selected = values["Selected"] { attributes["selected"] = selected }
        if let state = values["ToggleableState"] {
            attributes["checkable"] = "true"
            attributes["checked"] = state == "On" ? "true" : "false"
        }
        attributes["scrollable"] = actions.contains("ScrollBy") ? "true" : "false"
        if units.contains("Password") { attributes["password"] = "true" }
        return attributes
    }

    /// `[a, b]` (a Kotlin list's `toString`) without its brackets.
    static func listText(_ value: String) -> String {
        value.hasPrefix("[") && value.hasSuffix("]") ? String(value.dropFirst().dropLast()) : value
    }
}
