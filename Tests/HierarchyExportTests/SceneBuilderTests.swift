import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// The scene a layout becomes: nodes, nesting, placement, quads, materials, textures and camera,
/// read back from the GLB's JSON as any glTF reader would.
final class SceneBuilderTests: XCTestCase {
    private func export(_ layout: Layout, _ textures: [Int: EncodedTexture], _ options: ExportOptions = GLTFFixtures.options()) throws -> (json: [String: Any], binary: [UInt8]) {
        let files = try GLTFFixtures.files(layout, textures, options, .glb, name: "scene.glb")
        let parsed = try GLTFFiles.parseGLB(files["scene.glb"]!)
        GLTFChecker.check(parsed.json, binary: parsed.binary)
        return parsed
    }

    /// The node of each layer, found by name.
    private func nodes(_ json: [String: Any], _ layout: Layout) -> [(layer: Layer, index: Int, node: [String: Any])] {
        let nodes = json.array("nodes")
        return layout.layers.compactMap { layer in
            nodes.firstIndex { $0.string("name") == LayerNode.name(layer) }.map { (layer, $0, nodes[$0]) }
        }
    }

    func testOneNodePerLayerNamedWithItsExtras() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (json, _) = try export(layout, textures)
        let found = nodes(json, layout)
        XCTAssertEqual(found.count, layout.layers.count)
        let outlines = layout.layers.filter { $0.texture == nil && $0.backgroundColor == nil }.count
        XCTAssertEqual(json.array("nodes").count, layout.layers.count + outlines + 2, "the layers, their outlines' nodes, the root and the camera")
        let title = try XCTUnwrap(found.first { $0.layer.id == "title" })
        XCTAssertEqual(title.node.string("name"), "UILabel title \"Settings\"")
        let extras = try XCTUnwrap(title.node.object("extras"))
        XCTAssertEqual(extras.string("id"), "title")
        XCTAssertEqual(extras.string("class"), "UILabel")
        XCTAssertEqual(extras.string("name"), "Settings")
        XCTAssertEqual(extras.int("tag"), 7)
        XCTAssertEqual(extras.int("depth"), title.layer.depth)
        XCTAssertEqual(extras.object("frame")?.double("x"), 15)
        XCTAssertEqual(extras.object("frame")?.double("y"), 25)
        XCTAssertEqual(extras.object("fullFrame")?.double("width"), 40)
        XCTAssertEqual(extras.double("alpha"), 0.5, "the panel's 0.5 times the label's 1")
        let container = try XCTUnwrap(found.first { $0.layer.id == "container" })
        XCTAssertEqual(container.node.string("name"), "UIView container")
        XCTAssertNil(container.node.object("extras")?["name"], "no name key for a view without one")
    }

    func testLongAccessibilityNamesAreCutToBlendersLimit() {
        var layer = Layer(node: 0, id: "footer-0-label", className: "UILabel", frame: .zero, fullFrame: .zero)
        layer.name = "Allow apps to ask to track your activity across other companies' apps and websites."
        let name = LayerNode.name(layer)
        XCTAssertLessThanOrEqual(name.utf8.count, LayerNode.maxNameBytes)
        XCTAssertTrue(name.hasPrefix("UILabel footer-0-label \"Allow apps"), name)
        XCTAssertTrue(name.hasSuffix("…\""), name)
        layer.name = "Short"
        XCTAssertEqual(LayerNode.name(layer), "UILabel footer-0-label \"Short\"")
    }

    func testALayerPaintedBeforeItsParentStillHangsUnderIt() throws {
        // A web page: a negative z-index box is painted before the body that holds it.
        var tree = ViewTree(root: ViewNode(id: "viewport", className: "#viewport", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        func view(_ id: String, _ order: Int, _ frame: Rect) -> ViewNode {
            var node = ViewNode(id: id, className: "div", frame: frame, backgroundColor: Color(red: 200, green: 100, blue: 0))
            node.attributes["paint-order"] = String(order)
            return node
        }
        let body = tree.append(view("body", 2, Rect(x: 0, y: 0, width: 100, height: 100)), to: 0)
        tree.append(view("under", 1, Rect(x: 10, y: 10, width: 30, height: 30)), to: body)
        let layout = try Layout.compute(tree)
        XCTAssertEqual(layout.layers.map(\.id), ["viewport", "under", "body"])
        let (json, _) = try export(layout, [:])
        let found = Dictionary(uniqueKeysWithValues: nodes(json, layout).map { ($0.layer.id, $0.index) })
        let holder = json.array("nodes").firstIndex { ($0.ints("children") ?? []).contains(found["under"]!) }
        XCTAssertEqual(holder, found["body"])
    }

    func testNodesNestAsTheViewTreeAndSitAtTheirFramesCentres() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let options = GLTFFixtures.options()
        let (json, _) = try export(layout, textures, options)
        let found = nodes(json, layout)
        let nodeOfLayer = Dictionary(uniqueKeysWithValues: found.map { ($0.layer.id, $0.index) })
        let allNodes = json.array("nodes")
        for (layer, index, node) in found {
            let parentNode = allNodes.firstIndex { ($0.ints("children") ?? []).contains(index) }
            let expectedParent = layer.parentLayer.map { nodeOfLayer[layout.layers[$0].id]! } ?? 0
            XCTAssertEqual(parentNode, expectedParent, "\(layer.id)'s parent")
            XCTAssertNil(node["rotation"], "\(layer.id) is not rotated")
        }
        // World position: the frame's centre, y flipped, z = depth × spacing, in metres, minus the centre.
        let u = options.metresPerPoint, spacing = options.render.spacing
        let corners = layout.layers.flatMap { l in [(l.frame.minX, l.frame.minY), (l.frame.maxX, l.frame.maxY)].map { [$0.0, -$0.1, Double(l.depth) * spacing] } }
        let centre = (0..<3).map { c in (corners.map { $0[c] }.min()! + corners.map { $0[c] }.max()!) / 2 }
        let world = GLTFFixtures.worldPositions(json)
        for (layer, index, _) in found {
            let expected = [layer.frame.midX - centre[0], -layer.frame.midY - centre[1], Double(layer.depth) * spacing - centre[2]].map { $0 * u }
            assertClose(world[index]!, expected, 1e-12, "\(layer.id)'s world position")
        }
        XCTAssertEqual(json.array("nodes")[0].object("extras")?.double("metresPerPoint"), u)
    }

    func testQuadsHaveTheVisibleFrameSizeAndOutlinesAreLineLoops() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (json, _) = try export(layout, textures)
        let meshes = json.array("meshes"), accessors = json.array("accessors")
        let all = json.array("nodes")
        for (layer, _, node) in nodes(json, layout) {
            // An outline-only layer's line loop is on a child node of its own, the layer's first child.
            let outlined = layer.texture == nil && layer.backgroundColor == nil
            if outlined { XCTAssertNil(node["mesh"], "\(layer.id): no mesh on the layer's own node") }
            let holder = outlined ? all[node.ints("children")![0]] : node
            if outlined { XCTAssertEqual(holder.string("name"), LayerNode.outlineName(layer)) }
            let primitive = try XCTUnwrap(meshes[holder.int("mesh")!].array("primitives").first)
            let position = accessors[jsonInt(primitive.object("attributes")!["POSITION"])!]
            // Float32 values, compared as such (JSONSerialization on Linux may misround a Double's last digit).
            let half = [layer.frame.width, layer.frame.height].map { Float($0 * 0.0005 / 2) }
            XCTAssertEqual(position.doubles("max")?.map { Float($0) }, [half[0], half[1], 0], layer.id)
            XCTAssertEqual(position.doubles("min")?.map { Float($0) }, [-half[0], -half[1], 0], layer.id)
            if layer.id == "container" {
                XCTAssertEqual(primitive.int("mode"), 2, "a layer with neither snapshot nor colour is an outline")
                XCTAssertNil(primitive["indices"])
            } else {
                XCTAssertNil(primitive["mode"], "triangles, the default")
                XCTAssertEqual(primitive.object("attributes")?["TEXCOORD_0"] != nil, layer.texture != nil, layer.id)
            }
        }
    }

    func testMaterialsAreUnlitDoubleSidedAndBlendOnlyWhenSomethingIsTranslucent() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (json, _) = try export(layout, textures)
        let meshes = json.array("meshes"), materials = json.array("materials")
        var byLayer: [String: [String: Any]] = [:]
        for (layer, _, node) in nodes(json, layout) {
            // Outline-only layers carry their line loop on their first child.
            let mesh = node.int("mesh") ?? json.array("nodes")[node.ints("children")![0]].int("mesh")!
            let index = meshes[mesh].array("primitives")[0].int("material")!
            byLayer[layer.id] = materials[index]
        }
        for (id, material) in byLayer {
            XCTAssertEqual(material["doubleSided"] as? Bool, true, id)
            XCTAssertNotNil(material.object("extensions")?.object("KHR_materials_unlit"), id)
        }
        XCTAssertNil(byLayer["window"]?["alphaMode"], "an opaque snapshot at alpha 1 is OPAQUE (the default)")
        XCTAssertEqual(byLayer["badge"]?["alphaMode"] as? String, nil)
        XCTAssertEqual(byLayer["title"]?.string("alphaMode"), "BLEND", "opaque pixels but alpha 0.5")
        XCTAssertEqual(byLayer["title"]?.object("pbrMetallicRoughness")?.doubles("baseColorFactor"), [1, 1, 1, 0.5])
        XCTAssertEqual(byLayer["detail"]?.string("alphaMode"), "BLEND")
        // The panel: #3399FF at alpha 0.5, as linear factors.
        let panel = try XCTUnwrap(byLayer["panel"]?.object("pbrMetallicRoughness"))
        assertClose(panel.doubles("baseColorFactor") ?? [], [0.033105, 0.318547, 1, 0.5], 1e-5, "the panel's colour")
        XCTAssertNil(panel["baseColorTexture"])
        XCTAssertEqual(byLayer["panel"]?.string("alphaMode"), "BLEND")
        XCTAssertEqual(json["extensionsUsed"] as? [String], ["KHR_materials_unlit"])
        let sampler = try XCTUnwrap(json.array("samplers").first)
        XCTAssertEqual(sampler.int("magFilter"), 9729)
        XCTAssertEqual(sampler.int("minFilter"), 9987)
    }

    func testIdenticalTexturesAreStoredOnce() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (json, _) = try export(layout, textures)
        XCTAssertEqual(textures.count, 4)
        XCTAssertEqual(json.array("images").count, 3, "badge's picture is title's")
        XCTAssertEqual(json.array("images").map { $0.string("mimeType") }, ["image/png", "image/png", "image/png"])
    }

    func testDepthRangeKeepsLayersInRangeUnderTheirNearestExportedAncestor() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let panelDepth = layout.layer(withID: "panel")!.depth
        let options = GLTFFixtures.options { $0.render.minDepth = panelDepth }
        let (json, _) = try export(layout, textures, options)
        let kept = layout.layers.filter { $0.depth >= panelDepth }
        XCTAssertFalse(kept.isEmpty)
        XCTAssertLessThan(kept.count, layout.layers.count)
        XCTAssertEqual(json.array("meshes").count, kept.count)
        let names = Set(json.array("nodes").compactMap { $0.string("name") })
        for layer in layout.layers { XCTAssertEqual(names.contains(LayerNode.name(layer)), layer.depth >= panelDepth, layer.id) }
        // The panel's parent (container) is out of range: the panel hangs from the root.
        let panel = json.array("nodes").firstIndex { $0.string("name") == LayerNode.name(layout.layer(withID: "panel")!) }!
        XCTAssertTrue(json.array("nodes")[0].ints("children")!.contains(panel))
    }

    func testNothingInTheDepthRangeStillGivesAValidSceneWithItsCamera() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (json, binary) = try export(layout, textures, GLTFFixtures.options { $0.render.minDepth = 100 })
        XCTAssertNil(json["meshes"])
        XCTAssertNil(json["buffers"])
        XCTAssertNil(json["extensionsUsed"])
        XCTAssertTrue(binary.isEmpty)
        XCTAssertEqual(json.array("cameras").count, 1)
    }

    func testUnitsScaleTheWholeScene() throws {
        let (layout, textures) = try GLTFFixtures.small()
        let (half, _) = try export(layout, textures)
        let (full, _) = try export(layout, textures, GLTFFixtures.options { $0.metresPerPoint = 0.001 })
        let a = GLTFFixtures.worldPositions(half), b = GLTFFixtures.worldPositions(full)
        for index in a.keys { assertClose(b[index]!, a[index]!.map { $0 * 2 }, 1e-12, "node \(index)") }
    }

    func testTheSameInputGivesTheSameBytes() throws {
        let (layout, textures) = try GLTFFixtures.small()
        for container in GLTFExport.Container.allCases {
            let first = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), container, name: "scene.\(container)")
            let second = try GLTFFixtures.files(layout, textures, GLTFFixtures.options(), container, name: "scene.\(container)")
            XCTAssertEqual(first, second, "\(container)")
        }
    }
}
