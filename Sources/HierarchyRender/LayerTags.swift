import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyText

/// What `--labels` writes on each plane.
public enum LabelContent: String, CaseIterable, Hashable, Sendable {
    case none
    /// The class without its module or package ("TextView" for android.widget.TextView).
    case `class`
    /// The accessibility identifier or label, when there is one.
    case name
    case id

    /// The tag of `layer`; nil when there is nothing to write.
    public func text(of layer: Layer) -> String? {
        switch self {
        case .none: nil
        case .class: layer.className.split(separator: ".").last.map(String.init) ?? layer.className
        case .name: layer.name.flatMap { $0.isEmpty ? nil : $0 }
        case .id: layer.id
        }
    }
}

/// Small tags drawn over a picture: light text on a dark rounded plate, legible on any plane.
public enum LayerTags {
    /// Draws each `(text, x, y)` with the tag's top left just inside (x, y), in order, onto
    /// `image` (straight alpha). `pixelSize` is the text size; tags are cut at `maxWidth` pixels
    /// with an ellipsis.
    public static func draw(_ tags: [(text: String, x: Double, y: Double)], onto image: inout RGBAImage,
                            fonts: FontLibrary, pixelSize: Double, maxWidth: Double) {
        let pad = (pixelSize * 0.35).rounded(.up)
        let style = TextStyle(size: pixelSize, lineSpacing: 1.2, maximumLines: 1)
        for tag in tags {
            let set = fonts.typeset(tag.text, width: maxWidth, height: pixelSize * 1.25, style: style)
            guard !set.lines.isEmpty else { continue }
            let width = (set.width + 2 * pad).rounded(.up), height = (pixelSize * 1.25 + pad).rounded(.up)
            let x = (tag.x + 2).rounded(), y = (tag.y + 2).rounded()
            plate(x: Int(x), y: Int(y), width: Int(width), height: Int(height), radius: pad, onto: &image)
            // Left-to-right or not, the text starts at the plate's left padding.
            var placed = set
            for index in placed.lines.indices { placed.lines[index].x = 0 }
            fonts.draw(placed, in: Color(red: 0xF2, green: 0xF4, blue: 0xF7), into: &image, x: x + pad, y: y + pad / 2)
        }
    }

    /// The dark plate, 80 % opaque, with rounded corners.
    private static func plate(x: Int, y: Int, width: Int, height: Int, radius: Double, onto image: inout RGBAImage) {
        let alpha = 0.8
        for row in max(0, y)..<min(image.height, y + height) {
            for column in max(0, x)..<min(image.width, x + width) {
                let dx = max(0, max(Double(x) + radius - (Double(column) + 0.5), (Double(column) + 0.5) - (Double(x + width) - radius)))
                let dy = max(0, max(Double(y) + radius - (Double(row) + 0.5), (Double(row) + 0.5) - (Double(y + height) - radius)))
                let coverage = min(1, max(0, radius + 0.5 - (dx * dx + dy * dy).squareRoot()))
                let a = alpha * coverage
                guard a > 0 else { continue }
                let i = (row * image.width + column) * 4
                let da = Double(image.pixels[i + 3]) / 255
                let outA = a + da * (1 - a)
                for (channel, value) in [0x1B, 0x1E, 0x24].enumerated() {
                    let mixed = (Double(value) * a + Double(image.pixels[i + channel]) * da * (1 - a)) / outA
                    image.pixels[i + channel] = UInt8(min(255, mixed.rounded()))
                }
                image.pixels[i + 3] = UInt8((outA * 255).rounded())
            }
        }
    }
}

/// `--labels`: each drawn layer's tag at the top-left corner of its plane, back to front.
public enum LabelOverlay {
    /// Draws the tags of `content` for the layers of `layout` that `rendering` drew onto `image`
    /// (the rendering's picture), sized to the picture.
    public static func draw(_ content: LabelContent, layout: Layout, rendering: Rendering, spacing: Double, onto image: inout RGBAImage) throws(TextError) {
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
