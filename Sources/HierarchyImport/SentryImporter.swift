import HierarchyModel

/// Reads Sentry's `view-hierarchy.json` (the view-hierarchy RFC): `{"rendering_system", "windows":
/// [{"type", "identifier", "x", "y", "width", "height", "alpha", "visible" | "visibility",
/// "children"}]}`. Where x and y are measured from depends on the SDK: sentry-cocoa writes UIKit
/// frames (points, relative to the superview), sentry-java `View.getX()` (pixels, relative to the
/// parent, divided by the density), sentry-dart global positions (logical pixels, from the screen,
/// left out when not > 0). The windows become the subviews of a synthetic root, the screen.
enum SentryImporter {
    /// How a rendering system places its views.
    struct Geometry {
        var absolute: Bool
        var inPixels: Bool
    }

    static func geometry(_ system: String) -> Geometry {
        switch system.lowercased() {
        case "flutter": Geometry(absolute: true, inPixels: false)
        case "android_view_system", "android", "compose", "jetpack_compose": Geometry(absolute: false, inPixels: true)
        default: Geometry(absolute: false, inPixels: false)
        }
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let objects = try EmbeddedJSON.located(ByteText.utf8(bytes), fileName: fileName, looksLike: DumpDetector.looksLikeSentry)
        let hierarchies = objects.filter { $0.value.isObject && ($0.value["rendering_system"] != nil || $0.value["windows"] != nil) }
        guard !hierarchies.isEmpty else {
            throw InputError(file: fileName, objects.isEmpty ? "no JSON object that looks like one found: expected Sentry's view hierarchy {\"rendering_system\": …, \"windows\": […]}"
                : "no JSON object with \"rendering_system\" or \"windows\": expected Sentry's view hierarchy")
        }
        var (chosen, warnings) = try HierarchyChoice.pick(hierarchies, options: options, fileName: fileName, what: "Sentry view hierarchy")
        let document = chosen.value
        let system = try document.present("rendering_system")?.string(fileName) ?? ""
        let geometry = geometry(system)
        let scale = geometry.inPixels ? density : 1
        if !geometry.inPixels, density != 1 { warnings.append("a \(system.isEmpty ? "view hierarchy" : system) hierarchy is in points: --density is not applied") }
        guard let windows = try document.present("windows")?.elements(fileName), !windows.isEmpty else {
            throw InputError(file: fileName, location: document["windows"] == nil ? nil : "windows", "the view hierarchy holds no window: no views found")
        }
        var notes = Notes()
        var pending = PendingTree()
        var rootNode = ViewNode(className: "Screen", frame: .zero)
        rootNode.extras["rendering_system"] = .string(system)
        pending.add(rootNode, parent: -1, hasOrigin: true, hasSize: false)
        var spans = [chosen.span(of: "")]
        var stack = windows.reversed().map { (object: $0, parent: 0) }
        while let (object, parent) = stack.popLast() {
            guard object.isObject else { throw object.error(fileName, "expected an object, got \(object.value.typeName)") }
            let type = try object.present("type")?.string(fileName)
            if type == "SentryTruncatedViewHierarchy" {
                notes.truncated.append(object.path)
                continue
            }
            let positioning = try object.present("positioning")?.string(fileName)
            let absolute = positioning.map { $0 == "absolute" } ?? geometry.absolute
            let (node, hasOrigin, hasSize) = try self.node(object, type: type, scale: scale, absolute: geometry.absolute, notes: &notes, fileName: fileName)
            if absolute != geometry.absolute, hasOrigin {
                notes.mixedPositioning.append(object.path)
            }
            let index = pending.add(node, parent: parent, hasOrigin: hasOrigin, hasSize: hasSize)
            spans.append(chosen.span(of: object.path))
            if let children = object.present("children") {
                stack.append(contentsOf: try children.elements(fileName).reversed().map { ($0, index) })
            }
        }
        warnings += notes.lines
        return (pending.build(absolute: geometry.absolute, screenScale: scale), warnings, spans)
    }

