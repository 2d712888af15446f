import Foundation
import HierarchyExport
import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The geometry of transformed views in the glTF scene: their polygons and texture coordinates,
/// read back from the GLB and compared with where UIKit puts each point of the view's bounds.
final class SceneBuilderGeometryTests: XCTestCase {
    /// The transformed screen laid out (snapshots at 3x) with a gradient texture on every layer that has one.
    private func transformedScreen() throws -> (tree: ViewTree, layout: Layout, textures: [Int: EncodedTexture]) {
        let tree = TransformedScreen.tree()
        var sizes: [String: PixelSize] = [:]
        for node in tree.nodes {
            if let path = node.snapshot { sizes[path] = PixelSize(width: Int(node.bounds.width * 3), height: Int(node.bounds.height * 3)) }
        }
        let layout = try Layout.compute(tree, options: LayoutOptions(), snapshotSizes: sizes)
        var textures: [Int: EncodedTexture] = [:]
        for (index, name) in TextureFiles.names(for: layout) {
            let layer = layout.layers[index], plan = layer.texture!
            textures[index] = try EncodedTexture(name: name, image: GLTFFixtures.picture(width: plan.width, height: plan.height, seed: layer.id, holes: false))
        }
        return (tree, layout, textures)
    }

    private func exportGLB(_ layout: Layout, _ textures: [Int: EncodedTexture], _ options: ExportOptions) throws -> (json: [String: Any], binary: [UInt8]) {
        let files = try GLTFFixtures.files(layout, textures, options, .glb, name: "transforms.glb")
        return try GLTFFiles.parseGLB(files["transforms.glb"]!)
    }

    func testTheTransformedScreenFollowsTheSpecificationsRules() throws {
        let (_, layout, textures) = try transformedScreen()
        XCTAssertEqual(layout.layers.filter { !$0.isUntransformed }.count, 9, "every transformed view (and the clipped child) is a layer")
        let (json, binary) = try exportGLB(layout, textures, GLTFFixtures.options())
        GLTFChecker.check(json, binary: binary)
        let files = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), .gltf, name: "transforms.gltf")
        GLTFChecker.check(try GLTFFiles.object(Data(files["transforms.gltf"]!)), binary: try XCTUnwrap(files["transforms.bin"]))
        // Each transformed layer is its own polygon: one vertex per polygon point, each with a
        // texture coordinate when the layer has a snapshot.
        for layer in layout.layers where !layer.isUntransformed {
            let mesh = try self.mesh(of: layer, json, binary)
            XCTAssertEqual(mesh.positions.count, layer.polygon.count, layer.id)
            XCTAssertEqual(mesh.uvs.count, layer.texture == nil ? 0 : layer.polygon.count, layer.id)
            XCTAssertEqual(mesh.indices.count, 3 * (layer.polygon.count - 2), "\(layer.id): a triangle fan")
        }
    }

    func testTurnedAndMirroredViewsPutTheTexturesTopLeftWhereUIKitPutsTheBoundsOrigin() throws {
        let (tree, layout, textures) = try transformedScreen()
        let options = GLTFFixtures.options()
        let (json, binary) = try exportGLB(layout, textures, options)
        let world = GLTFFixtures.worldPositions(json)
        // The scene's centre, as docs/gltf.md has it: the middle of the box around every layer's
        // visible frame at its depth, with the screen's y flipped.
        let spacing = options.render.spacing, u = options.metresPerPoint
        let corners = layout.layers.flatMap { l in [(l.frame.minX, l.frame.minY), (l.frame.maxX, l.frame.maxY)].map { [$0.0, -$0.1, Double(l.depth) * spacing] } }
        let centre = (0..<3).map { c in (corners.map { $0[c] }.min()! + corners.map { $0[c] }.max()!) / 2 }
        // Where the texture's top left (the bounds origin) lands on the screen: clockwise turns, a mirror.
        let origins: [(id: String, corner: (Rect) -> Point)] = [
            ("quarter", { Point(x: $0.maxX, y: $0.minY) }),
            ("half", { Point(x: $0.maxX, y: $0.maxY) }),
            ("mirror", { Point(x: $0.maxX, y: $0.minY) }),
        ]
        for (id, corner) in origins {
            let index = try XCTUnwrap(tree.index(ofID: id)), node = tree[index], layer = try XCTUnwrap(layout.layer(withID: id))
            XCTAssertEqual(layer.visibleBounds, node.bounds, "\(id) shows whole, so its texture is its whole snapshot")
            let toScreen = TransformedScreen.toRoot(tree, index)
            let origin = toScreen.apply(Point(x: node.bounds.x, y: node.bounds.y))
            assertClose([origin.x, origin.y], [corner(layer.frame).x, corner(layer.frame).y], 1e-9, "\(id)'s bounds origin on the screen")
            let mesh = try self.mesh(of: layer, json, binary)
            let placed = try XCTUnwrap(world[mesh.node], id)
            XCTAssertTrue(mesh.uvs.contains { $0 == [0, 0] }, "\(id) has a vertex at the texture's top left: \(mesh.uvs)")
            for (position, uv) in zip(mesh.positions, mesh.uvs) {
                // The point of the bounds this texture coordinate shows, placed by UIKit's mapping, in scene units.
                let p = toScreen.apply(Point(x: node.bounds.x + uv[0] * node.bounds.width, y: node.bounds.y + uv[1] * node.bounds.height))
                let expected = [p.x - centre[0], -p.y - centre[1], Double(layer.depth) * spacing - centre[2]].map { $0 * u }
                assertClose(zip(placed, position).map { $0 + $1 }, expected, 1e-6, "\(id): the vertex with UV \(uv)")
            }
            // Triangles counter-clockwise seen from the front (+z), mirrored or not.
            for triangle in stride(from: 0, to: mesh.indices.count, by: 3).map({ Array(mesh.indices[$0..<$0 + 3]) }) {
                let (a, b, c) = (mesh.positions[triangle[0]], mesh.positions[triangle[1]], mesh.positions[triangle[2]])
                XCTAssertGreaterThan((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]), 0, "\(id): triangle \(triangle)")
            }
        }
    }

    /// The layer's node and its mesh's positions, texture coordinates (none without a snapshot) and
    /// triangle indices, as read back.
    private func mesh(of layer: Layer, _ json: [String: Any], _ binary: [UInt8]) throws -> (node: Int, positions: [[Double]], uvs: [[Double]], indices: [Int]) {
        let node = try XCTUnwrap(json.array("nodes").firstIndex { $0.string("name") == LayerNode.name(layer) }, layer.id)
        let mesh = try XCTUnwrap(json.array("nodes")[node].int("mesh"), layer.id)
        let primitive = try XCTUnwrap(json.array("meshes")[mesh].array("primitives").first, layer.id)
        let attributes = try XCTUnwrap(primitive.object("attributes"), layer.id)
        func values(_ accessor: Int?) throws -> [[Double]] {
            try XCTUnwrap(accessor.flatMap { GLTFFiles.values(ofAccessor: $0, in: json, binary: binary) }, layer.id)
        }
        let uvs = jsonInt(attributes["TEXCOORD_0"]) == nil ? [] : try values(jsonInt(attributes["TEXCOORD_0"]))
        return (node, try values(jsonInt(attributes["POSITION"])), uvs, try values(primitive.int("indices")).map { Int($0[0]) })
    }
}
