import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HierarchyFormats
import HierarchyLayout
import HierarchyModel

extension ScreenXML {
    /// The XML of a screen: `source` (the input's bytes) as it is for an Appium page source, as
    /// UiAutomator2 serves it for a uiautomator dump, and the view tree's XML otherwise, or when
    /// the page source cannot be read again element for view (a dump inside a log).
    public static func make(tree: ViewTree, layout: Layout, kind: ScreenKind, source: [UInt8]?) -> ScreenXML {
        if kind != .viewTree, let source, let document = parsed(source) {
            let objects = preorder(document.rootElement())
            if let nodes = kind == .appium ? appiumNodes(objects) : uiautomatorNodes(objects, document: document),
               nodes.compactMap({ $0 }).count == tree.count {
                if kind == .uiautomator { renameByClass(objects) }
                return ScreenXML(document: document, objects: objects, elements: records(objects, nodes: nodes), notes: [])
            }
            return viewTree(tree, layout: layout, notes: ["the page source could not be read again element for view; the view tree's XML is searched instead"])
        }
        return viewTree(tree, layout: layout, notes: [])
    }

    /// The document in `bytes` from its first `<` to its last `>` (a dump may sit in a log), or nil.
    static func parsed(_ bytes: [UInt8]) -> XMLDocument? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "<")), let end = bytes.lastIndex(of: UInt8(ascii: ">")), start < end else { return nil }
        return try? XMLDocument(data: Data(bytes[start...end]), options: [.nodeLoadExternalEntitiesNever])
    }

    /// Elements under `root` (included) in document order, without recursion.
    static func preorder(_ root: XMLElement?) -> [XMLElement] {
        var order: [XMLElement] = []
        var stack = root.map { [$0] } ?? []
        while let element = stack.popLast() {
            order.append(element)
            stack.append(contentsOf: childElements(element).reversed())
        }
        return order
    }

    static func childElements(_ element: XMLElement) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }
    }

    /// The records of `objects`, their parents and children found by identity.
    static func records(_ objects: [XMLElement], nodes: [Int?]) -> [ScreenElement] {
        let index = Dictionary(uniqueKeysWithValues: objects.enumerated().map { (ObjectIdentifier($1), $0) })
        var records = objects.enumerated().map { offset, element in
            ScreenElement(
                name: element.name ?? "", attributes: attributes(of: element),
                parent: (element.parent as? XMLElement).flatMap { index[ObjectIdentifier($0)] }, node: nodes[offset])
        }
        for offset in records.indices { if let parent = records[offset].parent { records[parent].children.append(offset) } }
        return records
    }

    static func attributes(of element: XMLElement) -> [String: String] {
        var result: [String: String] = [:]
        for attribute in element.attributes ?? [] { if let name = attribute.name { result[name] = attribute.stringValue ?? "" } }
        return result
    }

    /// The view of each element of an Appium page source: the importer reads the application
    /// element (the one under `<AppiumAUT>`, else the document element) and its elements in
    /// document order, so they are the tree's nodes 0, 1, 2…
    static func appiumNodes(_ objects: [XMLElement]) -> [Int?]? {
        guard let root = objects.first else { return nil }
        guard root.name == "AppiumAUT" else { return objects.indices.map { $0 } }
        guard let application = childElements(root).first else { return nil }
        let inside = Set(preorder(application).map(ObjectIdentifier.init))
        var next = 0
        return objects.map { element in
            guard inside.contains(ObjectIdentifier(element)) else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// The view of each element of a uiautomator dump: the importer puts a screen root (node 0)
    /// above the windows and walks siblings in drawing order (`drawing-order`, stably, among the
    /// places the ordered ones hold), numbering views as it goes.
    static func uiautomatorNodes(_ objects: [XMLElement], document: XMLDocument) -> [Int?]? {
        guard let root = objects.first else { return nil }
        let index = Dictionary(uniqueKeysWithValues: objects.enumerated().map { (ObjectIdentifier($1), $0) })
        var nodes = [Int?](repeating: nil, count: objects.count)
        let windows = root.name == "hierarchy" ? childElements(root) : [root]
        if root.name == "hierarchy" { nodes[0] = 0 }
        var next = 1
        var stack = Array(drawingOrder(windows).reversed())
        while let element = stack.popLast() {
            guard let offset = index[ObjectIdentifier(element)] else { return nil }
            nodes[offset] = next
            next += 1
            stack.append(contentsOf: drawingOrder(childElements(element)).reversed())
        }
        return nodes
    }

    /// Siblings as the uiautomator importer orders them: those with a `drawing-order` stably
    /// sorted among the places they hold, the others where they are.
    static func drawingOrder(_ siblings: [XMLElement]) -> [XMLElement] {
        let keyed = siblings.indices.compactMap { slot in
            siblings[slot].attribute(forName: "drawing-order")?.stringValue.flatMap { Int($0) }.map { (slot: slot, order: $0) }
        }
        let sorted = keyed.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
        var result = siblings
        for (slot, source) in zip(keyed.map(\.slot), sorted) { result[slot] = siblings[source.element.slot] }
        return result
    }

    /// UiAutomator2 names each element after its `class` (`XMLHelpers.toNodeName`), where a raw
    /// `uiautomator dump` writes `<node>`.
    static func renameByClass(_ objects: [XMLElement]) {
        for element in objects where element.name == "node" {
            element.name = ElementName.fromClass(element.attribute(forName: "class")?.stringValue)
        }
    }
}
