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

    /// A name for the texture `texture(for: layer, maxSize: maxSize)` gives: layers whose keys are
    /// equal get equal textures, so the renderer reduces and mipmaps them once (a capture's repeated
    /// cells and icons). Nil, the default, promises nothing.
    func sharingKey(for layer: Layer, maxSize: PixelSize) -> AnyHashable?
}

extension TextureProvider {
    public func sharingKey(for layer: Layer, maxSize: PixelSize) -> AnyHashable? { nil }
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

/// A provider that tells `observer` of each texture it is asked for (to show progress), then
/// passes the request on to `base`, sharing keys included.
public struct ObservedTextures<Base: TextureProvider>: TextureProvider {
    private let base: Base
    private let observer: @Sendable () -> Void

    public init(_ base: Base, observer: @escaping @Sendable () -> Void) {
        self.base = base
        self.observer = observer
    }

    public func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        observer()
        return try base.texture(for: layer, maxSize: maxSize)
    }

    public func sharingKey(for layer: Layer, maxSize: PixelSize) -> AnyHashable? {
        base.sharingKey(for: layer, maxSize: maxSize)
    }
}
