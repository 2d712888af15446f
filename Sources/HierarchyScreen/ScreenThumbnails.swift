import HierarchyImaging
import HierarchyModel
import HierarchyRender
import HierarchySource

/// A screen's two thumbnails, as the report shows them: `render`'s straight-on picture and its
/// default exploded picture, made smaller.
extension Screen {
    /// Both thumbnails, `height` pixels high, through `camera` (its style, background and depth
    /// range): the front one is the straight-on picture (`renderOptions(for:)`'s rule: its size's
    /// aspect, its margin, text without boxes), as wide as that aspect asks (within 1/4 and 4
    /// times the height); the exploded one has the default picture's aspect. `textures`: where the
    /// layers' textures come from when the caller keeps them for more (the report's viewer).
    public func thumbnails(camera: RenderOptions, height: Int, textures: some TextureProvider) throws(RenderError) -> (front: RGBAImage, exploded: RGBAImage) {
        var front = PictureRequest.straightOn(camera)
        let full = renderOptions(for: front).size
        front.size = PixelSize(width: Screen.thumbnailWidth(full, height: height), height: height)
        let exploded = PictureRequest.exploded(camera, height: height)
        return (try draw(front, textures), try draw(exploded, textures))
    }

    /// Both thumbnails, the textures read from the screen's document.
    public func thumbnails(camera: RenderOptions, height: Int) throws(RenderError) -> (front: RGBAImage, exploded: RGBAImage) {
        try thumbnails(camera: camera, height: height, textures: document.textures(for: layout))
    }

    /// The picture `request` asks for, without tags.
    private func draw(_ request: PictureRequest, _ textures: some TextureProvider) throws(RenderError) -> RGBAImage {
        try Renderer(options: renderOptions(for: request)).render(layout, textures: textures).image
    }

    /// The width of a picture of `size`'s aspect `height` pixels high, within 1/4 and 4 times the height.
    static func thumbnailWidth(_ size: PixelSize, height: Int) -> Int {
        guard size.width > 0, size.height > 0 else { return height }
        let width = (Double(height) * Double(size.width) / Double(size.height)).rounded()
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
