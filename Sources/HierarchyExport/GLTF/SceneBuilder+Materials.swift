import HierarchyFormats
import HierarchyModel
import HierarchyRender

extension SceneBuilder {
    /// A snapshot's material: the texture times (1, 1, 1, alpha); blended unless both are opaque.
    mutating func texturedMaterial(_ texture: EncodedTexture, alpha: Double) -> Int {
        var material = SceneBuilder.unlit(name: String(texture.name.dropLast(4)) + SceneBuilder.alphaSuffix(alpha))
        material.baseColorTexture = textureIndex(texture)
        material.baseColorFactor = SIMD4(1, 1, 1, alpha)
        material.alphaMode = texture.isOpaque && alpha >= 1 ? .opaque : .blend
        return add(material)
    }

    /// A plain material of a background colour (sRGB, converted to glTF's linear factors) times alpha.
    mutating func colourMaterial(_ colour: Color, alpha: Double) -> Int {
        var material = SceneBuilder.unlit(name: colour.hex + SceneBuilder.alphaSuffix(alpha))
        let opacity = Double(colour.alpha) / 255 * alpha
        material.baseColorFactor = SIMD4(SceneBuilder.linear(colour.red), SceneBuilder.linear(colour.green),
                                         SceneBuilder.linear(colour.blue), opacity)
        material.alphaMode = opacity >= 1 ? .opaque : .blend
        return add(material)
    }

    /// The material of outlines: the renderer's outline colour.
    mutating func outlineMaterial() -> Int {
        let colour = RenderOptions().outlineColor
        var material = SceneBuilder.unlit(name: "outline")
        material.baseColorFactor = SIMD4(SceneBuilder.linear(colour.red), SceneBuilder.linear(colour.green),
                                         SceneBuilder.linear(colour.blue), Double(colour.alpha) / 255)
        material.alphaMode = colour.alpha == 255 ? .opaque : .blend
        return add(material)
    }

    /// The texture of these PNG bytes, added with its image (and the shared sampler) the first time.
    private mutating func textureIndex(_ texture: EncodedTexture) -> Int {
        if let index = textureIndex[texture.png] { return index }
        if document.samplers.isEmpty {
            document.samplers = [GLTFDocument.Sampler(
                magFilter: GLTFDocument.Sampler.linear, minFilter: GLTFDocument.Sampler.linearMipmapLinear,
                wrapS: GLTFDocument.Sampler.clampToEdge, wrapT: GLTFDocument.Sampler.clampToEdge)]
        }
        let name = String(texture.name.dropLast(4))
        switch storage {
        case .embedded:
            let view = buffer.append(texture.png)
            document.images.append(GLTFDocument.Image(name: name, source: .bufferView(view, mimeType: "image/png")))
        case .files(let folder):
            let path = folder + "/" + texture.name
            document.images.append(GLTFDocument.Image(name: name, source: .uri(path)))
            imageFiles.append(GLTFScene.ImageFile(path: path, png: texture.png))
        }
        document.textures.append(GLTFDocument.Texture(sampler: 0, source: document.images.count - 1))
        textureIndex[texture.png] = document.textures.count - 1
        return document.textures.count - 1
    }

    /// The index of an equal material, or of this one, added.
    private mutating func add(_ material: GLTFDocument.Material) -> Int {
        if let index = materialIndex[material] { return index }
        document.materials.append(material)
        materialIndex[material] = document.materials.count - 1
        return document.materials.count - 1
    }

    /// An unlit, double-sided material; the metallic and roughness factors are the fallback the
    /// unlit extension recommends for viewers that do not know it.
    static func unlit(name: String) -> GLTFDocument.Material {
        var material = GLTFDocument.Material(name: name)
        material.metallicFactor = 0
        material.roughnessFactor = 0.9
        material.doubleSided = true
        material.unlit = true
        return material
    }

    /// ` alpha 0.5` when the layer is translucent, so that names tell the materials apart.
    static func alphaSuffix(_ alpha: Double) -> String {
        alpha >= 1 ? "" : " alpha " + JSONText.number(alpha)
    }

    /// An 8-bit sRGB channel as a linear value (the sRGB transfer function, inverted).
    static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
    }
}
