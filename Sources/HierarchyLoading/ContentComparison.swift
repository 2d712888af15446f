import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Which paired views' snapshots differ in their pixels: the part of `hierarchy diff` that reads
/// images. Two files with the same bytes are the same without decoding; otherwise both are decoded
/// and compared with `RGBAImage.differsNoticeably`. With a screenshot, a view's picture is its
/// slice of the screenshot (so only views that are layers are compared). Each pair of files is
/// compared once, however many views show it.
public struct ContentComparison {
    let before: LoadedDocument
    let after: LoadedDocument
    let beforeLayout: Layout
    let afterLayout: Layout
    /// Made once: with a screenshot, making them finds every pixel's owner.
    let beforeTextures: LayerTextures
    let afterTextures: LayerTextures
    private var verdicts: [String: Bool] = [:]
    private var bytes: [String: [UInt8]] = [:]

    public init(before: LoadedDocument, after: LoadedDocument, beforeLayout: Layout, afterLayout: Layout) {
        self.init(before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                  beforeTextures: before.textures(for: beforeLayout), afterTextures: after.textures(for: afterLayout))
    }

    /// With the documents' textures for these layouts already made (`LoadedDocument.textures(for:)`),
    /// for a caller that uses them too: making them slices a screenshot.
    public init(before: LoadedDocument, after: LoadedDocument, beforeLayout: Layout, afterLayout: Layout, beforeTextures: LayerTextures, afterTextures: LayerTextures) {
        (self.before, self.after, self.beforeLayout, self.afterLayout) = (before, after, beforeLayout, afterLayout)
        (self.beforeTextures, self.afterTextures) = (beforeTextures, afterTextures)
    }

    /// The BEFORE nodes of the pairs whose pictures differ; a view with a picture paired with one
    /// without differs.
    public mutating func differingPairs(_ matching: Matching) throws(InputError) -> Set<Int> {
        var differing: Set<Int> = []
        for (b, a) in matching.pairs {
            let (pb, pa) = (before.tree[b].snapshot, after.tree[a].snapshot)
            guard pb != nil || pa != nil else { continue }
            if try differs(b, pb, a, pa) { differing.insert(b) }
        }
        return differing
    }

    private mutating func differs(_ b: Int, _ pb: String?, _ a: Int, _ pa: String?) throws(InputError) -> Bool {
        guard let pb, let pa else { return true }
        if before.screenshot != nil || after.screenshot != nil {
            guard let x = try picture(before, beforeLayout, beforeTextures, b), let y = try picture(after, afterLayout, afterTextures, a) else { return false }
            return x.differsNoticeably(from: y)
        }
        let (fb, fa) = (before.snapshotFile(pb), after.snapshotFile(pa))
        let key = fb + "\n" + fa
        if let known = verdicts[key] { return known }
        var verdict = false
        if fb != fa, try read(fb) != read(fa) {
            verdict = try PNG.decode(file: fb).differsNoticeably(from: PNG.decode(file: fa))
        }
        verdicts[key] = verdict
        return verdict
    }

    /// The whole snapshot of a view: its file, or its slice of the screenshot when it is a layer.
    private func picture(_ document: LoadedDocument, _ layout: Layout, _ textures: LayerTextures, _ node: Int) throws(InputError) -> RGBAImage? {
        guard let path = document.tree[node].snapshot else { return nil }
        guard document.screenshot != nil else { return try PNG.decode(file: document.snapshotFile(path)) }
        guard case .layer(let index) = layout.status[node], let plan = layout.layers[index].texture else { return nil }
        let whole = PixelRect(x: 0, y: 0, width: plan.source.width, height: plan.source.height)
        return textures.slice(layout.layers[index], snapshotSize: plan.source, crop: whole)
    }

    private mutating func read(_ path: String) throws(InputError) -> [UInt8] {
        if let known = bytes[path] { return known }
        let data = try FileSystem.read(path)
        bytes[path] = data
        return data
    }
}
