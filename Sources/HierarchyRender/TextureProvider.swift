import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Delivers layer textures on demand, so that the renderer holds only a batch of them at a time.
///
/// The renderer asks once for each layer it draws, for a batch of layers at a time, on all cores
/// at once, and lets the textures go when the batch is drawn: implementations must be safe to call
/// concurrently.
public protocol TextureProvider: Sendable {
    /// The texture of `layer`: its planned crop (`layer.texture`), stretched over the visible
    /// frame, in either alpha mode. `maxSize` is the most the picture can show of it; returning
    /// more is allowed (the renderer reduces it by area averaging), returning less is magnified.
    /// Nil when the layer has no texture: it is then drawn with its background colour, if any.
    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage?
}

/// A provider that has no textures: layers are drawn with their background colours.
public struct NoTextures: TextureProvider {
    public init() {}
    public func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? { nil }
}

/// A provider made of a closure.
public struct TextureClosure: TextureProvider {
    private let body: @Sendable (Layer, PixelSize) throws -> RGBAImage?

    public init(_ body: @escaping @Sendable (_ layer: Layer, _ maxSize: PixelSize) throws -> RGBAImage?) {
        self.body = body
    }

    public func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        try body(layer, maxSize)
    }
}
