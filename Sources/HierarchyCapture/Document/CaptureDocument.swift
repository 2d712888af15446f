import HierarchyModel

/// Writes a capture as the view-hierarchy document, version 1 (`docs/view-hierarchy.md`):
/// one view a line, keys in the documentation's order, defaults left out, numbers that round-trip,
/// without recursion. The library's own small writer: the package's full reader and writer
/// (`HierarchyFormats`) link libpng, which an app cannot take.
public enum CaptureDocument {
    /// The document's text for `views` (in pre-order, `views[0]` the root).
    public static func text(_ views: [CapturedView], screenScale: Double) -> String {
        var out = "{\"version\": 1, \"screenScale\": \(number(screenScale)), \"root\":\n"
        // Each step either opens a view or closes the children array it opened.
        enum Step { case open(Int, level: Int, last: Bool), close(level: Int, last: Bool) }
        var steps: [Step] = [.open(0, level: 1, last: true)]
        while let step = steps.popLast() {
            switch step {
            case .open(let index, let level, let last):
                let view = views[index]
                out += indent(level) + "{" + properties(of: view).map { string($0.0) + ": " + $0.1 }.joined(separator: ", ")
                if view.children.isEmpty {
                    out += last ? "}\n" : "},\n"
                } else {
                    out += ", \"children\": [\n"
                    steps.append(.close(level: level, last: last))
                    for (i, child) in view.children.enumerated().reversed() {
                        steps.append(.open(child, level: level + 1, last: i == view.children.count - 1))
                    }
                }
            case .close(let level, let last):
                out += indent(level) + (last ? "]}\n" : "]},\n")
            }
        }
        return out + "}\n"
    }

    /// A view's own keys (not its children) as JSON text, in documentation order, defaults left out.
    static func properties(of view: CapturedView) -> [(String, String)] {
        var keys: [(String, String)] = [("id", string(view.id))]
        if view.className != "View" { keys.append(("class", string(view.className))) }
        if let name = view.name { keys.append(("name", string(name))) }
        if let text = view.text { keys.append(("text", string(text))) }
        if let controller = view.viewController {
            var object = "{\"class\": " + string(controller.className)
            if let title = controller.title { object += ", \"title\": " + string(title) }
            keys.append(("viewController", object + "}"))
        }
        if view.tag != 0 { keys.append(("tag", String(view.tag))) }
        keys.append(("frame", rect(view.frame)))
        if view.bounds != Rect(x: 0, y: 0, width: view.frame.width, height: view.frame.height) {
            keys.append(("bounds", rect(view.bounds)))
        }
        if view.transform != .identity { keys.append(("transform", "[" + view.transform.values.map(number).joined(separator: ", ") + "]")) }
        if view.anchorPoint != .centre { keys.append(("anchorPoint", "{\"x\": \(number(view.anchorPoint.x)), \"y\": \(number(view.anchorPoint.y))}")) }
        if view.clipsToBounds { keys.append(("clipsToBounds", "true")) }
        if view.alpha != 1 { keys.append(("alpha", number(view.alpha))) }
        if view.isHidden { keys.append(("hidden", "true")) }
        if let color = view.backgroundColor { keys.append(("backgroundColor", string(color.hex))) }
        if let snapshot = view.snapshot { keys.append(("snapshot", string(snapshot))) }
        if !view.notes.isEmpty { keys.append(("captureNotes", "[" + view.notes.map(string).joined(separator: ", ") + "]")) }
        return keys
    }

    static func rect(_ r: Rect) -> String {
        "{\"x\": \(number(r.x)), \"y\": \(number(r.y)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
    }

    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip
    /// form. Non-finite numbers never reach here (the walk replaced them and noted it in the
    /// view's `captureNotes`); one that did would be `null`, which readers refuse, not a silent 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A JSON string literal with the escapes the specification requires.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func indent(_ level: Int) -> String { String(repeating: " ", count: level) }
}
