import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyText

/// Synthesized textures: views with neither a snapshot nor a background colour get a texture
/// drawn from what the dump says of them (role, text), through the same path as snapshots: a
/// virtual snapshot over the view's bounds that the layout crops and plans like any other.
extension LoadedDocument {
    /// Virtual snapshot paths of synthesized textures start with this.
    static let synthesizedPrefix = "synthesized:"
    /// Pixels per point of a synthesized texture's nominal size (a phone's, as the samples are);
    /// the renderer asks for what the picture shows, and it is drawn at that density instead.
    public static let synthesizedScale = 3.0

    /// Whether the document has no picture of any view (a dump without a screenshot, or a document
    /// without snapshots; textures synthesized for it do not count). Only then are textures
    /// synthesized: in a document with snapshots, a view without one is a view that draws nothing.
    public var hasNoPictures: Bool {
        screenshot == nil && !tree.nodes.contains { $0.snapshot.map { !$0.hasPrefix(LoadedDocument.synthesizedPrefix) } ?? false }
    }

    /// When the document has no pictures, gives every view that has neither a snapshot nor a
    /// background colour a synthesized texture; `fonts` sets the text (nil: no text is drawn).
    /// Returns how many views got one.
    @discardableResult
    public mutating func synthesizeTextures(fonts: FontLibrary?) -> Int {
        guard hasNoPictures else { return 0 }
        var count = 0
        for index in tree.nodes.indices where tree[index].snapshot == nil && tree[index].backgroundColor == nil {
            let path = LoadedDocument.synthesizedPrefix + String(index)
            snapshotSizes[path] = ScreenshotSlicer.snapshotSize(bounds: tree[index].bounds, scale: LoadedDocument.synthesizedScale)
            tree.update(index) { $0.snapshot = path }
            count += 1
        }
        synthesisFonts = fonts
        return count
    }

    /// Whether a view that gets a synthesized texture shows text (so that fonts are needed).
    public func needsFonts() -> Bool {
        hasNoPictures && tree.nodes.contains { $0.snapshot == nil && $0.backgroundColor == nil && LoadedDocument.shownText(of: $0) != nil }
    }

    /// What a view shows as text on its synthesized texture (`PaintRule.shownText`).
    static func shownText(of node: ViewNode) -> PaintRule.ShownText? {
        PaintRule.shownText(of: node, role: ViewRole.classify(node.className))
    }

    /// Descendants looked at for the words of a description; beyond them it is drawn as a caption.
    static let descriptionSearchLimit = 4096

    /// The look of the synthesized texture of the view at `index`, by `PaintRule`: an opaque fill
    /// only for roles that draw one, and a description left out where a view beside or inside it
    /// draws its words.
    public func syntheticLook(of index: Int) -> SyntheticLook {
        let node = tree[index]
        let role = ViewRole.classify(node.className)
        var shown = PaintRule.shownText(of: node, role: role)
        switch shown {
        case .description(let words)?: if descendantsDraw(words, under: index) { shown = nil }
        // A button or cell whose label its own text views draw (an iOS button and its static text) draws it once.
        case .drawn(let words)?: if !node.children.isEmpty, subviewsDraw(words, under: index) { shown = nil }
        case nil: break
        }
        // An image over text drawn behind it is see-through there in the app (a scrim, an icon's
        // transparent pixels): the dump lists the text, so the user reads it. An image under text
        // drawn in front of it (a button's background) shows neither mark nor caption: its mark
        // would cross the text.
        let overText = role == .image && textOverlaps(index, behind: true)
        if role == .image && !overText && textOverlaps(index, behind: false) {
            return SyntheticLook.of(role: role, width: node.bounds.width, height: node.bounds.height, text: nil, unit: textUnit, mark: false)
        }
        let caption: Bool = if case .description? = shown { true } else { false }
        return SyntheticLook.of(role: role, width: node.bounds.width, height: node.bounds.height, text: shown?.string, unit: textUnit,
                                opaque: !overText && PaintRule.drawsBackground(role: role, className: node.className, isRoot: index == 0),
                                caption: caption, leaf: !node.children.contains { !tree[$0].isHidden },
                                detail: PaintRule.extraDescription(of: node, shown: shown), mark: !overText)
    }

    /// Views looked at before or after an image for text it overlaps.
    static let coverSearchLimit = 4096

    /// Whether text that a view drawn before the view at `index` (not one of its ancestors) draws
    /// lies under it (`behind`), or text that a view drawn after it draws lies over it.
    func textOverlaps(_ index: Int, behind: Bool) -> Bool {
        let frame = screenFrame(of: index)
        var ancestors = Set<Int>()
        var current = tree[index].parent
        while let next = current { ancestors.insert(next); current = tree[next].parent }
        let others = behind ? Array(stride(from: index - 1, through: max(0, index - LoadedDocument.coverSearchLimit), by: -1))
            : Array(stride(from: index + 1, to: min(tree.count, index + 1 + LoadedDocument.coverSearchLimit), by: 1))
        for other in others where !ancestors.contains(other) {
            let node = tree[other]
            guard !node.isHidden, case .drawn? = LoadedDocument.shownText(of: node),
                  let overlap = screenFrame(of: other).intersection(frame), overlap.area > 0 else { continue }
            return true
        }
        return false
    }

