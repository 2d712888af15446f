import HierarchyDiff
import HierarchyViewer
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `hierarchy diff BEFORE AFTER -o page.html`: the viewer with both captures in one stack, a
/// Before/After switch, every layer marked with what happened to it, and the changes listed and
/// clickable (`diff.js`).
///
/// The page's layers are AFTER's, then BEFORE's with their ids prefixed `before:`; each carries
/// `"side"` and `"mark"`. The data's `"diff"` holds the summary line, the colour of each kind of
/// change (`"colors"`, from `DiffColors`: the page's stylesheet names none) and the changes, each
/// with `"kind"` (added, removed, changed), `"class"`, `"id"`, `"words"` and, when the view is
/// drawn, `"layer"` (its index among the page's layers).
public enum DiffPage {
    static let beforePrefix = "before:"

    /// The page's text.
    /// - Throws: `RenderError` for a first view out of range, `InputError` for a texture that
    ///   cannot be made, as `HTMLViewer.page` does.
    public static func page(
        _ diff: TreeDiff, before: some CaptureSource, after: some CaptureSource, beforeLayout: Layout, afterLayout: Layout,
        options: HTMLViewerOptions
    ) throws -> String {
        let layout = combined(beforeLayout, afterLayout)
        let annotations = annotations(diff, before: before, after: after, beforeLayout, afterLayout)
        let textures = SideTextures(
            after: after.textures(for: afterLayout), before: before.textures(for: beforeLayout),
            beforeIDs: Set(layout.layers.dropFirst(afterLayout.layers.count).map(\.id)))
        return try HTMLViewer.page(for: layout, textures: textures, options: options, annotations: annotations)
    }

    /// The page's data and textures apart (`HTMLViewer.parts`), for the report.
    public static func parts(
        _ diff: TreeDiff, before: some CaptureSource, after: some CaptureSource, beforeLayout: Layout, afterLayout: Layout,
        options: HTMLViewerOptions, textureText: ([UInt8]) -> String
    ) throws -> HTMLViewerParts {
        let layout = combined(beforeLayout, afterLayout)
        let textures = SideTextures(
            after: after.textures(for: afterLayout), before: before.textures(for: beforeLayout),
            beforeIDs: Set(layout.layers.dropFirst(afterLayout.layers.count).map(\.id)))
        return try HTMLViewer.parts(
            for: layout, textures: textures, options: options,
            annotations: annotations(diff, before: before, after: after, beforeLayout, afterLayout), textureText: textureText)
    }

    /// The sides, marks and changes the viewer's data carries.
    static func annotations(_ diff: TreeDiff, before: some CaptureSource, after: some CaptureSource, _ beforeLayout: Layout, _ afterLayout: Layout) -> HTMLViewerAnnotations {
        HTMLViewerAnnotations(
            layers: marks(diff, beforeLayout, afterLayout).map { [("side", .string($0.side)), ("mark", .string($0.mark))] },
            top: [("diff", changes(diff, before: before.tree, after: after.tree, beforeLayout, afterLayout))])
    }

    /// Writes the page to `path` (replacing a file there only when `replace` is set, never an input).
    /// - Throws: `RenderError` for a first view out of range (`HTMLViewerOptions.validate()`), as
    ///   `HTMLExport.write` does, before anything is written; `InputError` for a snapshot that
    ///   cannot be read, an output that may not be written (`OutputRule`) or cannot be.
    public static func write(
        _ diff: TreeDiff, before: some CaptureSource, after: some CaptureSource, beforeLayout: Layout, afterLayout: Layout,
        options: HTMLViewerOptions, to path: String, replace: Bool
    ) throws {
        try options.validate()  // before anything is touched; `page` checks again for its other callers
        let destination = ExportDestination(path: path, replace: replace)
        try destination.check(protecting: before.inputFiles + after.inputFiles)
        let page = try page(diff, before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout, options: options)
        try destination.write { (staging) throws(InputError) in
            try staging.write(Array(page.utf8), to: destination.name)
        }
    }

    /// AFTER's layers, then BEFORE's (ids prefixed, parents moved past AFTER's); the larger depth range.
    static func combined(_ before: Layout, _ after: Layout) -> Layout {
        var layout = after
        let offset = after.layers.count
        for var layer in before.layers {
            layer.id = beforePrefix + layer.id
            layer.parentLayer = layer.parentLayer.map { $0 + offset }
            layout.layers.append(layer)
        }
        return layout
    }

    /// Each page layer's side and mark, in the combined order.
    public static func marks(_ diff: TreeDiff, _ before: Layout, _ after: Layout) -> [(side: String, mark: String)] {
        let changedAfter = Set(diff.changed.map(\.after)), changedBefore = Set(diff.changed.map(\.before))
        let afterMarks = after.layers.map { layer in
            (side: "after", mark: diff.matching.beforeOf[layer.node] == nil ? "added" : changedAfter.contains(layer.node) ? "changed" : "unchanged")
        }
        let beforeMarks = before.layers.map { layer in
            (side: "before", mark: diff.matching.afterOf[layer.node] == nil ? "removed" : changedBefore.contains(layer.node) ? "changed" : "unchanged")
        }
        return afterMarks + beforeMarks
    }

    /// The data's `"diff"`: the summary line and the changes in the text report's order.
    static func changes(_ diff: TreeDiff, before: ViewTree, after: ViewTree, _ beforeLayout: Layout, _ afterLayout: Layout) -> OrderedJSON {
        func layer(_ layout: Layout, _ node: Int, offset: Int) -> OrderedJSON? {
            if case .layer(let i) = layout.status[node] { return .number(Double(i + offset)) }
            return nil
        }
        func entry(_ kind: String, _ className: String, _ id: String, _ words: String, _ index: OrderedJSON?) -> OrderedJSON {
            var keys: [(String, OrderedJSON)] = [("kind", .string(kind)), ("class", .string(className)), ("id", .string(id)), ("words", .string(words))]
            if let index { keys.append(("layer", index)) }
            return .object(keys)
        }
        let offset = afterLayout.layers.count
        var list: [OrderedJSON] = []
        for s in diff.removed { list.append(entry("removed", s.className, s.id, s.count == 1 ? "1 view" : "\(s.count) views", layer(beforeLayout, s.node, offset: offset))) }
        for s in diff.added { list.append(entry("added", s.className, s.id, s.count == 1 ? "1 view" : "\(s.count) views", layer(afterLayout, s.node, offset: 0))) }
        for c in diff.changed {
            let words = c.changes.map(\.rawValue).joined(separator: ", ")
            list.append(entry("changed", c.className, c.afterID, words, layer(afterLayout, c.after, offset: 0) ?? layer(beforeLayout, c.before, offset: offset)))
        }
        let colors = OrderedJSON.object(DiffColors.byKind.map { ($0.kind, .string($0.color.hex)) })
        return .object([("summary", .string(DiffText.summary(diff))), ("colors", colors), ("changes", .array(list))])
    }
}

/// Textures from the document each layer comes from: BEFORE's for the layers with those ids.
struct SideTextures<After: LayerTextureSource, Before: LayerTextureSource>: TextureProvider {
    let after: After
    let before: Before
    let beforeIDs: Set<String>

    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        try beforeIDs.contains(layer.id) ? before.texture(for: layer) : after.texture(for: layer)
    }
}
