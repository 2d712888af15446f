import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// glTF 2.0 export: `.gltf` (JSON, with `<name>.bin` and a `textures` folder beside it) or `.glb`
/// (one self-contained binary file). The scene is `SceneBuilder`'s; docs/gltf.md describes it.
public enum GLTFExport {
    public enum Container: String, CaseIterable, Hashable, Sendable {
        /// A `.gltf` JSON file with a `.bin` buffer and PNG files beside it.
        case gltf
        /// One binary file holding the JSON, the buffer and the images.
        case glb
    }

    /// The folder the images of a `.gltf` go into, beside it.
    public static let textureFolder = "textures"

    /// The files of the export, in memory, as paths relative to the named file's folder with their
    /// bytes; the named file (`name`) comes last.
    public static func files(
        _ layout: Layout, textures: [Int: EncodedTexture], options: ExportOptions, container: Container, name: String
    ) throws(InputError) -> [(path: String, bytes: [UInt8])] {
        switch container {
        case .glb:
            let scene = SceneBuilder.build(layout, textures: textures, options: options, images: .embedded)
            let json = GLTFWriter.text(scene.document)
            guard GLBContainer.fits(jsonBytes: json.utf8.count, binaryBytes: scene.binary.count) else {
                throw InputError(file: name, "the scene needs \(scene.binary.count) bytes of buffer: more than a GLB holds (4 GiB); export as gltf")
            }
            return [(name, GLBContainer.pack(json: json, binary: scene.binary))]
        case .gltf:
            var scene = SceneBuilder.build(layout, textures: textures, options: options, images: .files(folder: textureFolder))
            var files = scene.imageFiles.map { (path: $0.path, bytes: $0.png) }
            if !scene.binary.isEmpty {
                let binName = binaryName(for: name)
                scene.document.buffers[0].uri = uriEncoded(binName)
                files.append((binName, scene.binary))
            }
            files.append((name, Array(GLTFWriter.text(scene.document).utf8)))
            return files
        }
    }

    /// Exports the layers of `layout` in the depth range of `options` to `path`, with their textures
    /// read from `document`. The output is written beside the target and moved into place.
    /// - Throws: `RenderError` for options out of range; `InputError` for a snapshot that cannot be
    ///   read, an output that exists (unless `replace`), is the input, or cannot be written.
    public static func write(
        _ layout: Layout, from document: some CaptureSource, to path: String, container: Container, options: ExportOptions, replace: Bool
    ) throws {
        try options.validate()
        let names = TextureFiles.names(for: layout).filter { options.render.includes(depth: layout.layers[$0.key].depth) }
        let name = (path as NSString).lastPathComponent
        var companions: [String] = []
        if container == .gltf {
            if !names.isEmpty { companions.append(textureFolder) }
            if layout.layers.contains(where: { options.render.includes(depth: $0.depth) }) { companions.append(binaryName(for: name)) }
        }
        let destination = ExportDestination(path: path, companions: companions, replace: replace)
        try destination.check(protecting: document.inputFiles)
        let textures = try TextureFiles.encode(layout, from: document, names: names)
        let output = try files(layout, textures: textures, options: options, container: container, name: name)
        try destination.write { (staging) throws(InputError) in
            for file in output { try staging.write(file.bytes, to: file.path) }
        }
    }

    /// `<name without .gltf>.bin`.
    static func binaryName(for name: String) -> String {
        (name.lowercased().hasSuffix(".gltf") ? String(name.dropLast(5)) : name) + ".bin"
    }

    /// A file name as a relative URI: characters outside RFC 3986's unreserved set percent-encoded.
    static func uriEncoded(_ name: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}
