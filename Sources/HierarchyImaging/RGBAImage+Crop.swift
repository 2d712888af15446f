import HierarchyLayout
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

    /// The texture `plan` describes: the crop, resampled by area averaging (on premultiplied
    /// values) to the planned size when that differs. The crop must lie within the image.
    public func texture(for plan: TexturePlan) -> RGBAImage {
        cropped(to: plan.crop).sized(for: plan)
    }

    /// This image, already cropped to `plan.crop`, at the planned size.
    func sized(for plan: TexturePlan) -> RGBAImage {
        sized(to: PixelSize(width: plan.width, height: plan.height))
    }

    /// This image resampled to `size` when that differs; a size or an image without pixels gives an
    /// empty image rather than a resampling to or from nothing.
    func sized(to size: PixelSize) -> RGBAImage {
        if size.width == width && size.height == height { return self }
        guard size.width > 0, size.height > 0, width > 0, height > 0 else {
            return RGBAImage(width: 0, height: 0, pixels: [], alpha: alpha)
        }
        return resampled(width: size.width, height: size.height)
    }
}
