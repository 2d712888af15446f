import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// The textures of a page: each distinct PNG once, and for every layer the index of its PNG.
///
/// Screens repeat themselves (table cells, icons, separators), so identical textures are stored
/// once: two layers share an entry when their encoded PNGs are byte for byte the same.
struct HTMLTextureSet: Hashable, Sendable {
    /// Distinct PNG files, in the order of the first layer that uses each.
    var pngs: [[UInt8]]
    /// For each layer of the layout, the index in `pngs` of its texture, or nil.
    var index: [Int?]

    /// Makes and encodes every planned texture (on all cores) and de-duplicates them.
    static func encode(
        _ layout: Layout, textures: some TextureProvider, compression: PNGCompression, memo: PNGMemo? = nil
    ) throws(InputError) -> HTMLTextureSet {
        let encoded = try encodeAll(layout, textures: textures, compression: compression, memo: memo)
        var set = HTMLTextureSet(pngs: [], index: [])
        var seen: [Bytes: Int] = [:]
        for png in encoded {
            guard let png else { set.index.append(nil); continue }
            let key = Bytes(png)
            if let known = seen[key] { set.index.append(known); continue }
            seen[key] = set.pngs.count
            set.index.append(set.pngs.count)
            set.pngs.append(png)
        }
        return set
    }

    /// The PNG of every layer's texture, indexed like `layout.layers`; nil without one.
    private static func encodeAll(
        _ layout: Layout, textures: some TextureProvider, compression: PNGCompression, memo: PNGMemo?
    ) throws(InputError) -> [[UInt8]?] {
        try Parallel.map(layout.layers.count) { (i) throws(InputError) -> [UInt8]? in
            do {
                return try png(for: layout.layers[i], textures: textures, compression: compression, memo: memo)
            } catch {
                throw error as? InputError ?? InputError(location: "layer '\(layout.layers[i].id)'", "its texture failed: \(error)")
            }
        }
    }

    /// One layer's texture as PNG, at its planned size.
    private static func png(for layer: Layer, textures: some TextureProvider, compression: PNGCompression, memo: PNGMemo?) throws -> [UInt8]? {
        guard let plan = layer.texture, plan.width > 0, plan.height > 0 else { return nil }
        let size = PixelSize(width: plan.width, height: plan.height)
        guard var image = try textures.texture(for: layer, maxSize: size), image.width > 0, image.height > 0 else { return nil }
        // A provider may hand back more than asked for; the page stores the planned size.
        if image.width > plan.width || image.height > plan.height { image = image.resampled(width: plan.width, height: plan.height) }
        return try memo?.encode(image, compression: compression) ?? PNG.encode(image, compression: compression)
    }

    /// PNG bytes as a dictionary key, hashed by `ContentHash` (a SipHash of every byte cost more
    /// than the rest of de-duplicating).
    private struct Bytes: Hashable {
        let bytes: [UInt8]
        let hash: ContentHash
        init(_ bytes: [UInt8]) { (self.bytes, hash) = (bytes, ContentHash(bytes)) }
        static func == (a: Bytes, b: Bytes) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}
