import HierarchyModel

extension RGBAImage {
    /// The pixels inside `rect`, which must lie within the image; one copy of the cropped rows only.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0
            && rect.width <= width - rect.x && rect.height <= height - rect.y, "the crop lies outside the image")
        if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        let rowBytes = rect.width * 4, count = rowBytes * rect.height
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.height where rowBytes > 0 {
                    let start = source.baseAddress! + ((rect.y + row) * width + rect.x) * 4
                    (buffer.baseAddress! + row * rowBytes).initialize(from: start, count: rowBytes)
                }
            }
            initialized = count
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: out, alpha: alpha)
    }
}
