extension LocatorEngine {
    /// The elements a class chain finds from the application element: each step takes the
    /// children (or all descendants) of the last step's elements of its type, then its filters
    /// in order, a position counting in the whole set as XCUIElementQuery's `elementBoundByIndex` does.
    func classChain(_ chain: ClassChain) -> [Int] {
        guard let start = views.first else { return [] }
        var current = [start]
        for step in chain.steps {
            var next = Set<Int>()
            for element in current {
                next.formUnion(step.descendants ? descendants(of: element) : xml.elements[element].children)
            }
            var found = next.sorted().filter { step.type == nil || values.className(xml.elements[$0]) == step.type }
            for filter in step.filters {
                switch filter {
                case .predicate(let predicate): found = found.filter { PredicateEvaluator(values: values).test(predicate, xml.elements[$0]) }
                case .position(let n):
                    let at = n > 0 ? n - 1 : found.count + n
                    found = found.indices.contains(at) ? [found[at]] : []
                }
            }
            current = found
        }
        return current
    }
}
