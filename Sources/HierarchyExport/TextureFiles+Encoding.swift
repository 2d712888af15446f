import Dispatch
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

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
        let results = ResultBox(count: jobs.count)
        let errors = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            guard !errors.hasError else { return }
            let (index, name) = jobs[i]
            do throws(InputError) {
                guard let image = try texture(layout.layers[index]) else { return }
                results.store(try EncodedTexture(name: name, image: image, compression: compression), at: i)
            } catch {
                errors.record(error)
            }
        }
        if let error = errors.first { throw error }
        var encoded: [Int: EncodedTexture] = [:]
        for (i, job) in jobs.enumerated() { encoded[job.key] = results.value(at: i) }
        return encoded
    }

    /// The same, reading each layer's snapshot from `capture`.
    public static func encode(
        _ layout: Layout, from capture: Capture, names: [Int: String], compression: PNGCompression = .fast
    ) throws(InputError) -> [Int: EncodedTexture] {
        let textures = capture.textures(for: layout)
        return try encode(layout, names: names, compression: compression) { (layer) throws(InputError) in
            try textures.texture(for: layer)
        }
    }
}

/// Results of concurrent work, one slot per job.
final class ResultBox: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var values: [EncodedTexture?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func store(_ value: EncodedTexture, at index: Int) {
        lock.wait()
        values[index] = value
        lock.signal()
    }

    func value(at index: Int) -> EncodedTexture? {
        lock.wait()
        defer { lock.signal() }
        return values[index]
    }
}
