import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyRender

/// Textures read from a capture's snapshot files when the renderer asks for them: only the
/// visible part is decoded, and it is reduced at once to what the picture can show.
struct CaptureTextures: TextureProvider {
    let capture: Capture

    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        let crop = try PNG.decode(file: capture.snapshotFile(plan.path), crop: plan.crop)
        let width = max(1, min(plan.width, maxSize.width)), height = max(1, min(plan.height, maxSize.height))
        return crop.resampled(width: width, height: height)
    }
}
