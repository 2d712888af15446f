import HierarchyModel

extension ScreenXML {
    /// For each element in document order, the id of the view a locator that finds it names: nil
    /// for an element that stands for no view (Appium's `<AppiumAUT>`) and for a uiautomator
    /// dump's screen root, which `find` never returns. The viewer's search maps its matches with it.
    public func viewIDs(tree: ViewTree, kind: ScreenKind) -> [String?] {
        let views = Set(LocatorEngine(xml: self, kind: kind).views)
        return elements.indices.map { index in views.contains(index) ? elements[index].node.map { tree[$0].id } : nil }
    }
}
