extension LocatorEngine {
    /// The elements a class chain finds from the application element: each step takes the
    /// children (or all descendants) of the last step's elements of its type, then its filters
    /// in order, a position counting in the whole set as XCUIElementQuery's `elementBoundByIndex` does.
    ///
    /// Each step costs one pass over the elements at most (the descendants of a whole set are
    /// marked in one walk, not gathered element by element), and the chain stops once a step
    /// finds nothing.
    func classChain(_ chain: ClassChain) -> [Int] {
        guard let start = views.first else { return [] }
        var current = [start]
        for step in chain.steps where !current.isEmpty {
            let scope = step.descendants ? descendants(ofAll: current) : Set(current.flatMap { xml.elements[$0].children }).sorted()
            var found = scope.filter { step.type == nil || values.className(xml.elements[$0]) == step.type }
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

    /// The elements under any of `elements`, in document order, in one walk: elements come in
    /// document order, so a parent is settled before its children.
    func descendants(ofAll elements: [Int]) -> [Int] {
        var isStart = [Bool](repeating: false, count: xml.elements.count)
        for element in elements { isStart[element] = true }
        var isUnder = [Bool](repeating: false, count: xml.elements.count)
        var result: [Int] = []
        for element in xml.elements.indices {
            guard let parent = xml.elements[element].parent, isStart[parent] || isUnder[parent] else { continue }
            isUnder[element] = true
            result.append(element)
        }
        return result
    }
}
