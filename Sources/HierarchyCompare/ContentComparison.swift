import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// Which paired views' pictures differ: the part of a diff that reads images. Two files with the
/// same bytes are the same without decoding; otherwise both pictures are decoded and compared
/// with `RGBAImage.differsNoticeably`. With a screenshot, a view's picture is its slice of the
/// screenshot (so only views that are layers are compared). Each pair of files is compared once,
/// however many views show it.
public struct ContentComparison<Before: CaptureSource, After: CaptureSource> {
    let before: Before
    let after: After
    let beforeLayout: Layout
    let afterLayout: Layout
    /// Made once: with a screenshot, making them finds every pixel's owner.
    let beforeTextures: Before.Textures
    let afterTextures: After.Textures
    private var verdicts: [String: Bool] = [:]
    private var bytes: [String: [UInt8]] = [:]

    public init(before: Before, after: After, beforeLayout: Layout, afterLayout: Layout) {
        self.init(before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                  beforeTextures: before.textures(for: beforeLayout), afterTextures: after.textures(for: afterLayout))
    }

    /// With the captures' textures for these layouts already made (`textures(for:)`), for a caller
    /// that uses them too: making them slices a screenshot.
    public init(before: Before, after: After, beforeLayout: Layout, afterLayout: Layout, beforeTextures: Before.Textures, afterTextures: After.Textures) {
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
            guard pb != nil, pa != nil else {
                differing.insert(b)
                continue
            }
            if try differs(b, a) { differing.insert(b) }
        }
        return differing
    }

    private mutating func differs(_ b: Int, _ a: Int) throws(InputError) -> Bool {
        guard let x = before.picture(of: b, layout: beforeLayout, textures: beforeTextures),
              let y = after.picture(of: a, layout: afterLayout, textures: afterTextures) else { return false }
        guard case .file(let fb) = x, case .file(let fa) = y else { return try image(x).differsNoticeably(from: image(y)) }
        let key = fb + "\n" + fa
        if let known = verdicts[key] { return known }
        var verdict = false
        if fb != fa, try read(fb) != read(fa) {
            verdict = try PNG.decode(file: fb).differsNoticeably(from: PNG.decode(file: fa))
        }
        verdicts[key] = verdict
        return verdict
    }

    private func image(_ picture: ViewPicture) throws(InputError) -> RGBAImage {
        switch picture {
        case .file(let path): try PNG.decode(file: path)
        case .image(let image): image
        }
    }

    private mutating func read(_ path: String) throws(InputError) -> [UInt8] {
        if let known = bytes[path] { return known }
        let data = try FileSystem.read(path, limit: .image)
        bytes[path] = data
        return data
    }
}
