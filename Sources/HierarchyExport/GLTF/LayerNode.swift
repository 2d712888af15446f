import HierarchyFormats
import HierarchyLayout

/// What a layer's node says about its view: a name for the outliner and `extras` that Blender
/// shows as the object's custom properties, so that whoever clicks a plane sees which view it is.
public enum LayerNode {
    /// `<class> <id>`, followed by the accessibility name in quotes when the view has one:
    /// `UILabel title "Settings"`. A long accessibility name is cut (ending in `…`) so that the
    /// whole name fits Blender's 63 bytes; the full one is in the extras.
    /// The name of the child node that holds an outline-only layer's line loop: `outline <id>`,
    /// cut to Blender's limit.
    public static func outlineName(_ layer: Layer) -> String {
        var name = "outline " + layer.id
        while name.utf8.count > maxNameBytes { name.removeLast() }
        return name
    }

    public static func name(_ layer: Layer) -> String {
        let base = layer.className + " " + layer.id
        guard let name = layer.name, !name.isEmpty else { return base }
        let whole = base + " \"" + name + "\""
        guard whole.utf8.count > maxNameBytes else { return whole }
        // Room for the name after the base, a space, two quotes and the ellipsis (3 bytes).
        let room = maxNameBytes - base.utf8.count - 6
        guard room > 0 else { return base }
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= room else { break }
            cut.append(character)
        }
        return base + " \"" + cut + "…\""
    }

    /// The longest object name Blender keeps, in UTF-8 bytes.
    public static let maxNameBytes = 63

    /// id, class, name and text (only when there is one), attributes (only when there are some), tag, depth, visible frame and full frame (points,
    /// in the root's bounds space, y down as UIKit has it) and the effective alpha.
    public static func extras(_ layer: Layer) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        keys += [
            ("tag", .number(Double(layer.tag))),
            ("depth", .number(Double(layer.depth))),
            ("frame", TreeDocument.rect(layer.frame)),
            ("fullFrame", TreeDocument.rect(layer.fullFrame)),
            ("alpha", .number(layer.alpha)),
        ]
        return .object(keys)
    }
}
