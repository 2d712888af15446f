import HierarchyModel

/// How large an image the decoders accept, checked against the declared size before any pixel
/// buffer is allocated, so that a crafted header cannot make us reserve gigabytes.
public struct ImageLimits: Hashable, Sendable {
    /// The largest width × height accepted.
    public var maxPixels: Int

    /// Limits accepting images of up to `maxPixels` pixels.
    public init(maxPixels: Int) {
        self.maxPixels = maxPixels
    }

    /// 256 megapixels: a 1 GB RGBA buffer, well beyond any device screenshot.
    public static let `default` = ImageLimits(maxPixels: 256_000_000)

    /// Throws when a `width`×`height` image is larger than the limit (the error names no file).
    public func check(width: Int, height: Int) throws(InputError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maxPixels else { return }
        throw InputError("\(width)×\(height) pixels exceeds the limit of \(maxPixels)")
    }
}
