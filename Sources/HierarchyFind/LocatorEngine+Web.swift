import HierarchyModel

extension LocatorEngine {
    /// Selenium's web strategies over a web capture's top document (`CSSDocument`), in document
    /// order, as the elements of the screen's XML that stand for the views found: `css selector`
    /// (this engine's grammar, docs/find.md), `link text` and `partial link text` (an `<a>`'s
    /// text as shown, white space collapsed), `tag name`, `name` (the attribute).
    func web(_ locator: Locator) throws(LocatorError) -> [Int] {
        guard let tree, tree.root.className == "#viewport" else {
            throw LocatorError(using: locator.using, locator.value, column: nil,
                               "runs over a web page's DOM: capture the page with 'hierarchy capture webdriver' (a browser, or a web view's context)")
        }
        let document = CSSDocument(tree)
        let chosen: [Int]
        switch locator.using {
        case .css:
            do {
                chosen = document.select(try CSSSelectorParser.parse(locator.value))
            } catch {
                throw LocatorError(using: .css, locator.value, column: error.column, error.message)
            }
        case .linkText: chosen = links(document, tree) { $0 == locator.value.trimmed }
        case .partialLinkText: chosen = links(document, tree) { $0.contains(locator.value) }
        case .tagName: chosen = document.elements.indices.filter { document.elements[$0].tag == locator.value.lowercased() }
        default: chosen = document.elements.indices.filter { document.elements[$0].attributes["name"] == locator.value }
        }
        let views = Set(chosen.map { document.elements[$0].view })
        return xml.elements.indices.filter { xml.elements[$0].node.map(views.contains) ?? false }
    }

    /// The `<a>` elements whose shown text `test` takes.
    private func links(_ document: CSSDocument, _ tree: ViewTree, _ test: (String) -> Bool) -> [Int] {
        document.elements.indices.filter { document.elements[$0].tag == "a" && test(tree[document.elements[$0].view].text ?? "") }
    }
}

extension String {
    /// Without the white space at either end, as Selenium trims a link text.
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
