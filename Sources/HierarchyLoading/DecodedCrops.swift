import Foundation
import HierarchyImaging
import HierarchyModel

/// The snapshot crops decoded last, so that a file that many layers show (a capture's repeated
/// cells, icons and badges) is decoded once rather than once a layer. Bounded by bytes: the least
/// recently used crops go first, and a crop larger than the bound is never kept. Decoding the same
/// file and crop gives the same pixels, so what a picture shows does not depend on the cache.
/// Safe to use from several threads.
final class DecodedCrops: @unchecked Sendable {
    private struct Key: Hashable {
        let file: String
        let crop: PixelRect
    }

    private let lock = NSLock()
    private var entries: [Key: (image: RGBAImage, used: Int)] = [:]
    private var bytes = 0
    private var clock = 0
    let maxBytes: Int

    init(maxBytes: Int = 32 << 20) { self.maxBytes = maxBytes }

    /// The part `crop` of the PNG `file`, decoded now or earlier.
    func decode(file: String, crop: PixelRect) throws(InputError) -> RGBAImage {
        let key = Key(file: file, crop: crop)
        if let image = lookUp(key) { return image }
        let image = try PNG.decode(file: file, crop: crop)
        keep(image, as: key)
        return image
    }

    private func lookUp(_ key: Key) -> RGBAImage? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]!.used = clock
            return entry.image
        }
    }

    private func keep(_ image: RGBAImage, as key: Key) {
        let size = image.pixels.count
        guard size <= maxBytes / 4 else { return }
        lock.withLock {
            guard entries[key] == nil else { return }
            while bytes + size > maxBytes, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= oldest.value.image.pixels.count
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = (image, clock)
            bytes += size
        }
    }
}
