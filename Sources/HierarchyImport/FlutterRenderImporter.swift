import HierarchyModel

/// Reads Flutter's render tree (`debugDumpRenderTree`, `RenderObject.toStringDeep`;
/// rendering/object.dart, box.dart, sliver.dart, view.dart): from `RenderView#…` (its
/// `configuration: Size(w, h) at 3.0x` or `BoxConstraints(w=…, h=…) at 3.0x`, `device pixel
/// ratio`), each render object with its `parentData:` and `size: Size(w, h)` in logical pixels.
/// A box's position is its parent's plus the `offset=Offset(x, y)` of its `BoxParentData` (none
/// printed, `<none>`: the parent's own, as proxy boxes place their child); a sliver sits at its
/// `paintOffset` and spans its `paintExtent` across its `crossAxisExtent`; a sliver list's child
/// sits at `layoutOffset` less the sliver's `scrollOffset` along its axis. Transforms that a
/// render object applies when painting (`RenderTransform`, `RenderFittedBox`, …) are not printed as
/// positions and are not applied: each is named in a warning.
enum FlutterRenderImporter {
    /// What a sliver's children are placed by.
    struct Sliver {
        var axis: String
        var scrollOffset: Double
        var paintExtent: Double
        var crossAxisExtent: Double
        var vertical: Bool { axis == "up" || axis == "down" }
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let trees = DiagnosticsTree.trees(SourceLines(bytes), roots: ["RenderView", "_ReusableRenderView"])
        var (tree, warnings) = try HierarchyChoice.pick(trees, options: options, fileName: fileName, what: "Flutter render tree")
        warnings = tree.notes + warnings
        let (screen, ratio) = renderView(tree)
        var origins = [Point](repeating: Point(x: 0, y: 0), count: tree.nodes.count)
        var slivers = [Sliver?](repeating: nil, count: tree.nodes.count)
        var pending = PendingTree()
        for (index, node) in tree.nodes.enumerated() {
            var view = try self.node(tree, index, fileName: fileName)
            slivers[index] = sliver(tree, index)
            var size = try boxSize(tree, index, fileName: fileName)
            if index == 0 {
                size = size ?? screen
            } else {
                let parent = node.parent
                origins[index] = position(tree, index, parentOrigin: origins[parent], sliver: slivers[parent], size: size, warnings: &warnings)
                if let own = slivers[index] { size = own.vertical ? (own.crossAxisExtent, own.paintExtent) : (own.paintExtent, own.crossAxisExtent) }
            }
            if let note = unappliedTransform(tree, index) { warnings.append(note) }
            view.frame = Rect(x: origins[index].x, y: origins[index].y, width: size?.0 ?? 0, height: size?.1 ?? 0)
            pending.add(view, parent: node.parent, hasOrigin: true, hasSize: size != nil)
        }
        if ratio == nil { warnings.append("line \(tree.nodes[0].line): the render view names no device pixel ratio: 1 assumed") }
        return (pending.build(absolute: true, screenScale: ratio ?? 1), warnings, tree.nodes.map(\.span))
    }

    /// The render view's logical size and device pixel ratio, as far as it prints them.
    static func renderView(_ tree: DiagnosticsTree) -> ((Double, Double)?, Double?) {
        let configuration = tree.value("configuration", of: 0) ?? ""
        var ratio = tree.value("device pixel ratio", of: 0).flatMap { Double($0.prefix { $0 != " " }) }
        if ratio == nil, let at = configuration.range(of: " at ") { ratio = Double(configuration[at.upperBound...].prefix { $0 != "x" }) }
        if let ratio, !(ratio.isFinite && ratio > 0) { return (nil, nil) }
        if let size = DiagnosticsTree.numbers(after: "Size(", in: configuration), size.count == 2 { return ((size[0], size[1]), ratio) }
        if let width = DiagnosticsTree.number(after: "w=", in: configuration), let height = DiagnosticsTree.number(after: "h=", in: configuration) {
            return ((width, height), ratio)
        }
        if let window = tree.value("window size", of: 0).flatMap({ DiagnosticsTree.numbers(after: "Size(", in: $0) }), window.count == 2, let ratio {
            return ((window[0] / ratio, window[1] / ratio), ratio)
        }
        return (nil, ratio)
    }

    /// `size: Size(w, h)`; nil when it is not printed or `MISSING`.
    static func boxSize(_ tree: DiagnosticsTree, _ index: Int, fileName: String) throws(InputError) -> (Double, Double)? {
        guard let text = tree.value("size", of: index), text.hasPrefix("Size(") else { return nil }
        guard let size = DiagnosticsTree.numbers(after: "Size(", in: text), size.count == 2, size[0] >= 0, size[1] >= 0 else {
            throw InputError(file: fileName, location: "line \(tree.line(of: "size", in: index))", "size: \(text): expected Size(width, height) with finite numbers >= 0")
        }
        return (size[0], size[1])
    }

