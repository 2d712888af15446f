import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// Whole exports of the samples, in memory, against the specification's rules.
final class GLTFExportTests: XCTestCase {
    func testSampleGLBsAreValid() throws {
        for name in ["settings", "photos", "sheet"] {
            let (_, layout, textures) = try GLTFFixtures.sample(name)
            let files = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), .glb, name: "\(name).glb")
            XCTAssertEqual(Array(files.keys), ["\(name).glb"], "one self-contained file")
            let (json, binary) = try GLTFFiles.parseGLB(files["\(name).glb"]!)
            GLTFChecker.check(json, binary: binary)
            for image in json.array("images") { XCTAssertNil(image["uri"], name) }
        }
    }

    func testSampleGLTFNamesItsBinaryAndTexturesBesideIt() throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        let files = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), .gltf, name: "my scene.gltf")
        let json = try GLTFFiles.object(Data(files["my scene.gltf"]!))
        let buffer = try XCTUnwrap(json.array("buffers").first)
        XCTAssertEqual(buffer.string("uri"), "my%20scene.bin", "a URI, percent-encoded")
        let binary = try XCTUnwrap(files["my scene.bin"])
        XCTAssertEqual(buffer.int("byteLength"), binary.count)
        GLTFChecker.check(json, binary: binary)
        let uris = json.array("images").compactMap { $0.string("uri") }
        XCTAssertEqual(uris.count, json.array("images").count)
        for uri in uris {
            XCTAssertTrue(uri.hasPrefix("textures/"), uri)
            let png = try XCTUnwrap(files[uri], "\(uri) is written")
            XCTAssertNoThrow(try PNG.decode(png, name: uri))
        }
        XCTAssertEqual(files.count, uris.count + 2, "the images, the .bin and the .gltf, nothing else")
    }

    func testOpaqueSnapshotsAreOpaqueMaterials() throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        let files = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), .glb, name: "s.glb")
        let json = try GLTFFiles.parseGLB(files["s.glb"]!).json
        // Each material's mode follows from its texture's pixels and the layer's alpha.
        let meshes = json.array("meshes"), materials = json.array("materials")
        let nodes = json.array("nodes")
        var checked = 0
        for (index, texture) in textures {
            let layer = layout.layers[index]
            let node = try XCTUnwrap(nodes.first { $0.string("name") == LayerNode.name(layer) }, layer.id)
            let mesh = try XCTUnwrap(node.int("mesh"), layer.id)
            let material = materials[try XCTUnwrap(meshes[mesh].array("primitives").first?.int("material"), layer.id)]
            let opaque = texture.isOpaque && layer.alpha >= 1
            XCTAssertEqual(material.string("alphaMode") ?? "OPAQUE", opaque ? "OPAQUE" : "BLEND", layer.id)
            checked += 1
        }
        XCTAssertEqual(checked, textures.count)
        XCTAssertTrue(textures.values.contains { $0.isOpaque } && textures.values.contains { !$0.isOpaque }, "the sample has both kinds")
    }
}
