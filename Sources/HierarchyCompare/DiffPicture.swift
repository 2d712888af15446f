import HierarchyDiff
import HierarchyImaging
import HierarchyModel
import HierarchyRender
import HierarchySource

/// The picture of a diff: the exploded AFTER stack, unchanged views dimmed, added ones outlined
/// green, changed ones amber with an amber ghost where moved or resized ones were, removed ones as
/// red ghosts where they were (`DiffColors`).
public enum DiffPicture {
    /// Draws `scene` with AFTER's textures (the ghosts have none), through `options` (the camera;
    /// its layer styles are the marks').
    public static func draw(_ scene: DiffScene, textures: some TextureProvider, options: RenderOptions) throws -> RGBAImage {
        var layout = scene.layout
        var options = options
        for (index, mark) in scene.marks.enumerated() {
            options.layerStyles[index] = style(mark)
            // Ghosts have no texture: a removed view is a faint red fill where it was; a former
            // place only an outline, so that it does not hide what moved in over it.
            if mark == .removed { layout.layers[index].backgroundColor = DiffColors.removed.withAlpha(0x50) }
        }
        return try Renderer(options: options).render(layout, textures: textures).image
    }

    /// How a layer with `mark` is drawn.
    public static func style(_ mark: DiffScene.Mark) -> LayerStyle {
        switch mark {
        case .unchanged: LayerStyle(opacity: 0.3, outlineColor: RenderOptions().outlineColor.withAlpha(0x30))
        case .added: LayerStyle(outlineColor: DiffColors.added, outlineScale: 2.5)
        case .changed: LayerStyle(outlineColor: DiffColors.changed, outlineScale: 2.5)
        case .removed: LayerStyle(outlineColor: DiffColors.removed, outlineScale: 2)
        case .formerPlace: LayerStyle(outlineColor: DiffColors.changed.withAlpha(0x90), outlineScale: 1)
        }
    }
}
