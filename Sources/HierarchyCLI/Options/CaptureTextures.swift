import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyRender

/// The renderer's texture provider over a capture: only the visible part of each snapshot is
/// decoded, and it is reduced at once to what the picture can show.
struct CaptureTextures: TextureProvider {
    let textures: LayerTextures
    /// Told of every layer the renderer takes up (it asks for each layer's texture once).
    var progress: ProgressReport?

    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        progress?.advance()
        return try textures.texture(for: layer, fitting: maxSize)
    }
}
