import HierarchyModel

/// The elements a CSS selector runs over: a web capture's top document (not what is inside a
/// shadow root or a frame, which `querySelectorAll` on the document does not reach either), each
/// with its tag, the attributes the page wrote (the view's `attrs` extra; not what the capture
/// computed) and the state `:checked` and `:disabled` read.
public struct CSSDocument: Sendable {
    public struct Element: Sendable {
        public var tag: String
        public var attributes: [String: String]
        public var parent: Int?
        /// Element children, in document order.
        public var children: [Int] = []
        public var checked = false
        public var disabled = false
        /// Whether the element holds no element and no text (the capture keeps no blank text).
        public var empty = true
        /// The view this element is.
        public var view: Int
    }

    /// The elements in document order.
    public private(set) var elements: [Element] = []

    /// The top document of a web capture's view tree; empty for another tree.
    public init(_ tree: ViewTree) {
        var element = [Int?](repeating: nil, count: tree.count)
        var outside = [Bool](repeating: false, count: tree.count)
        for index in tree.preorder() {
            let node = tree[index]
            guard let parent = node.parent else { continue }
            let above = tree[parent]
            outside[index] = outside[parent] || above.className == "#shadow-root" || above.className == "iframe" || above.className == "frame"
            guard !outside[index] else { continue }
            // A shadow root is not the host's content: a host with none of its own is `:empty`.
            if let owner = element[parent], node.className != "#shadow-root" { elements[owner].empty = false }
            guard !node.className.hasPrefix("#"), case .object(let members)? = node.extras["attrs"] ?? .object([:]) else { continue }
            let attributes = members.compactMapValues { if case .string(let text) = $0 { text } else { nil } }
            var item = Element(tag: node.className, attributes: attributes, parent: element[parent], view: index)
            item.checked = node.attributes["checked"] == "true" || (node.className == "option" && node.attributes["selected"] == "true")
            item.disabled = node.attributes["enabled"] == "false"
            element[index] = elements.count
            if let owner = element[parent] { elements[owner].children.append(elements.count) }
            elements.append(item)
        }
    }

    /// The elements `selector` matches, in document order.
    public func select(_ selector: CSSSelector) -> [Int] {
        elements.indices.filter { matches(selector.alternatives, $0) }
    }

    func matches(_ list: [CSSSelector.Complex], _ index: Int) -> Bool {
        list.contains { matches($0, $0.compounds.count - 1, index) }
    }

    /// Whether `index` matches the complex selector's compounds up to `last`, right to left.
    private func matches(_ complex: CSSSelector.Complex, _ last: Int, _ index: Int) -> Bool {
        guard matches(complex.compounds[last], index) else { return false }
        guard last > 0 else { return true }
        switch complex.combinators[last - 1] {
        case .child:
            return elements[index].parent.map { matches(complex, last - 1, $0) } ?? false
        case .descendant:
            var above = elements[index].parent
            while let candidate = above {
                if matches(complex, last - 1, candidate) { return true }
                above = elements[candidate].parent
            }
            return false
        case .nextSibling:
            return previousSiblings(index).last.map { matches(complex, last - 1, $0) } ?? false
        case .subsequentSibling:
            return previousSiblings(index).contains { matches(complex, last - 1, $0) }
        }
    }

    private func siblings(_ index: Int) -> [Int] {
        elements[index].parent.map { elements[$0].children } ?? [index]
    }

    private func previousSiblings(_ index: Int) -> ArraySlice<Int> {
        let all = siblings(index)
        return all[..<(all.firstIndex(of: index) ?? all.startIndex)]
    }

    private func matches(_ compound: CSSSelector.Compound, _ index: Int) -> Bool {
        if let type = compound.type, type != elements[index].tag { return false }
        return compound.conditions.allSatisfy { matches($0, index) }
    }

    private func matches(_ condition: CSSSelector.Condition, _ index: Int) -> Bool {
        let element = elements[index]
        switch condition {
        case .id(let id): return element.attributes["id"] == id
        case .className(let name): return classes(element).contains { $0 == name }
        case .attribute(let name, let op, let value, let ignoreCase):
            guard let actual = element.attributes[name] else { return false }
            return Self.test(op, ignoreCase ? actual.lowercased() : actual, ignoreCase ? value.lowercased() : value)
        case .not(let list): return !matches(list, index)
        case .nth(let nth, let ofType, let fromEnd):
            var peers = siblings(index).filter { !ofType || elements[$0].tag == element.tag }
            if fromEnd { peers.reverse() }
            return nth.matches((peers.firstIndex(of: index) ?? 0) + 1)
        case .onlyChild(let ofType): return siblings(index).filter { !ofType || elements[$0].tag == element.tag }.count == 1
        case .root: return element.parent == nil
        case .empty: return element.empty
        case .checked: return element.checked
        case .disabled: return element.disabled
        case .enabled: return !element.disabled && ["button", "input", "select", "textarea", "optgroup", "option", "fieldset"].contains(element.tag)
        }
    }

    private func classes(_ element: Element) -> [Substring] {
        (element.attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }

    /// The attribute operators of Selectors Level 4: an empty value matches nothing for `~=`, `^=`, `$=`, `*=`.
    static func test(_ op: CSSSelector.AttributeOperator, _ actual: String, _ value: String) -> Bool {
        switch op {
        case .exists: return true
        case .equals: return actual == value
        case .includes: return !value.isEmpty && !value.contains(" ") && actual.split(separator: " ").contains { $0 == value }
        case .dashMatch: return actual == value || actual.hasPrefix(value + "-")
        case .prefix: return !value.isEmpty && actual.hasPrefix(value)
        case .suffix: return !value.isEmpty && actual.hasSuffix(value)
        case .substring: return !value.isEmpty && actual.contains(value)
        }
    }
}
