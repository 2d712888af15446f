import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HierarchyImport
import HierarchyLayout
import HierarchyModel

extension ScreenXML {
    /// The XML of a screen: for an Appium page source or a uiautomator dump, the importer's
    /// elements (`markup`, the one reading of the file), each tied to the view whose source names
    /// it, a uiautomator dump's renamed as UiAutomator2 names them; the view tree's XML otherwise.
    public static func make(tree: ViewTree, layout: Layout, kind: ScreenKind, markup: MarkupTree?) -> ScreenXML {
        guard kind != .viewTree, let markup, !markup.elements.isEmpty else { return viewTree(tree, layout: layout, notes: []) }
        var nodes = [Int?](repeating: nil, count: markup.elements.count)
        for index in tree.nodes.indices {
            if let element = tree[index].source?.element, element < nodes.count { nodes[element] = index }
        }
        let names = markup.elements.map { element in
            kind == .uiautomator && element.name == "node" ? ElementName.fromClass(element.attributes["class"]) : element.name
        }
        let text = pageSource(markup, names: names)
        guard let document = try? XMLDocument(data: Data(text.utf8), options: [.nodeLoadExternalEntitiesNever]) else {
            // Names the importer's parser took that libxml2's document model refuses (an undeclared namespace prefix).
            return viewTree(tree, layout: layout, notes: ["the page source's elements could not be held as one XML document; the view tree's XML is searched instead"])
        }
        let objects = preorder(document.rootElement())
        let elements = markup.elements.indices.map { index in
            ScreenElement(name: names[index], attributes: markup[index].attributes, parent: markup[index].parent,
                          children: markup[index].children, node: nodes[index])
        }
        return ScreenXML(document: document, objects: objects, elements: elements, notes: [])
    }

    /// The elements as XML text in document order, each with its attributes in the order the
    /// page source wrote them (no text between elements: page sources hold none that a locator reads).
    static func pageSource(_ markup: MarkupTree, names: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        var open: [Int] = []
        for index in markup.elements.indices {
            while let last = open.last, last != markup[index].parent {
                out += "</\(names[last])>"
                open.removeLast()
            }
            out += "<" + names[index]
            for (name, value) in markup[index].orderedAttributes { out += " \(name)=\"\(escaped(value))\"" }
            out += ">"
            open.append(index)
        }
        while let last = open.popLast() { out += "</\(names[last])>" }
        return out
    }

    /// Elements under `root` (included) in document order, without recursion.
    static func preorder(_ root: XMLElement?) -> [XMLElement] {
        var order: [XMLElement] = []
        var stack = root.map { [$0] } ?? []
        while let element = stack.popLast() {
            order.append(element)
            stack.append(contentsOf: (element.children ?? []).compactMap { $0 as? XMLElement }.reversed())
        }
        return order
    }
}
