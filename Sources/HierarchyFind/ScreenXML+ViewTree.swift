import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HierarchyFormats
import HierarchyLayout
import HierarchyModel

extension ScreenXML {
    /// The view tree as XML: an element per view named after its class, with `id`, `name`,
    /// `label`, `text`, `value`, `enabled`, `visible`, `x`, `y`, `width`, `height` and the
    /// attributes the dump kept (`resource-id`, `content-desc`, `clickable`…).
    static func viewTree(_ tree: ViewTree, layout: Layout, notes: [String]) -> ScreenXML {
        let (text, order, attributes) = viewTreeMarkup(tree, layout: layout)
        // Written as text and parsed by libxml2 in one go: building it a node at a time through
        // FoundationXML's wrappers took most of the command's time on 2,000 views.
        guard let document = try? XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever]) else {
            preconditionFailure("the view tree's XML does not parse")
        }
        let objects = preorder(document.rootElement())
        // Elements in document order are the views in preorder, as they were written.
        let index = Dictionary(uniqueKeysWithValues: objects.enumerated().map { (ObjectIdentifier($1), $0) })
        var elements = zip(objects, order).map { element, node in
            ScreenElement(name: element.name ?? "", attributes: Dictionary(attributes[node], uniquingKeysWith: { a, _ in a }),
                          parent: (element.parent as? XMLElement).flatMap { index[ObjectIdentifier($0)] }, node: node)
        }
        for offset in elements.indices { if let parent = elements[offset].parent { elements[parent].children.append(offset) } }
        return ScreenXML(document: document, objects: objects, elements: elements, notes: notes)
    }

    /// The view tree's XML as text, with the preorder it was written in and each view's attributes.
    static func viewTreeMarkup(_ tree: ViewTree, layout: Layout) -> (text: String, order: [Int], attributes: [[(String, String)]]) {
        let frames = FrameGeometry.absoluteFrames(tree)
        let order = tree.preorder()
        var attributes = [[(String, String)]](repeating: [], count: tree.count)
        for index in order { attributes[index] = viewAttributes(tree[index], frame: frames[index], shown: layout.status[index].isLayer) }
        return (markup(tree, order: order, attributes: attributes), order, attributes)
    }

    /// What a viewer's search box needs of a view tree's screen, without a document: the XML text
    /// that `viewTree(_:layout:notes:)` parses, and the id of each element's view in document order
    /// (every element of a view tree stands for a view). The report asks it of every screen: the
    /// parsed document and its wrappers cost several times the text.
    public static func viewTreeLocators(_ tree: ViewTree, layout: Layout) -> (text: String, views: [String]) {
        let (text, order, _) = viewTreeMarkup(tree, layout: layout)
        return (text, order.map { tree[$0].id })
    }

    /// The XML text of the view tree: an element per view in preorder, its attributes escaped.
    static func markup(_ tree: ViewTree, order: [Int], attributes: [[(String, String)]]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        var names = [String](repeating: "", count: tree.count)
        var open: [Int] = []
        for index in order {
            while let last = open.last, last != tree[index].parent {
                out += "</" + names[last] + ">"
                open.removeLast()
            }
            names[index] = ElementName.fromClass(tree[index].className)
            out += "<" + names[index]
            for (key, value) in attributes[index] {
                out += " " + key + "=\""
                out += escaped(value)
                out += "\""
            }
            out += ">"
            open.append(index)
        }
        while let last = open.popLast() { out += "</" + names[last] + ">" }
        return out
    }

    /// An attribute value as XML writes it (`MarkupText.escape`, the writers' one escaper).
    static func escaped(_ value: String) -> String { MarkupText.escape(value) }

    /// The documented attributes of one view, in a fixed order, then the dump's own.
    static func viewAttributes(_ node: ViewNode, frame: Rect, shown: Bool) -> [(String, String)] {
        var pairs: [(String, String)] = [("id", node.id)]
        if let name = node.name { pairs.append(("name", name)) }
        if let label = node.attributes["label"] ?? node.name { pairs.append(("label", label)) }
        if let text = node.text { pairs.append(("text", text)) }
        if let value = node.attributes["value"] { pairs.append(("value", value)) }
        pairs.append(("enabled", node.attributes["enabled"] ?? "true"))
        pairs.append(("visible", shown ? "true" : "false"))
        pairs += [("x", JSONText.number(frame.x)), ("y", JSONText.number(frame.y)), ("width", JSONText.number(frame.width)), ("height", JSONText.number(frame.height))]
        let taken = Set(pairs.map(\.0))
        for entry in node.attributes where !taken.contains(entry.key) && isName(entry.key) { pairs.append((entry.key, entry.value)) }
        return pairs
    }

    static func isName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, ElementName.isNameStart(first) else { return false }
        return key.unicodeScalars.allSatisfy(ElementName.isNameCharacter) && !key.contains(":")
    }
}

extension Layout.NodeStatus {
    var isLayer: Bool { if case .layer = self { true } else { false } }
}
