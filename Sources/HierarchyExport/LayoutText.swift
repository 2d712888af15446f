import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// The layout as an indented tree in the spirit of UIKit's recursiveDescription: every view with
/// its class and id, and either its depth and visible frame or why it is not drawn.
public enum LayoutText {
    public static func render(_ layout: Layout, tree: ViewTree) -> String {
        var lines: [String] = []
        let levels = tree.levels()
        for index in tree.preorder() {
            let node = tree[index]
            let indent = levels[index] == 0 ? "" : String(repeating: "   |", count: levels[index] - 1) + "   | "
            var line = "\(indent)<\(node.className): \(node.id)"
            if let name = node.name { line += "; name = '\(name)'" }
            if let text = node.text { line += "; text = '\(text)'" }
            if let controller = node.viewController { line += "; viewController = \(controller.summary)" }
            switch layout.status[index] {
            case .layer(let i):
                let layer = layout.layers[i]
                line += "; depth = \(layer.depth); frame = \(rect(layer.frame))"
                if layer.isClipped { line += "; clipped from \(rect(layer.fullFrame))" }
                if !tree[index].transform.isIdentity { line += "; transform = [\(tree[index].transform.values.map(JSONText.number).joined(separator: ", "))]" }
                if layer.alpha < 1 { line += "; alpha = \(JSONText.number((layer.alpha * 1000).rounded() / 1000))" }
                if let t = layer.texture { line += "; texture = \(t.width)x\(t.height)" }
                line += ">"
            case .omitted(let why):
                line += "> not drawn: " + reason(why, tree: tree)
            }
            // Ids, classes, names and texts are the input's: one line each, whatever they hold.
            lines.append(TerminalText.line(line))
        }
        lines.append("\(layout.layers.count) layers, \(layout.maxDepth + (layout.layers.isEmpty ? 0 : 1)) depth levels, \(tree.count) views")
        return lines.joined(separator: "\n") + "\n"
    }

    static func reason(_ omission: Omission, tree: ViewTree) -> String {
        switch omission {
        case .hidden: "hidden"
        case .transparent(let alpha): "alpha \(JSONText.number(alpha)) is below 0.01"
        case .excludedTag(let tag): "excluded by tag \(tag)"
        case .excludedClass(let name): "excluded by class \(name)"
        case .excludedID: "excluded by id"
        case .insideOmitted(let ancestor): "inside \(tree[ancestor].id), which is not drawn"
        case .clippedOut(let clipper): "clipped out by \(tree[clipper].id)"
        case .offScreen: "off screen"
        case .empty: "zero size"
        case .outsideFocus: "outside the focused view"
        }
    }

    static func rect(_ r: Rect) -> String {
        "(\(JSONText.number(r.x)) \(JSONText.number(r.y)); \(JSONText.number(r.width)) \(JSONText.number(r.height)))"
    }
}
