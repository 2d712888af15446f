import HierarchyLoading
import HierarchyImaging
import HierarchyLayout
import HierarchyRender
import HierarchyText

/// `--labels`: each drawn layer's tag at the top-left corner of its plane, back to front.
enum LabelOverlay {
    static func draw(_ content: LabelContent, layout: Layout, rendering: Rendering, spacing: Double, onto image: inout RGBAImage) throws(TextError) {
        let tags = rendering.labelAnchors(layout, spacing: spacing).compactMap { anchor in
            content.text(of: layout.layers[anchor.layer]).map { (text: $0, x: anchor.x, y: anchor.y) }
        }
        guard !tags.isEmpty else { return }
        // 11 px on a 1200-pixel side, more on larger pictures: small, still legible.
        let side = Double(min(image.width, image.height))
        let size = max(9, 11 * side / 1200)
        LayerTags.draw(tags, onto: &image, fonts: try FontLibrary.system(), pixelSize: size, maxWidth: size * 18)
    }
}