    /// What was read approximately, told once each with the first path and a count.
    struct Notes {
        var truncated: [String] = []
        var notFinite: [String] = []
        var mixedPositioning: [String] = []

        var lines: [String] {
            var lines: [String] = []
            func tell(_ paths: [String], _ message: String) {
                guard let first = paths.first else { return }
                lines.append("\(first): \(message)" + (paths.count > 1 ? " (and \(paths.count - 1) more)" : ""))
            }
            tell(truncated, "the SDK cut the hierarchy here (SentryTruncatedViewHierarchy: its depth limit); the views below are not in the file")
            tell(notFinite, "a number too large to be a size or position (1e999) read as absent")
            tell(mixedPositioning, "\"positioning\" differs from the rendering system's; read as the rendering system places views")
            return lines
        }
    }

    static func node(_ object: JSONAt, type: String?, scale: Double, absolute: Bool, notes: inout Notes, fileName: String) throws(InputError) -> (ViewNode, Bool, Bool) {
        func number(_ key: String, atLeastZero: Bool) throws(InputError) -> Double? {
            guard let member = object.present(key) else { return nil }
            let value = try member.number(fileName)
            guard value.isFinite else {
                notes.notFinite.append(member.path)
                return nil
            }
            guard !atLeastZero || value >= 0 else { throw member.error(fileName, "expected a number >= 0, got \(DescriptionValue.shown(value))") }
            return value
        }
        let x = try number("x", atLeastZero: false), y = try number("y", atLeastZero: false)
        let width = try number("width", atLeastZero: true), height = try number("height", atLeastZero: true)
        var node = ViewNode(className: type.flatMap { $0.isEmpty ? nil : $0 } ?? "View",
                            frame: Rect(x: (x ?? 0) / scale, y: (y ?? 0) / scale, width: (width ?? 0) / scale, height: (height ?? 0) / scale))
        if let alpha = try number("alpha", atLeastZero: false) {
            guard (0...1).contains(alpha) else { throw object["alpha"]!.error(fileName, "expected a number in [0, 1], got \(DescriptionValue.shown(alpha))") }
            node.alpha = alpha
        }
        if let visible = object.present("visible") { node.isHidden = !(try visible.bool(fileName)) }
        if let visibility = object.present("visibility") {
            let text = try visibility.string(fileName)
            node.isHidden = node.isHidden || text != "visible"
            node.extras["visibility"] = .string(text)
        }
        if let identifier = object.present("identifier")?.value.attributeText, !identifier.isEmpty {
            node.attributes["resource-id"] = identifier
            node.name = identifier
        }
        guard case .object(let members) = object.value else { return (node, false, false) }
        for (key, value) in members where !["type", "identifier", "x", "y", "width", "height", "alpha", "visible", "visibility", "children"].contains(key) && value != .null {
            switch key {
            case "text", "label", "content-desc", "contentDescription":
                if let text = value.attributeText, !text.isEmpty { node.attributes[key == "contentDescription" ? "content-desc" : key] = text }
            case "enabled", "selected", "checked", "focused", "clickable":
                if let text = value.attributeText { node.attributes[key] = text }
            default: node.keepExtra(key, value)
            }
        }
        node.text = node.attributes["text"] ?? node.attributes["label"] ?? node.attributes["content-desc"]
        if node.name == nil { node.name = node.attributes["content-desc"] ?? node.text ?? (try? object.present("tag")?.string(fileName)) ?? nil }
        // Flutter leaves out a position that is not > 0: absent is 0 from the screen's edge, for a
        // widget with a size; one without (no render box) has no position either.
        let hasOrigin = x != nil || y != nil || (absolute && width != nil && height != nil)
        return (node, hasOrigin, width != nil && height != nil)
    }
}
