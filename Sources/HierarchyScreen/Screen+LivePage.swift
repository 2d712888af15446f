import HierarchyCompare
import HierarchyDiff
import HierarchyExport
import HierarchyImaging
import HierarchyLayout
import HierarchyRender
import HierarchyViewer

/// A screen's viewer page for `hierarchy serve`: the page `export --format html` writes, with what
/// changed since the screen before marked on its layers in the diff's colours.
public struct LivePage: Sendable {
    /// The page's title.
    public var title: String
    /// The page's data (`HTMLViewer.data`): what a page already open is sent to update itself.
    public var data: String
    /// The page's text, made of its title and data.
    public var page: String { HTMLViewer.page(title: title, data: data) }
    /// The views whose ids differ from their partner's in the screen before, (old id, new id), so
    /// that a page's selection follows a view whose id moved.
    public var carry: [(String, String)]
}

extension Screen {
    /// This screen's viewer page, as the export writes it, titled `title` and naming `source` as
    /// its input; each layer marked `added` or `changed` against `previous` (`same` for the rest).
    /// `memo` keeps the textures' encodings from one screen to the next: a texture the screen
    /// before had is not encoded again.
    /// - Throws: `InputError` for a snapshot that cannot be read, as the export does.
    /// > Note: Marks come from the trees' diff; a screen whose pixels alone changed is shown unmarked.
    public func livePage(since previous: Screen?, title: String, source: String, memo: PNGMemo? = nil) throws -> LivePage {
        var options = HTMLExport.viewerOptions(RenderOptions(), document: document)
        (options.title, options.source, options.memo) = (title, source, memo)
        // Served on this machine, not attached anywhere: the quick encoding (the export's is the smallest).
        options.compression = .fast
        var annotations = try locatorAnnotations()
        var carry: [(String, String)] = []
        if let previous {
            // The trees compared, not the pictures (the diff's content comparison reads every
            // snapshot twice): the caller has already told a new screen by its bytes.
            let diff = TreeDiff.compute(previous.document.tree, document.tree, beforeLayout: previous.layout, afterLayout: layout)
            let marks = DiffPage.marks(diff, previous.layout, layout).prefix(layout.layers.count)
            // Unchanged views keep their look (the diff page dims them): a live screen is mostly unchanged.
            annotations.layers = marks.map { [("side", .string($0.side)), ("mark", .string($0.mark == "unchanged" ? "same" : $0.mark))] }
            carry = moved(diff.matching, from: previous.layout)
        }
        let data = try HTMLViewer.data(for: layout, textures: document.textures(for: layout), options: options, annotations: annotations)
        return LivePage(title: title, data: data, carry: carry)
    }

    /// The layers of this screen paired with a layer of `before` under another id.
    private func moved(_ matching: Matching, from before: Layout) -> [(String, String)] {
        var beforeIDs: [Int: String] = [:]
        for layer in before.layers { beforeIDs[layer.node] = layer.id }
        return layout.layers.compactMap { layer in
            guard let partner = matching.beforeOf[layer.node], let old = beforeIDs[partner], old != layer.id else { return nil }
            return (old, layer.id)
        }
    }
}
