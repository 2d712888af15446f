import HierarchyModel

/// Runs a `Matcher` over a screen's elements with each framework's meaning: the combinations as
/// sets of views, Compose's merged semantics, Flutter's widget finders on the tree that can answer
/// them. Matches are element indices, in document order unless the matcher orders them (Maestro's
/// `index:` and relative positions, Detox's `atIndex`).
struct MatcherEngine {
    let engine: LocatorEngine
    /// The view tree, for what the XML does not hold (Compose's merging, Flutter's creator chains).
    let tree: ViewTree?
    /// The matcher's text, for the errors.
    let text: String
    let dump: MatcherDump

    init(engine: LocatorEngine, tree: ViewTree?, text: String) {
        self.engine = engine
        self.tree = tree
        self.text = text
        dump = MatcherDump(tree)
    }

    /// The views a matcher is run over, with each one's parent among them.
    struct Scope {
        var views: [Int]
        var member: [Bool]
        var parent: [Int?]
        /// Compose: whether texts and descriptions are the merged ones; nil outside Compose.
        var merged: Bool?
    }

    func matches(_ matcher: Matcher) throws(LocatorError) -> [Int] {
        try evaluate(matcher, scope(engine.views, merged: nil))
    }

    /// The scope of `views`: each view's parent is its nearest ancestor among them.
    func scope(_ views: [Int], merged: Bool?) -> Scope {
        let elements = engine.xml.elements
        var member = [Bool](repeating: false, count: elements.count)
        for view in views { member[view] = true }
        var parent = [Int?](repeating: nil, count: elements.count)
        for view in views {
            var current = elements[view].parent
            while let index = current, !member[index] { current = elements[index].parent }
            parent[view] = current
        }
        return Scope(views: views, member: member, parent: parent, merged: merged)
    }

    func evaluate(_ matcher: Matcher, _ scope: Scope) throws(LocatorError) -> [Int] {
        let elements = engine.xml.elements
        switch matcher {
        case .locator(let locator):
            return try engine.matches(locator).filter { scope.member[$0] }
        case .attribute(let keys, let test):
            let passes = try test.compiled()
            let value = { (e: Int) -> String? in
                keys.lazy.compactMap { $0 == ElementValues.classKey ? engine.values.className(elements[e]) : elements[e][$0] }.first
            }
            return scope.views.filter { value($0).map(passes) ?? false }
        case .state(let name, let expected):
            let absent = name == "enabled" ? "true" : "false"
            return scope.views.filter { (elements[$0][name] ?? absent) == String(expected) }
        case .displayed:
            return scope.views.filter { (elements[$0]["visible"] ?? elements[$0]["displayed"] ?? "true") == "true" }
        case .semantics(let field, let test):
            let passes = try test.compiled()
            return scope.views.filter { semanticsValues(field, of: $0, merged: scope.merged ?? false).contains(where: passes) }
        case .widget(let field, let value):
            return try widget(field, value, scope)
        case .flutterKey(let key):
            return try flutterKey(key, scope)
        case .all(let parts):
            guard let first = parts.first else { return scope.views }
            var result = try evaluate(first, scope)
            for part in parts.dropFirst() {
                let set = try mask(part, scope)
                result = result.filter { set[$0] }
            }
            return result
        case .any(let parts):
            var set = [Bool](repeating: false, count: elements.count)
            for part in parts { for e in try evaluate(part, scope) { set[e] = true } }
            return scope.views.filter { set[$0] }
        case .not(let inner):
            let set = try mask(inner, scope)
            return scope.views.filter { !set[$0] }
        case .parent(let inner):
            let set = try mask(inner, scope)
            return scope.views.filter { scope.parent[$0].map { set[$0] } ?? false }
        case .ancestor(let inner):
            let set = try mask(inner, scope)
            return scope.views.filter { view in ancestors(of: view, scope).contains { set[$0] } }
        case .child(let inner):
            var marked = [Bool](repeating: false, count: elements.count)
            for e in try evaluate(inner, scope) { if let p = scope.parent[e] { marked[p] = true } }
            return scope.views.filter { marked[$0] }
        case .descendant(let inner):
            var marked = [Bool](repeating: false, count: elements.count)
            for e in try evaluate(inner, scope) { for a in ancestors(of: e, scope) { marked[a] = true } }
            return scope.views.filter { marked[$0] }
        case .childAt(let inner, let position):
            let set = try mask(inner, scope)
            return scope.views.filter { view in
                guard let p = elements[view].parent, set[p] else { return false }
                return elements[p].children.firstIndex(of: view) == position
            }
        case .nth(let inner, let index, let order):
            let found = ordered(try evaluate(inner, scope), order)
            let at = index < 0 ? found.count + index : index
            return found.indices.contains(at) ? [found[at]] : []
        case .relative(let inner, let direction, let other):
            return try relative(try evaluate(inner, scope), direction, try evaluate(other, scope))
        case .composeTree(let inner, let merged):
            return try evaluate(inner, self.scope(merged ? mergedViews() : engine.views, merged: merged))
        case .clickableFirst(let inner):
            let found = try evaluate(inner, scope)
            return found.filter { elements[$0]["clickable"] == "true" } + found.filter { elements[$0]["clickable"] != "true" }
        }
    }

    /// The matches of `matcher` as a mask over the elements.
    func mask(_ matcher: Matcher, _ scope: Scope) throws(LocatorError) -> [Bool] {
        var set = [Bool](repeating: false, count: engine.xml.elements.count)
        for e in try evaluate(matcher, scope) { set[e] = true }
        return set
    }

    /// The view's ancestors within the scope, nearest first.
    func ancestors(of view: Int, _ scope: Scope) -> [Int] {
        var result: [Int] = []
        var current = scope.parent[view]
        while let index = current {
            result.append(index)
            current = scope.parent[index]
        }
        return result
    }

    /// Top to bottom, then left to right: Maestro's `Filters.INDEX_COMPARATOR` (a view without a
    /// frame last).
    func sortedByPosition(_ views: [Int]) -> [Int] {
        let key = { (e: Int) -> (Double, Double) in
            engine.values.rect(engine.xml.elements[e]).map { ($0.y, $0.x) } ?? (.infinity, .infinity)
        }
        return views.enumerated().sorted { a, b in
            let (ka, kb) = (key(a.element), key(b.element))
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    /// Maestro's `Filters.relativeTo`: each view with each other view it lies beyond, nearest
    /// centres first; a view once, at its nearest.
    func relative(_ views: [Int], _ direction: Matcher.Direction, _ others: [Int]) -> [Int] {
        let elements = engine.xml.elements
        var pairs: [(view: Int, distance: Double)] = []
        for view in views {
            guard let a = engine.values.rect(elements[view]) else { continue }
            for other in others {
                guard let b = engine.values.rect(elements[other]) else { continue }
                let beyond = switch direction {
                case .below: a.y > b.y
                case .above: a.y < b.y
                case .leftOf: a.x < b.x
                case .rightOf: a.x > b.x
                }
                guard beyond else { continue }
                let dx = (a.x + a.width / 2) - (b.x + b.width / 2), dy = (a.y + a.height / 2) - (b.y + b.height / 2)
                pairs.append((view, (dx * dx + dy * dy).squareRoot()))
            }
        }
        var seen = Set<Int>()
        return pairs.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element.view).filter { seen.insert($0).inserted }
    }
}
