import HierarchyTestSupport
import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLoading
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import XCTest

/// The settings sample exported and imported into real Blender (in background mode) by
/// `Blender/import_scene.py`, which reports what Blender made of it: one mesh object per layer,
/// named as the layer's node, with its custom properties, nested as the view tree, at the
/// layout's positions (depth order kept), with the images and the camera; and a picture from the
/// imported camera framed as `hierarchy render` frames it.
///
/// Without Blender the tests are skipped, saying so; under CI (the environment variable CI is
/// set) a missing Blender is a failure. `.ci/run` installs it.
/// `HIERARCHY_RECORD_BLENDER_PICTURE=1` also writes docs/images/blender-settings.png (800×600).
final class BlenderImportTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyExportTests/Blender/import_scene.py").path
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-blender-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testSettingsGLTFImportsIntoBlender() throws {
        try checkImport(.gltf)
    }

    func testSettingsGLBImportsIntoBlender() throws {
        try checkImport(.glb)
    }

    /// A turned view, a mirrored one and a view cut by a turned clipper: Blender places each at its
    /// visible frame's centre with its polygon's vertices, two triangles for a four-sided polygon.
    func testTransformedViewsImportIntoBlender() throws {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 300), backgroundColor: Color(red: 240, green: 240, blue: 240)))
        let turned = tree.append(ViewNode(id: "turned", frame: Rect(x: 40, y: 40, width: 120, height: 60), transform: .rotation(degrees: 30),
                                          clipsToBounds: true, backgroundColor: Color(red: 200, green: 80, blue: 60)), to: 0)
        tree.append(ViewNode(id: "cut", frame: Rect(x: -20, y: 10, width: 160, height: 30), backgroundColor: Color(red: 0, green: 0, blue: 255)), to: turned)
        tree.append(ViewNode(id: "mirrored", frame: Rect(x: 20, y: 200, width: 100, height: 40), transform: .scale(-1, 1),
                             backgroundColor: Color(red: 0, green: 160, blue: 0)), to: 0)
        let layout = try Layout.compute(tree)
        let options = GLTFFixtures.options()
        let path = folder.appendingPathComponent("turned.glb").path
        try Data(try GLTFFixtures.files(layout, [:], options, .glb, name: "turned.glb")["turned.glb"]!).write(to: URL(fileURLWithPath: path))
        let objects = try runBlender(path).array("objects")
        let byName = Dictionary(uniqueKeysWithValues: objects.compactMap { o in o.string("name").map { ($0, o) } })
        let u = options.metresPerPoint
        for layer in layout.layers {
            let object = try XCTUnwrap(byName[LayerNode.name(layer)], layer.id)
            let mesh = try XCTUnwrap(object.object("mesh"), layer.id)
            XCTAssertEqual(mesh.int("vertices"), layer.polygon.count, layer.id)
            XCTAssertEqual(mesh.int("polygons"), layer.polygon.count - 2, "\(layer.id): a triangle fan")
            // The polygon's box is the frame: its extent around the node is the frame's.
            let bounds = (mesh["local_bounds"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
            let w = layer.frame.width * u / 2, h = layer.frame.height * u / 2
            assertClose(bounds.flatMap { $0 }, [-w, w, 0, 0, -h, h], 1e-6, "\(layer.id)'s extent")
        }
        XCTAssertEqual(layout.layer(withID: "turned")?.outline?.count, 4, "a turned rectangle")
        XCTAssertEqual(layout.layer(withID: "cut")?.isClipped, true, "cut by the turned clipper")
        XCTAssertNotNil(layout.layer(withID: "cut")?.outline, "a polygon, not its box")
    }

    /// Blender's picture from the imported camera covers the same pixels as render's (contents only).
    func testBlenderPictureIsFramedAsRenderFramesIt() throws {
        let size = PixelSize(width: 400, height: 300)
        let scene = try export(.glb, size: size)
        let blenderPicture = folder.appendingPathComponent("blender.png").path
        _ = try runBlender(scene.path, render: blenderPicture, size: size)
        let renderPicture = folder.appendingPathComponent("render.png").path
        // As `hierarchy render SAMPLE --style contents --size 400x300` draws it.
        let document = try LoadedDocument.load(GLTFFixtures.samplePath("settings"))
        let layout = try document.layout(LayoutOptions())
        var options = RenderOptions()
        (options.style, options.size) = (.contents, size)
        try PNG.write(Renderer(options: options).render(layout, textures: document.textures(for: layout)).image, to: renderPicture)
        let a = try coverage(PNG.decode(file: blenderPicture)), b = try coverage(PNG.decode(file: renderPicture))
        let both = zip(a, b).filter { $0 && $1 }.count, either = zip(a, b).filter { $0 || $1 }.count
        let overlap = Double(both) / Double(max(1, either))
        XCTAssertGreaterThan(overlap, 0.95, "the drawn pixels of Blender's picture and render's overlap by \(overlap)")
        XCTAssertGreaterThan(both, size.width * size.height / 10, "both pictures show the stack")
        if ProcessInfo.processInfo.environment["HIERARCHY_RECORD_BLENDER_PICTURE"] != nil { try recordPicture() }
    }

    // MARK: - The import

    private func checkImport(_ container: GLTFExport.Container, file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try export(container, size: PixelSize(width: 800, height: 600))
        let report = try runBlender(scene.path)
        let objects = report.array("objects")
        let byName = Dictionary(uniqueKeysWithValues: objects.compactMap { o in o.string("name").map { ($0, o) } })
        let layout = scene.layout, options = scene.options, u = options.metresPerPoint

        // One mesh object per layer (its node, or its outline's child node), under the root, which holds the placement.
        let meshes = objects.filter { $0.string("type") == "MESH" }
        XCTAssertEqual(meshes.count, layout.layers.count, "one mesh object per layer", file: file, line: line)
        let root = try XCTUnwrap(byName["settings"], "the root empty", file: file, line: line)
        XCTAssertEqual(root.string("type"), "EMPTY", file: file, line: line)
        let origin = translation(root)
        var depthByBlenderY: [(y: Double, depth: Int)] = []
        for layer in layout.layers {
            let name = LayerNode.name(layer)
            let outlined = layer.texture == nil && layer.backgroundColor == nil
            guard let object = byName[name], object.string("type") == (outlined ? "EMPTY" : "MESH") else { XCTFail("no object \(name)", file: file, line: line); continue }
            checkProperties(object, layer, file: file, line: line)
            let parent = layer.parentLayer.map { LayerNode.name(layout.layers[$0]) } ?? "settings"
            XCTAssertEqual(object.string("parent"), parent, "\(name)'s parent", file: file, line: line)
            // glTF (x, y, z) is Blender (x, -z, y); relative to the root, a layer is at its frame's
            // centre, z = depth × spacing.
            let p = zip(translation(object), origin).map { $0 - $1 }
            let expected = [layer.frame.midX * u, -Double(layer.depth) * options.render.spacing * u, -layer.frame.midY * u]
            assertClose(p, expected, 1e-6, "\(name)'s location", file: file, line: line)
            depthByBlenderY.append((p[1], layer.depth))
            // An outline's line loop is a mesh object of its own, the layer's child, at the same place.
            let holder = outlined ? byName[LayerNode.outlineName(layer)] : object
            if outlined { XCTAssertEqual(holder?.string("parent"), name, "\(name)'s outline", file: file, line: line) }
            checkMesh(holder ?? [:], layer, u: u, file: file, line: line)
        }
        // Depth order: further towards Blender's -y (the front view's viewer), the deeper the layer.
        let sorted = depthByBlenderY.sorted { $0.y > $1.y }.map(\.depth)
        XCTAssertEqual(sorted, sorted.sorted(), "layers in depth order along -y", file: file, line: line)

        XCTAssertEqual((report["images"] as? [String])?.count, Set(scene.textures.values.map(\.png)).count, "one image per distinct texture", file: file, line: line)
        checkCamera(byName["Camera"], scene, origin: origin, file: file, line: line)
    }

    private func checkProperties(_ object: [String: Any], _ layer: Layer, file: StaticString, line: UInt) {
        let properties = object.object("properties") ?? [:]
        XCTAssertEqual(properties.string("id"), layer.id, file: file, line: line)
        XCTAssertEqual(properties.string("class"), layer.className, file: file, line: line)
        XCTAssertEqual(properties.string("name"), layer.name, file: file, line: line)
        XCTAssertEqual(properties.int("depth"), layer.depth, layer.id, file: file, line: line)
        XCTAssertEqual(properties.int("tag"), layer.tag, layer.id, file: file, line: line)
        XCTAssertEqual(properties.double("alpha") ?? -1, layer.alpha, accuracy: 1e-12, layer.id, file: file, line: line)
        for (key, rect) in [("frame", layer.frame), ("fullFrame", layer.fullFrame)] {
            let value = properties.object(key)
            assertClose([value?.double("x"), value?.double("y"), value?.double("width"), value?.double("height")].map { $0 ?? .nan },
                        [rect.x, rect.y, rect.width, rect.height], 1e-9, "\(layer.id).\(key)", file: file, line: line)
        }
    }

    /// Four vertices spanning the visible frame (Blender's x and z); two triangles, or a loop of
    /// four edges for an outline.
    private func checkMesh(_ object: [String: Any], _ layer: Layer, u: Double, file: StaticString, line: UInt) {
        guard let mesh = object.object("mesh") else { XCTFail("\(layer.id) has no mesh data", file: file, line: line); return }
        XCTAssertEqual(mesh.int("vertices"), 4, layer.id, file: file, line: line)
        let outlined = layer.texture == nil && layer.backgroundColor == nil
        XCTAssertEqual(mesh.int("polygons"), outlined ? 0 : 2, layer.id, file: file, line: line)
        if outlined { XCTAssertEqual(mesh.int("edges"), 4, layer.id, file: file, line: line) }
        let bounds = (mesh["local_bounds"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
        let w = layer.frame.width * u / 2, h = layer.frame.height * u / 2
        assertClose(bounds.flatMap { $0 }, [-w, w, 0, 0, -h, h], 1e-7, "\(layer.id)'s extent", file: file, line: line)
    }

    private func checkCamera(_ camera: [String: Any]?, _ scene: ExportedScene, origin: [Double], file: StaticString, line: UInt) {
        guard let camera, camera.string("type") == "CAMERA" else { XCTFail("no camera object", file: file, line: line); return }
        let viewpoint = Viewpoint.fitted(to: scene.layout, options: scene.options.render)
        let u = scene.options.metresPerPoint
        let centre = scene.centre
        // The root sits at minus the stack's centre; the camera at the eye (both converted to Blender's axes).
        assertClose(origin, [-centre.x * u, centre.z * u, -centre.y * u], 1e-6, "the root's location", file: file, line: line)
        let eye = [(viewpoint.eye.x - centre.x) * u, -(viewpoint.eye.z - centre.z) * u, (viewpoint.eye.y - centre.y) * u]
        assertClose(translation(camera), eye, 1e-6, "the camera's location", file: file, line: line)
        // Blender cameras look down their local -z: the third column, negated, is the line of sight.
        let m = (camera["matrix_world"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
        let sight = m.count == 4 ? [-m[0][2], -m[1][2], -m[2][2]] : []
        assertClose(sight, [viewpoint.forward.x, -viewpoint.forward.z, viewpoint.forward.y], 1e-6, "the line of sight", file: file, line: line)
        let data = camera.object("camera") ?? [:]
        XCTAssertEqual(data.string("type"), "PERSP", file: file, line: line)
        XCTAssertEqual(data.double("angle_y") ?? 0, viewpoint.verticalFieldOfView * Double.pi / 180, accuracy: 1e-6, file: file, line: line)
    }

    private func translation(_ object: [String: Any]) -> [Double] {
        let m = (object["matrix_world"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
        return m.count == 4 ? [m[0][3], m[1][3], m[2][3]] : [.nan, .nan, .nan]
    }

    // MARK: - Exporting and running Blender

    struct ExportedScene {
        var path: String
        var layout: Layout
        var textures: [Int: EncodedTexture]
        var options: ExportOptions
        /// The centre of the stack in world points (the root's translation, negated, over units).
        var centre: SIMD3<Double>
    }

    private func export(_ container: GLTFExport.Container, size: PixelSize) throws -> ExportedScene {
        let (document, layout, textures) = try GLTFFixtures.sample("settings")
        var options = GLTFFixtures.options(size: size)
        options.sceneName = "settings"
        let path = folder.appendingPathComponent("\(UUID().uuidString)/settings.\(container.rawValue)").path
        try GLTFExport.write(layout, from: document, to: path, container: container, options: options, replace: false)
        let geometry = StackGeometry(spacing: options.render.spacing)
        let corners = layout.layers.flatMap(geometry.outline(of:))
        let low = corners.dropFirst().reduce(corners[0]) { pointwiseMin($0, $1) }, high = corners.dropFirst().reduce(corners[0]) { pointwiseMax($0, $1) }
        return ExportedScene(path: path, layout: layout, textures: textures, options: options, centre: (low + high) / 2)
    }

    /// Runs the script on `scene` and returns its report; with `render`, also Blender's picture.
    private func runBlender(_ scene: String, render: String? = nil, size: PixelSize = PixelSize(width: 800, height: 600)) throws -> [String: Any] {
        let blender = try Self.blender()
        let report = folder.appendingPathComponent("report-\(UUID().uuidString).json").path
        var arguments = ["-b", "--factory-startup", "--python-exit-code", "1", "--python", Self.script, "--", "--input", scene, "--report", report]
        if let render { arguments += ["--render", render, "--size", "\(size.width)x\(size.height)"] }
        let (status, output) = try ExternalProcess.run(blender, arguments)
        guard status == 0 else {
            throw BlenderFailure(description: "blender exited with \(status): \(output.split(separator: "\n").suffix(25).joined(separator: "\n"))")
        }
        return try GLTFFiles.object(Data(contentsOf: URL(fileURLWithPath: report)))
    }

    /// The Blender executable: `$BLENDER`, or `blender` on the PATH. Skips without one, except
    /// under CI, where a missing Blender fails the test.
    static func blender() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        // Looked up in the system's folders, where Blender is run (ExternalProcess.environment), so
        // that it finds Debian's Python with numpy, not whichever Python comes first for the tests.
        if let found = environment["BLENDER"].flatMap({ ExternalProcess.locate($0) }) ?? ExternalProcess.locate("blender") { return found }
        if environment["CI"] != nil {
            throw BlenderFailure(description: "Blender is not installed, and CI must not skip the Blender import tests: install it with apt-get install -y blender python3-numpy (.ci/run does)")
        }
        throw XCTSkip("Blender is not installed (apt-get install -y blender python3-numpy): skipping the import into Blender")
    }

    struct BlenderFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Which pixels show something: those that differ clearly from render's canvas.
    private func coverage(_ image: RGBAImage) -> [Bool] {
        let canvas = RenderOptions.canvas
        return (0..<(image.width * image.height)).map { i in
            let p = image.pixels[(i * 4)..<(i * 4 + 3)].map(Int.init)
            return abs(p[0] - Int(canvas.red)) + abs(p[1] - Int(canvas.green)) + abs(p[2] - Int(canvas.blue)) > 30
        }
    }

    /// The README's picture: the settings sample in Blender, 800×600, from the exported camera.
    private func recordPicture() throws {
        let scene = try export(.glb, size: PixelSize(width: 800, height: 600))
        let target = TestPaths.repository.appendingPathComponent("docs/images/blender-settings.png").path
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let scratch = folder.appendingPathComponent("blender-settings.png").path
        _ = try runBlender(scene.path, render: scratch, size: PixelSize(width: 800, height: 600))
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: scratch, toPath: target)
    }
}
