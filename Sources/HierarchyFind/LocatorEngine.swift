import HierarchyModel

/// Runs a locator over a screen's XML: XPath by libxml2, the other strategies over the elements
/// with Appium's meanings. Matches are element indices in document order, views only.
struct LocatorEngine {
    let xml: ScreenXML
    let values: ElementValues
    /// The screen's views: for the test frameworks' matchers, which read what the XML does not hold,
    /// and the web strategies, which read a web capture's DOM; nil: both are refused.
    let tree: ViewTree?

    init(xml: ScreenXML, kind: ScreenKind, tree: ViewTree? = nil) {
        self.xml = xml
        self.values = ElementValues(kind: kind)
        self.tree = tree
    }

    /// The elements the locator finds, in document order.
    func matches(_ locator: Locator) throws(LocatorError) -> [Int] {
        let found: [Int]
        switch locator.using {
        case .xpath: found = try xml.evaluate(xpath: locator.value)
        case .id: found = views.filter { values.ids(xml.elements[$0]).contains(locator.value) }
        case .accessibilityID: found = views.filter { values.accessibilityIDs(xml.elements[$0]).contains(locator.value) }
        case .className: found = views.filter { values.className(xml.elements[$0]) == locator.value }
        case .text: found = text(locator.value)
        case .uiautomator: found = uiSelector(try UiSelectorParser.parse(locator.value), among: views)
        case .predicate:
            let predicate = try PredicateParser.parse(locator.value)
            found = views.filter { PredicateEvaluator(values: values).test(predicate, xml.elements[$0]) }
        case .classChain: found = classChain(try ClassChain.parse(locator.value))
        case .textMatching: found = matching(try TextPattern(locator.value, using: .textMatching), shownText)
        case .idMatching: found = matching(try TextPattern(locator.value, using: .idMatching), idsAndNames)
        case .matcher:
            let (matcher, _) = try MatcherParser.parse(locator.value)
            found = try MatcherEngine(engine: self, tree: tree, text: locator.value).matches(matcher)
        case .css, .linkText, .partialLinkText, .tagName, .name: found = try web(locator)
        }
        return found.filter { xml.elements[$0].node != nil && !isScreenRoot($0) }
    }

    /// Elements that stand for views, the synthetic screen root of a uiautomator dump left out.
    var views: [Int] { xml.elements.indices.filter { xml.elements[$0].node != nil && !isScreenRoot($0) } }

    private func isScreenRoot(_ index: Int) -> Bool {
        values.kind == .uiautomator && xml.elements[index].parent == nil && xml.elements[index].name == "hierarchy"
    }

    /// Exact text first; when none has it, the same text in any case.
    func text(_ wanted: String) -> [Int] {
        let exact = views.filter { values.texts(xml.elements[$0]).contains(wanted) }
        guard exact.isEmpty else { return exact }
        let folded = wanted.lowercased()
        return views.filter { values.texts(xml.elements[$0]).contains { $0.lowercased() == folded } }
    }

    /// The text a view shows, as the test frameworks' text matchers read it (Espresso's
    /// `getText`, Compose's `Text`/`EditableText`, Maestro's `text`): not its description or name.
    func shownText(_ e: ScreenElement) -> [String] {
        values.kind == .appium ? [e["label"], e["value"]].compactMap { $0 } : [e["text"]].compactMap { $0 }
    }

    /// A view's ids, each also after its last `/` (`com.app:id/login` as `login`), as Maestro's
    /// `idMatches` and Espresso's resource name read them.
    func idsAndNames(_ e: ScreenElement) -> [String] {
        values.ids(e).flatMap { id in [id] + (id.split(separator: "/").last.map { [String($0)] } ?? []) }
    }

    /// The views one of whose values (`values.texts`, `values.ids`) the pattern takes.
    func matching(_ pattern: TextPattern, _ valuesOf: (ScreenElement) -> [String]) -> [Int] {
        views.filter { valuesOf(xml.elements[$0]).contains(where: pattern.matches) }
    }
}
