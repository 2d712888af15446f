import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// The final textures of a layout as PNG files: each layer's snapshot cropped to its visible part
/// and reduced as planned — exactly what the renderer and the exporters draw.
public enum TextureFiles {
    /// A file name for each layer with a texture, from its id: characters other than letters,
    /// digits, `-`, `_` and `.` become `_`, a leading dot is dropped, and repeats get `-2`, `-3`…
    /// so that no id can name a path outside the folder; a name longer than `longestBase` bytes is
    /// cut and ended with a hash of the whole id (stable: the same id, the same name), so that it
    /// fits a file system's 255 bytes with room for the writer's temporary suffix. Keys are layer indices.
    public static func names(for layout: Layout) -> [Int: String] {
        var names: [Int: String] = [:]
        var used: Set<String> = []
        for (index, layer) in layout.layers.enumerated() where layer.texture != nil {
            var base = String(layer.id.unicodeScalars.map { scalar -> Character in
                let ok = (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "-_.".unicodeScalars.contains(scalar)
                return ok ? Character(scalar) : "_"
            })
            while base.hasPrefix(".") { base.removeFirst() }
            if base.isEmpty { base = "layer" }
            if base.utf8.count > longestBase { base = String(base.prefix(longestBase - 17)) + "-" + ContentHash(Array(layer.id.utf8)).hex.prefix(16) }
            var name = base + ".png", n = 2
            while used.contains(name.lowercased()) { name = "\(base)-\(n).png"; n += 1 }
            used.insert(name.lowercased())
            names[index] = name
        }
        return names
    }

    /// The longest name before `.png` and a repeat's `-N` (the characters kept are ASCII, one byte each).
    public static let longestBase = 200

    /// Writes every layer's texture into `folder` (created if missing) under `names`, encoding on
    /// all cores; each file is written whole or not at all. Throws the first error met.
    public static func write(
        _ layout: Layout, from document: some CaptureSource, names: [Int: String], into folder: String,
        compression: PNGCompression = .fast
    ) throws(InputError) {
        let jobs = names.sorted { $0.key < $1.key }
        let textures = document.textures(for: layout)
        _ = try Parallel.map(jobs.count) { (i) throws(InputError) -> Void? in
            let (index, name) = jobs[i]
            guard let image = try textures.texture(for: layout.layers[index]) else { return nil }
            try PNG.write(image, to: folder + "/" + name, compression: compression)
            return nil
        }
    }
}