    /// The sliver a node is (its `SliverConstraints` and `SliverGeometry`), nil for boxes.
    static func sliver(_ tree: DiagnosticsTree, _ index: Int) -> Sliver? {
        guard let constraints = tree.value("constraints", of: index), constraints.hasPrefix("SliverConstraints(") else { return nil }
        let axis = constraints.dropFirst("SliverConstraints(AxisDirection.".count).prefix { $0.isLetter }
        let geometry = tree.value("geometry", of: index) ?? ""
        return Sliver(axis: String(axis), scrollOffset: DiagnosticsTree.number(after: "scrollOffset: ", in: constraints) ?? 0,
                      paintExtent: DiagnosticsTree.number(after: "paintExtent: ", in: geometry) ?? 0,
                      crossAxisExtent: DiagnosticsTree.number(after: "crossAxisExtent: ", in: constraints) ?? 0)
    }

    /// Where a node's top-left corner is on the screen, from its parent data.
    static func position(_ tree: DiagnosticsTree, _ index: Int, parentOrigin: Point, sliver: Sliver?, size: (Double, Double)?,
                         warnings: inout [String]) -> Point {
        let data = tree.value("parentData", of: index) ?? ""
        if let sliver, let layout = DiagnosticsTree.number(after: "layoutOffset=", in: data) {
            let cross = DiagnosticsTree.number(after: "crossAxisOffset=", in: data) ?? 0
            var main = layout - sliver.scrollOffset
            if sliver.axis == "up" || sliver.axis == "left" {
                // Reversed axes count from the far edge of the sliver's painted extent.
                let extent = sliver.vertical ? size?.1 ?? 0 : size?.0 ?? 0
                main = sliver.paintExtent - main - extent
            }
            return sliver.vertical ? Point(x: parentOrigin.x + cross, y: parentOrigin.y + main) : Point(x: parentOrigin.x + main, y: parentOrigin.y + cross)
        }
        // `offset=Offset(…)` of BoxParentData, or `paintOffset=Offset(…)` of a sliver's.
        if let offset = DiagnosticsTree.numbers(after: "ffset=Offset(", in: data), offset.count == 2 {
            return Point(x: parentOrigin.x + offset[0], y: parentOrigin.y + offset[1])
        }
        return parentOrigin
    }

    /// The render objects that move their children when painting, by a transform the dump does not
    /// give as positions.
    static let transforming = ["RenderTransform", "RenderFittedBox", "RenderRotatedBox", "RenderFractionalTranslation",
                               "RenderFollowerLayer", "RenderAnimatedSize"]

    static func unappliedTransform(_ tree: DiagnosticsTree, _ index: Int) -> String? {
        let name = className(tree.nodes[index].description)
        guard transforming.contains(name) else { return nil }
        return "line \(tree.nodes[index].line): \(name) moves its children by a transform the dump does not print as positions: not applied"
    }

    /// `RenderFlex#1a2b3 relayoutBoundary=up1` → `RenderFlex`.
    static func className(_ description: String) -> String {
        String(description.prefix { $0 != "#" && $0 != " " })
    }

    /// The view of one render object: its class, hash and states, its properties kept as extras,
    /// the words a paragraph shows as text.
    static func node(_ tree: DiagnosticsTree, _ index: Int, fileName: String) throws(InputError) -> ViewNode {
        let node = tree.nodes[index]
        let name = className(node.description)
        var view = ViewNode(className: name.isEmpty ? "RenderObject" : name, frame: .zero)
        let rest = node.description.dropFirst(name.count)
        if rest.hasPrefix("#") { view.extras["hash"] = .string(String(rest.dropFirst().prefix { $0 != " " })) }
        let states = rest.drop { $0 != " " }.trimmingSpaces
        if !states.isEmpty { view.extras["state"] = .string(String(states)) }
        if let slot = node.name { view.extras["slot"] = .string(slot) }
        view.isHidden = node.isOffstage || tree.value("offstage", of: index) == "true"
        if let opacity = tree.value("opacity", of: index).flatMap({ Double($0.prefix { $0 != " " }) }), opacity.isFinite {
            view.alpha = min(max(opacity, 0), 1)
        }
        view.clipsToBounds = name.hasPrefix("RenderClip") || name.hasSuffix("Viewport")
        var words: [String] = []
        for property in node.properties {
            // The span's text is a line of its own, quoted; a style's `family: "Roboto"` is no text.
            if property.text.hasPrefix("║"), property.text.dropFirst().trimmingSpaces.hasPrefix("\""),
               let open = property.text.firstIndex(of: "\""), let close = property.text.lastIndex(of: "\""), open < close {
                words.append(String(property.text[property.text.index(after: open)..<close]))
                continue
            }
            guard let colon = property.text.range(of: ": "), !property.text.hasPrefix("╘"), !property.text.hasPrefix("╚"), !property.text.hasPrefix("║") else {
                if !property.text.hasPrefix("╘"), !property.text.hasPrefix("╚"), !property.text.hasPrefix("║") { view.keepExtra(property.text, .bool(true)) }
                continue
            }
            view.keepExtra(String(property.text[..<colon.lowerBound]), .string(String(property.text[colon.upperBound...])))
        }
        if !words.isEmpty { view.text = words.joined() }
        view.name = view.text
        return view
    }
}
