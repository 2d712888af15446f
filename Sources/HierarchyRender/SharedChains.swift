import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// The mip chains of one picture that several layers share: layers whose provider names the same
/// texture (`TextureProvider.sharingKey`) and that need it at the same size and number of levels
/// get one chain, reduced once. Bounded by bytes; a chain stays alive while a layer holds it.
struct SharedChains: Sendable {
    struct Key: Hashable {
        let texture: TextureKey
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

/// Which layers show a texture another layer shows too (the provider's `sharingKey` at the size
/// the picture needs), found before anything is prepared: only their chains are worth keeping in
/// `SharedChains`, and a layer whose texture an earlier layer makes is prepared last in its batch.
struct TextureSharing {
    /// For each layer in drawing order: the position of the first layer with its texture, or -1
    /// when no other layer has it.
    private let first: [Int]

    private struct Key: Hashable {
        let texture: TextureKey
        let size: PixelSize
    }

    init(order: [Int], projections: [LayerProjection], layout: Layout, textures: some TextureProvider) {
        // The keys on all cores (a provider's key names a file: a path and a hash), then matched in order.
        let keys = UnsafeMutableBufferPointer<Key?>.allocate(capacity: order.count)
        defer { keys.deallocate() }
        let slots = Shared(keys), run = 256
        DispatchQueue.concurrentPerform(iterations: (order.count + run - 1) / run) { r in
            for position in r * run..<min(order.count, (r + 1) * run) {
                let layer = layout.layers[order[position]]
                var key: Key?
                if let plan = layer.texture {
                    let size = TexturePreparation.neededSize(plan, projections[position])
                    key = textures.sharingKey(for: layer, maxSize: size).map { Key(texture: $0, size: size) }
                }
                slots.value.baseAddress!.advanced(by: position).initialize(to: key)
            }
        }
        var firsts: [Key: Int] = [:]
        var first = [Int](repeating: -1, count: order.count)
        for position in order.indices {
            guard let key = keys[position] else { continue }
            let earlier = firsts[key, default: position]
            firsts[key] = earlier
            if earlier != position {
                first[position] = earlier
                first[earlier] = earlier
            }
        }
        _ = keys.baseAddress!.deinitialize(count: order.count)
        self.first = first
    }

    /// Whether another layer shows the texture of the layer at `position`.
    func isShared(_ position: Int) -> Bool { first[position] >= 0 }

    /// Whether a layer drawn earlier shows the same texture (its chain is made, or being made).
    func isMadeEarlier(_ position: Int) -> Bool { first[position] >= 0 && first[position] < position }
}
