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
    func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey?

    /// For a texture too large to hold whole (a tall scroll view's snapshot): its size and a way to
    /// have it area-averaged straight to a smaller size as it is decoded. The renderer then never
    /// holds the image, and the result is the same as averaging `texture(for:maxSize:)`. Nil, the
    /// default: the renderer asks `texture(for:maxSize:)`.
    func streamedTexture(for layer: Layer, maxSize: PixelSize) -> StreamedTexture?
}

extension TextureProvider {
    public func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey? { nil }
    public func streamedTexture(for layer: Layer, maxSize: PixelSize) -> StreamedTexture? { nil }
}

/// What names a texture for `TextureProvider.sharingKey`: a source (a file's path, say), the part
/// of it shown, and the size it is reduced to, when it is. A plain value rather than `AnyHashable`:
/// the renderer hashes one for each layer of a picture.
public struct TextureKey: Hashable, Sendable {
    public var source: String
    public var crop: PixelRect?
    public var reducedTo: PixelSize?

    public init(source: String, crop: PixelRect? = nil, reducedTo: PixelSize? = nil) {
        self.source = source
        self.crop = crop
        self.reducedTo = reducedTo
    }
}

/// A texture delivered averaged to the size asked for, row by row (see `TextureProvider.streamedTexture`).
public struct StreamedTexture: Sendable {
    /// The size `texture(for:maxSize:)` would give.
    public let size: PixelSize
    private let body: @Sendable (PixelSize, (Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws -> Void

    /// - Parameter average: writes the texture area-averaged to the size given (at most `size`) as
    ///   premultiplied Float rows in 0...1, row `y` at the pointer for `y`, top to bottom.
    public init(size: PixelSize, average: @escaping @Sendable (PixelSize, (Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws -> Void) {
        self.size = size
        body = average
    }

    /// The texture area-averaged to `size` (at most `size` of the texture's), row `y` written at `row(y)`.
    public func average(to size: PixelSize, into row: (Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws {
        try body(size, row)
    }
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
/// passes the request on to `base`, sharing keys and streamed textures included.
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

    public func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey? {
        base.sharingKey(for: layer, maxSize: maxSize)
    }

    public func streamedTexture(for layer: Layer, maxSize: PixelSize) -> StreamedTexture? {
        guard let streamed = base.streamedTexture(for: layer, maxSize: maxSize) else { return nil }
        observer()
        return streamed
    }
}
