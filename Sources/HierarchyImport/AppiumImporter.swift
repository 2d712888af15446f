import HierarchyModel

/// Reads an Appium / WebDriverAgent page source: `XCUIElementType…` elements with absolute
/// `x y width height` in points. The application element (the screen) becomes the root.
enum AppiumImporter {
    /// The tree of `markup`, the warnings, and the element of each view (indexed like the tree's nodes).
    static func read(_ markup: MarkupTree, fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [Int?]) {
        var warnings = markup.notes
        let rootElement = try applicationElement(markup, fileName: fileName, warnings: &warnings)
        var builder = AbsoluteTreeBuilder(root: try node(markup[rootElement], fileName: fileName, options: options))
        var stack = markup[rootElement].children.reversed().map { (element: $0, parent: 0) }
        var elements: [Int?] = [rootElement]
        while let (element, parent) = stack.popLast() {
            let index = builder.append(try node(markup[element], fileName: fileName, options: options), to: parent)
            elements.append(element)
            stack.append(contentsOf: markup[element].children.reversed().map { ($0, index) })
        }
        return (builder.tree, warnings, elements)
    }

    /// The element under Appium's `<AppiumAUT>` wrapper, or the document element when there is none.
    private static func applicationElement(_ markup: MarkupTree, fileName: String, warnings: inout [String]) throws(InputError) -> Int {
        guard markup.root.name == "AppiumAUT" else { return 0 }
        guard let first = markup.root.children.first else {
            throw markup.root.error(fileName, "<AppiumAUT> holds no application element")
        }
        for extra in markup.root.children.dropFirst() {
            warnings.append("line \(markup[extra].line): skipped <\(markup[extra].name)> (only the first application is read)")
        }
        return first
    }

    /// One element as a view, its frame still absolute.
    private static func node(_ element: MarkupTree.Element, fileName: String, options: ImportOptions) throws(InputError) -> ViewNode {
        let frame = Rect(
            x: try element.number("x", fileName: fileName), y: try element.number("y", fileName: fileName),
            width: try element.number("width", fileName: fileName, atLeastZero: true),
            height: try element.number("height", fileName: fileName, atLeastZero: true))
        let name = element.text("name") ?? element.text("label")
        var node = ViewNode(className: element.attributes["type"] ?? element.name, name: name, text: text(of: element), frame: frame)
        for key in testedAttributes { node.attributes[key] = element.text(key) }
        node.extras["index"] = element.extra("index")
        // `visible` is WebDriverAgent's accessibility guess, so it hides a view only on request.
        node.isHidden = options.respectVisible && element.attributes["visible"] == "false"
        // A scroll view clips its content (UIScrollView's clipsToBounds): rows scrolled out of it
        // are not drawn over the bars around it.
        node.clipsToBounds = scrollingTypes.contains(node.className)
        return node
    }

    /// Element types that scroll their content, and so clip it to their frame.
    static let scrollingTypes: Set<String> = [
        "XCUIElementTypeScrollView", "XCUIElementTypeTable", "XCUIElementTypeCollectionView", "XCUIElementTypeWebView", "XCUIElementTypeTextView",
    ]

    /// The attributes a UI test checks, kept as the dump wrote them.
    static let testedAttributes = ["label", "value", "placeholderValue", "enabled", "visible", "accessible", "selected", "focused", "hittable"]

    /// Element types whose `value` is what the user typed.
    static let inputTypes: Set<String> = [
        "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeTextView", "XCUIElementTypeSearchField",
    ]

    /// What the element shows: an input's value (else its placeholder), anything else's label.
    private static func text(of element: MarkupTree.Element) -> String? {
        if inputTypes.contains(element.attributes["type"] ?? element.name) {
            return element.text("value") ?? element.text("placeholderValue") ?? element.text("label")
        }
        return element.text("label")
    }
}
