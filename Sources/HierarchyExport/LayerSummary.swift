import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// One layer said on its own, as `hierarchy pick` answers: its id, class, name, text, view
/// controller, attributes, depth and frame.
public enum LayerSummary {
    /// The layer as a JSON object (the keys of `layout --format json`'s layers).
    public static func json(_ layer: Layer) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if let controller = layer.viewController { keys.append(("viewController", LayoutDocument.controllerJSON(controller))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        keys += [("depth", .number(Double(layer.depth))), ("frame", TreeDocument.rect(layer.frame))]
        return .object(keys)
    }

    /// The layer in one line, as recursiveDescription says a view (the input's text escaped as one line).
    public static func text(_ layer: Layer) -> String {
        let f = layer.frame
        let name = (layer.name.map { "; name = '\($0)'" } ?? "") + (layer.text.map { "; text = '\($0)'" } ?? "")
            + (layer.viewController.map { "; viewController = \($0.summary)" } ?? "")
        return TerminalText.line("<\(layer.className): \(layer.id)\(name); depth = \(layer.depth); frame = (\(JSONText.number(f.x)) \(JSONText.number(f.y)); \(JSONText.number(f.width)) \(JSONText.number(f.height)))>")
    }
}
