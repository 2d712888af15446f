import Foundation
import HierarchyExport
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// Exports read by two common readers besides Blender (`Readers/read_scene.py`): trimesh 5.2 must
/// keep every layer's node (outline-only layers included, with their subtrees) and find the
/// scene's bounds where the layout puts them; pygltflib must read the same nodes. Skipped when
/// python3, trimesh or pygltflib is missing (`pip install trimesh==5.2.0 pygltflib`), failed for that under CI.
final class GLTFReaderTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyExportTests/Readers/read_scene.py").path

    func testTrimeshKeepsEveryNodeOfTheSettingsSample() throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        XCTAssertTrue(layout.layers.contains { $0.texture == nil && $0.backgroundColor == nil && $0.parentLayer != nil },
                      "the sample has outline-only layers")
        try check(layout, textures)
    }

    func testTrimeshReadsTransformedViewsWhereTheLayoutPutsThem() throws {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 300), backgroundColor: Color(red: 240, green: 240, blue: 240)))
        let turned = tree.append(ViewNode(id: "turned", frame: Rect(x: 40, y: 40, width: 120, height: 60), transform: .rotation(degrees: 30),
                                          clipsToBounds: true, backgroundColor: Color(red: 200, green: 80, blue: 60)), to: 0)
        let outlined = tree.append(ViewNode(id: "outlined", frame: Rect(x: -20, y: 10, width: 160, height: 30)), to: turned)
        tree.append(ViewNode(id: "inside", frame: Rect(x: 30, y: 5, width: 20, height: 20), backgroundColor: Color(red: 0, green: 0, blue: 255)), to: outlined)
        tree.append(ViewNode(id: "mirrored", frame: Rect(x: 20, y: 200, width: 100, height: 40), transform: .scale(-1, 0.5),
                             backgroundColor: Color(red: 0, green: 160, blue: 0)), to: 0)
        let layout = try Layout.compute(tree)
        XCTAssertNotNil(layout.layer(withID: "outlined")?.outline, "cut by its turned clipper")
        try check(layout, [:])
    }

    private func check(_ layout: Layout, _ textures: [Int: EncodedTexture], file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-readers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = GLTFFixtures.options()
        let files = try GLTFFixtures.files(layout, textures, options, .glb, name: "scene.glb")
        let scene = folder.appendingPathComponent("scene.glb"), report = folder.appendingPathComponent("report.json")
        try Data(files["scene.glb"]!).write(to: scene)
        let result = try read(scene.path, report: report.path)
        let document = try GLTFFiles.parseGLB(files["scene.glb"]!).json
        let names = document.array("nodes").compactMap { $0.string("name") }

        let trimesh = try XCTUnwrap(result.object("trimesh"), file: file, line: line)
        let loaded = Set((trimesh["nodes"] as? [String]) ?? [])
        // trimesh drops nodes whose only primitive is a line loop: the outlines' own nodes, nothing else.
        let filled = layout.layers.indices.filter { textures[$0] != nil || layout.layers[$0].backgroundColor != nil }
        let outlines = Set(layout.layers.indices.filter { !filled.contains($0) }.map { LayerNode.outlineName(layout.layers[$0]) })
        XCTAssertEqual(loaded, Set(names).subtracting(outlines), "trimesh keeps every node but the outlines' own", file: file, line: line)
        for layer in layout.layers {
            XCTAssertTrue(loaded.contains(LayerNode.name(layer)), "\(layer.id)'s node", file: file, line: line)
        }
        let withGeometry = (trimesh["nodesWithGeometry"] as? [String]) ?? []
        XCTAssertEqual(withGeometry.count, filled.count, "one drawn node per filled layer", file: file, line: line)
        XCTAssertEqual((result.object("pygltflib")?["nodes"] as? [String]) ?? [], names, "pygltflib reads every node", file: file, line: line)

        // The bounds: the filled layers' visible polygons on their planes, less the stack's centre
        // (the box of every layer), in metres.
        let geometry = StackGeometry(spacing: options.render.spacing)
        func box(_ points: [Vector3]) -> (Vector3, Vector3) {
            (points.dropFirst().reduce(points[0]) { pointwiseMin($0, $1) }, points.dropFirst().reduce(points[0]) { pointwiseMax($0, $1) })
        }
        let all = box(layout.layers.flatMap(geometry.outline(of:)))
        let centre = (all.0 + all.1) / 2, u = options.metresPerPoint
        let drawn = box(filled.flatMap { geometry.outline(of: layout.layers[$0]) })
        let expected = [drawn.0 - centre, drawn.1 - centre].map { [$0.x * u, $0.y * u, $0.z * u] }
        let bounds = (trimesh["bounds"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? []
        XCTAssertEqual(bounds.count, 2, file: file, line: line)
        for (got, want) in zip(bounds.flatMap { $0 }, expected.flatMap { $0 }) {
            XCTAssertEqual(got, want, accuracy: 1e-5, "bounds \(bounds) vs \(expected)", file: file, line: line)
        }
    }

    /// Runs the readers' script; skips when python3 or the readers are missing (fails under CI).
    private func read(_ scene: String, report: String) throws -> [String: Any] {
        let python = ExternalProcess.python
        let ci = ProcessInfo.processInfo.environment["CI"] != nil
        let (probe, _) = try ExternalProcess.run(python, ["-c", "import trimesh, pygltflib"])
        guard probe == 0 else {
            if ci { XCTFail("trimesh or pygltflib is missing, and CI must not skip the second readers: pip install trimesh==5.2.0 pygltflib (.ci/run does)") }
            throw XCTSkip("trimesh or pygltflib is not installed (pip install trimesh==5.2.0 pygltflib): skipping the second glTF readers")
        }
        let (status, output) = try ExternalProcess.run(python, [Self.script, scene, report])
        guard status == 0 else { throw ReaderFailure(output: output) }
        return try GLTFFiles.object(Data(contentsOf: URL(fileURLWithPath: report)))
    }

    struct ReaderFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "read_scene.py failed: \(output.split(separator: "\n").suffix(20).joined(separator: "\n"))" }
    }
}