    /// The view's frame in the root's space (transforms left out: a guess good enough for overlap).
    func screenFrame(of index: Int) -> Rect {
        var rect = tree[index].frame
        var current = tree[index].parent
        while let parent = current {
            let node = tree[parent]
            rect = rect.offsetBy(dx: node.frame.x - node.bounds.x, dy: node.frame.y - node.bounds.y)
            current = node.parent
        }
        return rect
    }

    /// Whether the views beside and under `index` (its superview's other views, its own subviews)
    /// draw every word of `description` as text.
    func descendantsDraw(_ description: String, under index: Int) -> Bool {
        var shown: [String] = []
        var pending = tree[tree[index].parent ?? index].children
        var visited = 0
        while let next = pending.popLast(), visited < LoadedDocument.descriptionSearchLimit {
            visited += 1
            let node = tree[next]
            guard !node.isHidden else { continue }
            if next != index, case .drawn(let text)? = LoadedDocument.shownText(of: node) { shown.append(text) }
            pending.append(contentsOf: node.children)
        }
        return PaintRule.repeats(description, wordsOf: shown)
    }

    /// Whether the views under `index` (its subtree, itself excluded) draw every word of `text`.
    func subviewsDraw(_ text: String, under index: Int) -> Bool {
        var shown: [String] = []
        var pending = tree[index].children
        var visited = 0
        while let next = pending.popLast(), visited < LoadedDocument.descriptionSearchLimit {
            visited += 1
            let node = tree[next]
            guard !node.isHidden else { continue }
            if case .drawn(let text)? = LoadedDocument.shownText(of: node) { shown.append(text) }
            pending.append(contentsOf: node.children)
        }
        return PaintRule.repeats(text, wordsOf: shown)
    }

    /// Document units per point: an Android dump read without `--density` is in pixels, and its
    /// screen's narrow side, over the 411 points of a common phone, tells how many a point has.
    public var unitsPerPoint: Double {
        guard format == .uiautomator else { return 1 }
        return max(1, min(tree.root.bounds.width, tree.root.bounds.height) / 411)
    }

    var textUnit: Double { unitsPerPoint }
}

extension LoadedDocument {
    /// Whether a texture plan names a synthesized texture rather than a snapshot file.
    static func isSynthesized(_ plan: TexturePlan) -> Bool {
        plan.path.hasPrefix(synthesizedPrefix)
    }
}

extension LayerTextures {
    func isSynthesized(_ plan: TexturePlan) -> Bool { LoadedDocument.isSynthesized(plan) }

    /// The synthesized texture of `layer`: its planned crop, drawn at the density that gives
    /// `target` pixels for it (the plan's size, or less when the picture shows less).
    func synthesized(_ layer: Layer, plan: TexturePlan, target: PixelSize) -> RGBAImage {
        let node = document.tree[layer.node]
        let look = document.syntheticLook(of: layer.node)
        let factor = min(Double(target.width) / Double(max(1, plan.crop.width)), Double(target.height) / Double(max(1, plan.crop.height)), 1)
        let scale = Double(plan.source.width) / max(1e-9, node.bounds.width) * factor
        let region = PixelRect(
            x: Int((Double(plan.crop.x) * factor).rounded(.down)), y: Int((Double(plan.crop.y) * factor).rounded(.down)),
            width: max(1, Int((Double(plan.crop.width) * factor).rounded())), height: max(1, Int((Double(plan.crop.height) * factor).rounded())))
        return SyntheticPainter.paint(look, width: node.bounds.width, height: node.bounds.height,
                                      scale: scale, region: region, fonts: document.synthesisFonts)
    }
}

extension LoadedDocument {
    /// The layers of `layout` whose synthesized texture is text on no background of its own (a
    /// label, a caption): straight on, `render` draws them without the outline every layer gets,
    /// as the app draws a label, since a box drawn tight round words reads as letters to a reader
    /// (and to OCR). Empty when the document has pictures.
    public func unboxedTextLayers(in layout: Layout) -> [Int] {
        guard hasNoPictures else { return [] }
        return layout.layers.indices.filter { index in
            let layer = layout.layers[index]
            guard layer.texture.map({ $0.path.hasPrefix(LoadedDocument.synthesizedPrefix) }) ?? false else { return false }
            let look = syntheticLook(of: layer.node)
            return look.text != nil && look.fill.alpha < 255
        }
    }
}
