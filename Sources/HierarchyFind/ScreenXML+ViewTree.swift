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
        let frames = FrameGeometry.absoluteFrames(tree)
        var objects = [XMLElement](repeating: XMLElement(name: "x"), count: tree.count)
        for index in tree.preorder() {
            let element = XMLElement(name: ElementName.fromClass(tree[index].className))
            for (key, value) in viewAttributes(tree[index], frame: frames[index], shown: layout.status[index].isLayer) {
                element.addAttribute(XMLNode.attribute(withName: key, stringValue: value) as! XMLNode)
            }
            if let parent = tree[index].parent { objects[parent].addChild(element) }
            objects[index] = element
        }
        let document = XMLDocument(rootElement: objects[0])
        document.characterEncoding = "UTF-8"
        let ordered = preorder(objects[0])
        let nodeOf = Dictionary(uniqueKeysWithValues: objects.enumerated().map { (ObjectIdentifier($1), $0) })
        return ScreenXML(document: document, objects: ordered, elements: records(ordered, nodes: ordered.map { nodeOf[ObjectIdentifier($0)] }), notes: notes)
    }

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
