import HierarchyModel

/// Reads an Android uiautomator dump (raw `<node>` elements, or Appium UiAutomator2's elements named
/// after their class): `bounds="[l,t][r,b]"` in absolute pixels, divided by the density into points.
/// The windows become the top-level subviews of a synthetic root that covers the screen.
enum UIAutomatorImporter {
    /// The tree of `markup`, the warnings, and the element of each view (indexed like the tree's
    /// nodes; nil for the synthetic screen over a document whose element is a node).
    static func read(_ markup: MarkupTree, fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [Int?]) {
        let density = options.density
        guard density.isFinite, density > 0 else {
            throw InputError(location: "density", "expected a number > 0, got \(DescriptionValue.shown(density))")
        }
        let windows = markup.root.name == "hierarchy" ? markup.root.children : [0]
        var frames = [Rect](repeating: .zero, count: markup.elements.count)
        for element in markup.preorder(from: windows) {
            frames[element] = try UIAutomatorBounds.rect(markup[element], fileName: fileName, density: density)
        }
        let screen = try screenRect(markup, windows: windows.map { frames[$0] }, density: density, fileName: fileName)
        var builder = AbsoluteTreeBuilder(root: rootNode(markup, screen: screen), screenScale: density)
        var stack = ordered(windows, in: markup).reversed().map { (element: $0, parent: 0) }
        var elements: [Int?] = [markup.root.name == "hierarchy" ? 0 : nil]
        while let (element, parent) = stack.popLast() {
            let index = builder.append(node(markup[element], frame: frames[element]), to: parent)
            elements.append(element)
            stack.append(contentsOf: ordered(markup[element].children, in: markup).reversed().map { ($0, index) })
        }
        return (builder.tree, markup.notes, elements)
    }

    /// The screen in points: the hierarchy's `width`/`height` when given, else the union of the
    /// windows with the origin.
    private static func screenRect(_ markup: MarkupTree, windows: [Rect], density: Double, fileName: String) throws(InputError) -> Rect {
        let root = markup.root
        if root.name == "hierarchy", root.attributes["width"] != nil || root.attributes["height"] != nil {
            let width = try root.number("width", fileName: fileName, atLeastZero: true)
            let height = try root.number("height", fileName: fileName, atLeastZero: true)
            return Rect(x: 0, y: 0, width: width / density, height: height / density)
        }
        guard !windows.isEmpty else { throw root.error(fileName, "<\(root.name)> holds no node: no views found") }
        let union = windows.reduce(Rect.zero) { $0.union($1) }
        return Rect(x: 0, y: 0, width: max(union.maxX, 0), height: max(union.maxY, 0))
    }

    /// The synthetic root: the screen, named after the document element, with its rotation kept.
    private static func rootNode(_ markup: MarkupTree, screen: Rect) -> ViewNode {
        var node = ViewNode(className: markup.root.name == "hierarchy" ? "hierarchy" : "Screen", frame: screen)
        if markup.root.name == "hierarchy", let rotation = markup.root.attributes["rotation"].flatMap({ Int($0) }) {
            node.extras["rotation"] = .number(Double(rotation))
        }
        return node
    }

    /// The attributes a UI test checks, kept as the dump wrote them; the others go to extras.
    static let testedAttributes: Set<String> = [
        "resource-id", "content-desc", "hint", "clickable", "long-clickable", "checkable", "checked", "enabled",
        "focusable", "focused", "selected", "scrollable", "password",
    ]

    /// One element as a view. Its text is what it shows (`text`, else the content description); its
    /// name the content description, else the text, else the resource id.
    private static func node(_ element: MarkupTree.Element, frame: Rect) -> ViewNode {
        let className = element.attributes["class"] ?? (element.name == "node" ? "View" : element.name)
        let name = element.text("content-desc") ?? element.text("text") ?? element.text("resource-id")
        var node = ViewNode(className: className, name: name, text: element.text("text") ?? element.text("content-desc"), frame: frame)
        for key in element.attributes.keys where !["bounds", "class", "text"].contains(key) {
            if testedAttributes.contains(key) {
                node.attributes[key] = element.text(key)
            } else {
                node.extras[key] = element.extra(key)
            }
        }
        // A view that scrolls clips its content to its frame.
        node.clipsToBounds = element.attributes["scrollable"] == "true"
        return node
    }

    /// Siblings in drawing order: those with a `drawing-order` are stably sorted by it among the
    /// places they hold; those without keep their place, and ties keep document order.
    static func ordered(_ siblings: [Int], in markup: MarkupTree) -> [Int] {
        let keyed = siblings.indices.compactMap { slot in
            markup[siblings[slot]].attributes["drawing-order"].flatMap { Int($0) }.map { (slot: slot, order: $0) }
        }
        let sorted = keyed.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
        var result = siblings
        for (slot, source) in zip(keyed.map(\.slot), sorted) { result[slot] = siblings[source.element.slot] }
        return result
    }
}
