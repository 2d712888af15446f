import HierarchyImaging
import HierarchyModel

/// The mip chains of one picture that several layers share: layers whose provider names the same
/// texture (`TextureProvider.sharingKey`) and that need it at the same size and number of levels
/// get one chain, reduced once. Bounded by bytes; a chain stays alive while a layer holds it.
struct SharedChains: Sendable {
    struct Key: Hashable {
        let texture: AnyHashable
        let finest: PixelSize
        let levels: Int
    }

    private let cache: CostBoundedCache<Key, MipChain>

    init(maxBytes: Int = 32 << 20) { cache = CostBoundedCache(maxCost: maxBytes) }

    /// The chain kept for `key`, or the one `make` builds now.
    func chain<E: Error>(for key: Key, make: () throws(E) -> MipChain) throws(E) -> MipChain {
        try cache.value(for: key, cost: \.byteCount, make: make)
    }
}
