import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// A screen's two thumbnails: the front view straight on (the screen as it looked) and the
/// exploded stack with the report's camera.
public enum ReportThumbnails {
    /// Draws both, `height` pixels high (the front view its contents, or its outlines when no
    /// layer has a picture or a colour): the front as wide as the screen's aspect asks (within
    /// 1/4 and 4 times the height), the exploded one square.
    public static func render(_ layout: Layout, textures: some TextureProvider, camera: RenderOptions, height: Int) throws(RenderError) -> (front: RGBAImage, exploded: RGBAImage) {
        var front = camera
        (front.yaw, front.pitch, front.projection, front.spacing, front.margin, front.zoom) = (0, 0, .orthographic, 0, 0, 1)
        // A capture without pictures shows its views' outlines instead.
        (front.minDepth, front.maxDepth) = (nil, nil)
        front.style = layout.layers.contains { $0.texture != nil || $0.backgroundColor != nil } ? .contents : .wireframe
        front.size = PixelSize(width: frontWidth(layout.screen, height: height), height: height)
        var exploded = camera
        exploded.size = PixelSize(width: height, height: height)
        let frontPicture = try Renderer(options: front).render(layout, textures: textures).image
        let explodedPicture = try Renderer(options: exploded).render(layout, textures: textures).image
        return (frontPicture, explodedPicture)
    }

    /// The front thumbnail's width for a screen `height` pixels high.
    static func frontWidth(_ screen: Rect, height: Int) -> Int {
        guard screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite else { return height }
        let width = (Double(height) * screen.width / screen.height).rounded()
        return Int(min(max(width, Double(max(1, height / 4))), Double(height * 4)))
    }

    /// The thumbnails of several screens side by side on the canvas colour, `gap` pixels apart:
    /// each screen's front above its exploded view (a contact sheet, and the test's golden).
    public static func sheet(_ pictures: [(front: RGBAImage, exploded: RGBAImage)], gap: Int = 8) -> RGBAImage {
        let columnWidth = pictures.map { max($0.front.width, $0.exploded.width) }
        let height = (pictures.map { $0.front.height + $0.exploded.height }.max() ?? 0) + 3 * gap
        let width = columnWidth.reduce(0, +) + gap * (pictures.count + 1)
        var sheet = RGBAImage(width: max(width, 1), height: max(height, 1), fill: RenderOptions.canvas)
        var x = gap
        for (i, picture) in pictures.enumerated() {
            sheet.paste(picture.front, x: x + (columnWidth[i] - picture.front.width) / 2, y: gap)
            sheet.paste(picture.exploded, x: x + (columnWidth[i] - picture.exploded.width) / 2, y: 2 * gap + picture.front.height)
            x += columnWidth[i] + gap
        }
        return sheet
    }
}

extension RGBAImage {
    /// Copies `image` with its top left corner at (x, y), clipped to this image.
    mutating func paste(_ image: RGBAImage, x: Int, y: Int) {
        let left = max(0, -x), right = min(image.width, width - x)
        guard left < right else { return }
        for row in 0..<image.height where y + row >= 0 && y + row < height {
            let from = (row * image.width + left) * 4, to = ((y + row) * width + x + left) * 4
            pixels.replaceSubrange(to..<to + (right - left) * 4, with: image.pixels[from..<from + (right - left) * 4])
        }
    }
}
