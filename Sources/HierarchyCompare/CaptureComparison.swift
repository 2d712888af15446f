import HierarchyDiff
import HierarchyViewer
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// Two captures of a screen compared, what `hierarchy diff`, the report and a library user run:
/// the views paired (`TreeMatcher`), the paired views' pictures compared (`ContentComparison`),
/// and what changed (`TreeDiff`); then drawn as a picture (`DiffPicture`) or a page (`DiffPage`).
public struct CaptureComparison<Before: CaptureSource, After: CaptureSource> {
    public let before: Before
    public let after: After
    public let beforeLayout: Layout
    public let afterLayout: Layout
    /// What changed.
    public let diff: TreeDiff

    /// Compares `before` and `after`, laid out (with the same options) as `beforeLayout` and
    /// `afterLayout`, pairing their views as `matching` says.
    /// - Throws: `InputError` for a snapshot that cannot be read.
    public init(before: Before, after: After, beforeLayout: Layout, afterLayout: Layout, matching: DiffOptions.Matching = .auto) throws(InputError) {
        (self.before, self.after, self.beforeLayout, self.afterLayout) = (before, after, beforeLayout, afterLayout)
        let pairs = TreeMatcher.match(before.tree, after.tree, options: DiffOptions(matching: matching))
        var content = ContentComparison(before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout)
        let differing = try content.differingPairs(pairs)
        diff = TreeDiff.compute(before.tree, after.tree, beforeLayout: beforeLayout, afterLayout: afterLayout,
                                matching: pairs, contentDiffers: { b, _ in differing.contains(b) })
    }

    /// The exploded AFTER stack with the changes marked (`DiffPicture`), through the camera of `options`.
    /// - Throws: `RenderError` for options the renderer refuses, `InputError` for a texture that cannot be read.
    public func picture(options: RenderOptions) throws -> RGBAImage {
        let scene = DiffScene(diff, before: beforeLayout, after: afterLayout)
        return try DiffPicture.draw(scene, textures: after.textures(for: scene.layout), options: options)
    }

    /// Draws the picture and writes it to `path` as a PNG, following `rule` (with both captures'
    /// files protected); nothing is drawn when the path is refused.
    public func writePicture(to path: String, options: RenderOptions, rule: OutputRule) throws {
        let rule = rule.protecting(before.inputFiles + after.inputFiles)
        try rule.check(path)
        try PNG.write(try picture(options: options), to: path)
    }

    /// Writes the page (`DiffPage`) to `path`, following `rule` (with both captures' files protected).
    public func writePage(to path: String, options: HTMLViewerOptions, rule: OutputRule) throws {
        try rule.protecting(before.inputFiles + after.inputFiles).check(path)
        try DiffPage.write(diff, before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                           options: options, to: path, replace: rule.replace)
    }

    /// The page's data and textures apart (`HTMLViewer.parts`), for a page that holds several (the report).
    public func pageParts(options: HTMLViewerOptions, textureText: ([UInt8]) -> String) throws -> HTMLViewerParts {
        try DiffPage.parts(diff, before: before, after: after, beforeLayout: beforeLayout, afterLayout: afterLayout,
                           options: options, textureText: textureText)
    }
}
