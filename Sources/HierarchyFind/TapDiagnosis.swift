import HierarchyLayout
import HierarchyModel

/// Why a view found by a locator can or cannot be seen and tapped, from what the layout already
/// decided (hidden, transparent, clipped, off the screen, no area: `Layout.status`) and what is
/// drawn in front of it (`Layout.layers` in painter's order).
struct TapDiagnosis {
    let tree: ViewTree
    let layout: Layout
    let xml: ScreenXML
    let kind: ScreenKind
    /// The element of each view (`ScreenXML.elementIndices`).
    let elementOf: [Int?]
    /// The layer index of each view.
    let layerOf: [Int?]

    init(tree: ViewTree, layout: Layout, xml: ScreenXML, kind: ScreenKind) {
        self.tree = tree
        self.layout = layout
        self.xml = xml
        self.kind = kind
        elementOf = xml.elementIndices(nodeCount: tree.count)
        var layers = [Int?](repeating: nil, count: tree.count)
        for (index, layer) in layout.layers.enumerated() { layers[layer.node] = index }
        layerOf = layers
    }

    /// Every reason the view at `node` cannot be seen or tapped, each naming the view responsible.
    func reasons(_ node: Int) -> [FindResult.Reason] {
        named(unnamedReasons(node))
    }

    /// The reasons with the class of each view responsible.
    private func named(_ reasons: [FindResult.Reason]) -> [FindResult.Reason] {
        reasons.map { reason in
            var copy = reason
            copy.byClass = reason.by.flatMap { tree.index(ofID: $0) }.map { tree[$0].className }
            return copy
        }
    }

    private func unnamedReasons(_ node: Int) -> [FindResult.Reason] {
        var reasons = omission(node).map { [$0] } ?? []
        if let layer = layerOf[node] { reasons += blockers(node, layer: layout.layers[layer]) }
        if let element = elementOf[node] {
            let attributes = xml.elements[element].attributes
            if attributes["enabled"] == "false" { reasons.append(.init(kind: .disabled, by: tree[node].id)) }
            if let reason = notClickable(node, attributes) { reasons.append(reason) }
        }
        return reasons
    }

    /// The layout's reason the view is not drawn, told by its kind and the view responsible.
    func omission(_ node: Int) -> FindResult.Reason? {
        guard case .omitted(var omission) = layout.status[node] else { return nil }
        var responsible = node
        while case .insideOmitted(let ancestor) = omission, case .omitted(let own) = layout.status[ancestor] {
            (omission, responsible) = (own, ancestor)
        }
        let id = tree[responsible].id
        switch omission {
        case .hidden, .excludedTag, .excludedClass, .excludedID, .insideOmitted: return .init(kind: .hidden, by: id)
        case .transparent: return .init(kind: .transparent, by: id)
        case .clippedOut(let by): return .init(kind: .clipped, by: tree[by].id)
        case .offScreen: return .init(kind: .offscreen, by: nil)
        case .empty: return .init(kind: .zeroSize, by: id)
        case .outsideFocus: return nil
        }
    }

    /// The keyboard and the views in front that cover the layer's centre or most of it.
    func blockers(_ node: Int, layer: Layer) -> [FindResult.Reason] {
        covering(node, layer: layer).map { item in
            let front = layout.layers[item.index].node
            return .init(kind: isKeyboard(front) ? .keyboard : .obscured, by: tree[front].id, share: item.share)
        }
    }

    /// Whether a view in front takes the tap a test makes at the centre of what shows.
    func blocksCentre(_ node: Int, layer: Layer) -> Bool {
        covering(node, layer: layer).contains(where: \.centre)
    }

