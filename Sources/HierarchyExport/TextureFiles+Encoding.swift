import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

extension TextureFiles {
    /// Each named layer's final texture encoded as PNG bytes in memory, on all cores (for a
    /// GLB, or files written later). Keys are layer indices, as in `names`. Throws the first error met.
    /// - Parameters:
    ///   - texture: a layer's final texture; nil leaves the layer out of the result.
    public static func encode(
        _ layout: Layout, names: [Int: String], compression: PNGCompression = .fast,
        texture: @Sendable (Layer) throws(InputError) -> RGBAImage?
    ) throws(InputError) -> [Int: EncodedTexture] {
        let jobs = names.sorted { $0.key < $1.key }
        let results = try Parallel.map(jobs.count) { (i) throws(InputError) -> EncodedTexture? in
            let (index, name) = jobs[i]
            guard let image = try texture(layout.layers[index]) else { return nil }
            return try EncodedTexture(name: name, image: image, compression: compression)
        }
        var encoded: [Int: EncodedTexture] = [:]
        for (i, job) in jobs.enumerated() { encoded[job.key] = results[i] }
        return encoded
    }

    /// The same, reading each layer's snapshot from `document`.
    public static func encode(
        _ layout: Layout, from document: some CaptureSource, names: [Int: String], compression: PNGCompression = .fast
    ) throws(InputError) -> [Int: EncodedTexture] {
        let textures = document.textures(for: layout)
        return try encode(layout, names: names, compression: compression) { (layer) throws(InputError) in
            try textures.texture(for: layer)
        }
    }
}
