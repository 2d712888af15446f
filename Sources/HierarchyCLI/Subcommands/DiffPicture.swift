import HierarchyDiff
import HierarchyFormats
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyRender

/// The picture of a diff: the exploded AFTER stack, unchanged views dimmed, added ones outlined
/// green, changed ones amber with an amber ghost where moved or resized ones were, removed ones as
/// red ghosts where they were.
enum DiffPicture {
    static let green = Color(red: 0x34, green: 0xC7, blue: 0x59)
    static let amber = Color(red: 0xFF, green: 0xB0, blue: 0x20)
    static let red = Color(red: 0xFF, green: 0x45, blue: 0x3A)

    static func draw(_ scene: DiffScene, document: LoadedDocument, camera: CameraOptionGroup, to path: String) throws {
        var layout = scene.layout
        var options = RenderOptions()
        camera.apply(to: &options)
        for (index, mark) in scene.marks.enumerated() {
            options.layerStyles[index] = style(mark)
            // Ghosts have no texture: a removed view is a faint red fill where it was; a former
            // place only an outline, so that it does not hide what moved in over it.
            if mark == .removed { layout.layers[index].backgroundColor = red.withAlpha(0x50) }
        }
        let renderer = try Renderer(options: options)
        let rendering = try renderer.render(layout, textures: document.textures(for: layout))
        try PNG.write(rendering.image, to: path)
    }

    /// How a layer with `mark` is drawn.
    static func style(_ mark: DiffScene.Mark) -> LayerStyle {
        switch mark {
        case .unchanged: LayerStyle(opacity: 0.3, outlineColor: RenderOptions().outlineColor.withAlpha(0x30))
        case .added: LayerStyle(outlineColor: green, outlineScale: 2.5)
        case .changed: LayerStyle(outlineColor: amber, outlineScale: 2.5)
        case .removed: LayerStyle(outlineColor: red, outlineScale: 2)
        case .formerPlace: LayerStyle(outlineColor: amber.withAlpha(0x90), outlineScale: 1)
        }
    }
}

extension Color {
    func withAlpha(_ alpha: UInt8) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
