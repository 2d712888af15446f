extension LocatorEngine {
    /// The elements a UiSelector finds among `candidates`: those meeting every condition (the
    /// `instance`-th of them when given), then, for `childSelector`, what its selector finds among
    /// their descendants, for `fromParent` among their siblings.
    func uiSelector(_ selector: UiSelector, among candidates: [Int]) -> [Int] {
        var found = candidates.filter { element in selector.conditions.allSatisfy { meets($0, element) } }
        if let instance = selector.instance { found = instance < found.count ? [found[instance]] : [] }
        guard let next = selector.next else { return found }
        var scope = Set<Int>()
        for element in found {
            switch next.relation {
            case .child: scope.formUnion(descendants(of: element))
            case .sibling: if let parent = xml.elements[element].parent { scope.formUnion(xml.elements[parent].children) }
            }
        }
        return uiSelector(next.selector, among: scope.sorted())
    }

    func meets(_ condition: UiSelector.Condition, _ index: Int) -> Bool {
        let element = xml.elements[index]
        switch condition {
        case .string(let attribute, let test, let wanted):
            let value = attribute == "class" ? values.className(element) : (element.attributes[attribute] ?? "")
            switch test {
            case .equals: return value == wanted
            case .contains: return value.contains(wanted)
            case .startsWith: return value.hasPrefix(wanted)
            case .matches: return TextMatch.wholeMatch(value, pattern: wanted)
            }
        case .flag(let attribute, let wanted):
            return (element.attributes[attribute] == "true") == wanted
        case .index(let wanted):
            return position(of: index) == wanted
        }
    }

    /// The `index` attribute, else the place among the parent's children.
    func position(of index: Int) -> Int {
        if let value = xml.elements[index]["index"].flatMap({ Int($0) }) { return value }
        guard let parent = xml.elements[index].parent else { return 0 }
        return xml.elements[parent].children.firstIndex(of: index) ?? 0
    }

    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = Array(xml.elements[index].children.reversed())
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: xml.elements[next].children.reversed())
        }
        return result
    }
}
