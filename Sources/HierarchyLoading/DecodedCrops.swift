import HierarchyImaging
import HierarchyModel

/// The snapshot crops decoded last, so that a file that many layers show (a capture's repeated
/// cells, icons and badges) is decoded once rather than once a layer. Bounded by bytes: the least
/// recently used crops go first, and a crop larger than a quarter of the bound is never kept.
/// Decoding the same file and crop gives the same pixels, so what a picture shows does not depend
/// on the cache. Safe to use from several threads.
final class DecodedCrops: Sendable {
    private struct Key: Hashable {
        let file: String
        let crop: PixelRect
    }

    private let cache: CostBoundedCache<Key, RGBAImage>
    let maxBytes: Int

    init(maxBytes: Int = 32 << 20) {
        self.maxBytes = maxBytes
        cache = CostBoundedCache(maxCost: maxBytes)
    }

    /// The part `crop` of the PNG `file` (whose bytes are `content` when they were read earlier),
    /// decoded now or earlier.
    func decode(file: String, content: [UInt8]? = nil, crop: PixelRect) throws(InputError) -> RGBAImage {
        try cache.value(for: Key(file: file, crop: crop), cost: { $0.pixels.count }) { () throws(InputError) in
            try PNG.decode(file: file, content: content, crop: crop)
        }
    }
}