    /// The outermost views in front that take touches and cover the centre or half of what
    /// shows, those on the centre first, then by the share covered; three at most.
    func covering(_ node: Int, layer: Layer) -> [(index: Int, share: Double, centre: Bool)] {
        let visible = layer.frame
        guard visible.area > 0, let own = layerOf[node] else { return [] }
        let centre = Point(x: visible.midX, y: visible.midY)
        var covering: [(index: Int, share: Double, centre: Bool)] = []
        for index in layout.layers.indices where index > own {
            let front = layout.layers[index]
            guard let overlap = front.frame.intersection(visible), !isAncestor(node, of: front.node),
                  !covering.contains(where: { isAncestor(layout.layers[$0.index].node, of: front.node) }),
                  blocksTouches(front.node, from: node) else { continue }
            let share = overlap.area / visible.area
            let hitsCentre = contains(front.frame, centre)
            if hitsCentre || share >= 0.5 { covering.append((index, share, hitsCentre)) }
        }
        return Array(covering.sorted { ($0.centre ? 1 : 0, $0.share) > ($1.centre ? 1 : 0, $1.share) }.prefix(3))
    }

    func contains(_ rect: Rect, _ p: Point) -> Bool {
        p.x >= rect.minX && p.x < rect.maxX && p.y >= rect.minY && p.y < rect.maxY
    }

    /// Whether a view in front takes the touches meant for `node`: a keyboard, a view in another
    /// window (a dialog, a sheet, a toast), one that takes taps itself, or one with a background.
    func blocksTouches(_ front: Int, from node: Int) -> Bool {
        if isKeyboard(front) { return true }
        if kind != .viewTree, window(of: front) != window(of: node) { return true }
        if let element = elementOf[front], xml.elements[element].attributes["clickable"] == "true" { return true }
        if kind == .appium, ["XCUIElementTypeAlert", "XCUIElementTypeSheet"].contains(tree[front].className) { return true }
        return (tree[front].backgroundColor?.alpha ?? 0) >= 128
    }

    /// An input method: iOS's keyboard, Android's input-method window, UIKit's keyboard views.
    func isKeyboard(_ node: Int) -> Bool {
        let className = tree[node].className
        if className == "XCUIElementTypeKeyboard" || className.hasPrefix("UIKeyboard") || className == "UIRemoteKeyboardWindow"
            || className.hasSuffix("KeyboardView") { return true }
        guard let element = elementOf[node] else { return false }
        let attributes = xml.elements[element].attributes
        return (attributes["package"] ?? "").contains("inputmethod") || (attributes["resource-id"] ?? "").hasSuffix(":id/keyboard_holder")
    }

    /// The subview of the root that holds the view (a window of Android or iOS).
    func window(of node: Int) -> Int {
        var current = node
        while let parent = tree[current].parent, tree[parent].parent != nil { current = parent }
        return current
    }

    func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        var current: Int? = node
        while let index = current {
            if index == ancestor { return true }
            current = tree[index].parent
        }
        return false
    }

    /// Android: neither the view nor an ancestor takes clicks. iOS: WebDriverAgent says it is not
    /// hittable. A web page: its computed `pointer-events` is `none` (inherited in CSS, so set on it
    /// or an ancestor: the outermost of the run that has it is named).
    func notClickable(_ node: Int, _ attributes: [String: String]) -> FindResult.Reason? {
        if kind == .appium { return attributes["hittable"] == "false" ? .init(kind: .notClickable, by: tree[node].id) : nil }
        if tree.root.className == "#viewport" {
            guard tree[node].attributes["pointer-events"] == "none" else { return nil }
            var source = node
            while let parent = tree[source].parent, tree[parent].attributes["pointer-events"] == "none" { source = parent }
            return .init(kind: .notClickable, by: tree[source].id)
        }
        guard attributes["clickable"] != nil else { return nil }
        var current: Int? = node
        while let index = current {
            if let element = elementOf[index], ["clickable", "long-clickable", "checkable"].contains(where: { xml.elements[element].attributes[$0] == "true" }) { return nil }
            current = tree[index].parent
        }
        return .init(kind: .notClickable, by: tree[node].id)
    }
}
