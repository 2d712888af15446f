import HierarchyImaging
import HierarchyModel

/// A layer's final texture as PNG bytes, with what a material needs to know about it.
public struct EncodedTexture: Hashable, Sendable {
    /// The file name `TextureFiles.names(for:)` gave the layer, e.g. `title.png`.
    public var name: String
    public var png: [UInt8]
    public var width: Int
    public var height: Int
    /// Whether every pixel's alpha is 255 (an opaque material needs no blending).
    public var isOpaque: Bool

    public init(name: String, png: [UInt8], width: Int, height: Int, isOpaque: Bool) {
        self.name = name
        self.png = png
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }

    /// Encodes `image` (straight or premultiplied) as a PNG named `name`.
    public init(name: String, image: RGBAImage, compression: PNGCompression = .fast) throws(InputError) {
        self.init(name: name, png: try PNG.encode(image, compression: compression), width: image.width,
                  height: image.height, isOpaque: EncodedTexture.isOpaque(image))
    }

    /// Whether every alpha byte of `image` is 255.
    public static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            var index = 3
            while index < p.count {
                if p[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }
}
