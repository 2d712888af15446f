import HierarchyModel

/// What to cut from a layer's snapshot and how large the texture ends up.
public struct TexturePlan: Hashable, Sendable {
    /// The snapshot's path as the document gives it.
    public var path: String
    /// The whole snapshot's size.
    public var source: PixelSize
    /// The part of the snapshot that shows: the visible frame in snapshot pixels, rounded outward.
    public var crop: PixelRect
    /// The final texture size: the crop's, or smaller so that neither side exceeds the maximum.
    public var width: Int
    public var height: Int

    public init(path: String, source: PixelSize, crop: PixelRect, width: Int, height: Int) {
        self.path = path
        self.source = source
        self.crop = crop
        self.width = width
        self.height = height
    }

    /// True when the crop is drawn at a smaller size than it was captured.
    public var isReduced: Bool { width != crop.width || height != crop.height }
}
