import CPNG
import HierarchyModel

// A PNG that carries text beside its pixels: a golden keeps the layout it was rendered from.
extension PNG {
    /// Encodes `image` as an 8-bit RGBA PNG with `text` in a compressed iTXt chunk of keyword `key`
    /// (1 to 79 printable Latin-1 characters), written before the image data.
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .small, text: String, key: String) throws(InputError) -> [UInt8] {
        guard (1...79).contains(key.utf8.count), key.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), !key.hasPrefix(" "), !key.hasSuffix(" ") else {
            throw InputError("a PNG text keyword must be 1 to 79 printable characters without leading or trailing spaces, got '\(key)'")
        }
        guard !text.utf8.contains(0) else { throw InputError("PNG text cannot hold a NUL character") }
        let straight = try encodable(image)
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        try straight.pixels.withUnsafeBufferPointer { (pixels) throws(InputError) in
            try check { message, size in
                cpng_encode_memory_text(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4, compression.c,
                    key, text, text.utf8.count, &buffer, message, size)
            }
        }
        return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// Decodes a PNG and the text of its chunk of keyword `key` (nil when it has none).
    public static func decode(_ bytes: [UInt8], name: String, textKey key: String, limits: ImageLimits = .default) throws(InputError) -> (image: RGBAImage, text: String?) {
        var text: String?
        let image = try decode(bytes, name: name, limits: limits) { (decoder) throws(InputError) in
            text = decoder.text(key)
            return try decoder.decodeImage()
        }
        return (image, text)
    }
}
