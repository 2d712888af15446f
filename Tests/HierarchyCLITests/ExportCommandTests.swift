import Foundation
import HierarchyCLI
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `hierarchy export` driven in-process: the files each format writes, replacing with `--force`,
/// never the input, and bad input or an unwritable output as one line, status 1, nothing left.
final class ExportCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private var settings: String { TestPaths.sample("settings").path }

    /// Runs the command and returns its status and what it wrote to standard error.
    private func run(_ arguments: [String]) -> (status: Int32, stderr: String) {
        let log = path(".stderr-\(UUID().uuidString)")
        let saved = dup(2), file = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        dup2(file, 2)
        close(file)
        let status = HierarchyCommand.run(arguments)
        dup2(saved, 2)
        close(saved)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        return (status, text)
    }

    /// Asserts a failure told in one line containing `text`, with status 1.
    private func assertFails(_ arguments: [String], saying text: String, status: Int32 = 1, file: StaticString = #filePath, line: UInt = #line) {
        let result = run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "stderr: \(result.stderr)", file: file, line: line)
        if status == 1 { XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)", file: file, line: line) }
    }

    private func entries(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(relative)).sorted()
    }

    private func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    // MARK: - Formats

    func testGLTFWritesTheDocumentItsBinaryAndTexturesIntoNewFolders() throws {
        let result = run(["export", settings, "--format", "gltf", "-o", path("new/deeper/settings.gltf")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try entries("new/deeper"), ["settings.bin", "settings.gltf", "textures"], "nothing else, no staging folder left")
        let json = try GLTFFiles.object(Data(bytes("new/deeper/settings.gltf")))
        XCTAssertEqual(json.array("buffers").first?.string("uri"), "settings.bin")
        GLTFChecker.check(json, binary: try bytes("new/deeper/settings.bin"))
        let uris = json.array("images").compactMap { $0.string("uri") }
        XCTAssertEqual(uris.count, json.array("images").count)
        XCTAssertEqual(Set(try entries("new/deeper/textures").map { "textures/" + $0 }), Set(uris), "exactly the images the document names")
        XCTAssertEqual(json.array("scenes").first?.string("name"), "settings", "named after the output")
    }

    func testGLBIsOneSelfContainedFile() throws {
        XCTAssertEqual(run(["export", settings, "-o", path("settings.glb")]).status, 0, "the format from the extension")
        XCTAssertEqual(try entries(), ["settings.glb"])
        let (json, binary) = try GLTFFiles.parseGLB(try bytes("settings.glb"))
        GLTFChecker.check(json, binary: binary)
        XCTAssertGreaterThan(json.array("images").count, 10)
    }

    func testTheSameInputGivesByteIdenticalFiles() throws {
        for (format, name) in [("gltf", "s.gltf"), ("glb", "s.glb"), ("json", "s.json")] {
            XCTAssertEqual(run(["export", settings, "--format", format, "-o", path("a-\(format)/\(name)")]).status, 0)
            XCTAssertEqual(run(["export", settings, "--format", format, "-o", path("b-\(format)/\(name)")]).status, 0)
            let files = try FileManager.default.subpathsOfDirectory(atPath: path("a-\(format)")).sorted()
            XCTAssertEqual(files, try FileManager.default.subpathsOfDirectory(atPath: path("b-\(format)")).sorted())
            for file in files where !file.hasSuffix("textures") {
                XCTAssertEqual(try bytes("a-\(format)/\(file)"), try bytes("b-\(format)/\(file)"), "\(format): \(file)")
            }
        }
    }

    func testJSONIsTheLayoutDocumentPointingAtItsTextures() throws {
        XCTAssertEqual(run(["export", settings, "-o", path("out/layout.json")]).status, 0)
        let input = try LoadedDocument.load(settings)
        let layout = try input.layout(LayoutOptions())
        let document = try String(contentsOfFile: path("out/layout.json"), encoding: .utf8)
        let names = TextureFiles.names(for: layout)
        XCTAssertEqual(document, LayoutDocument.encode(layout) { layer in
            names[layout.layers.firstIndex(of: layer)!].map { "textures/" + $0 }
        })
        let json = try GLTFFiles.object(Data(document.utf8))
        let textures = input.textures(for: layout)
        var checked = 0
        for (layer, entry) in zip(layout.layers, json.array("layers")) {
            guard let relative = entry.object("texture")?.string("path") else { XCTAssertNil(layer.texture, layer.id); continue }
            let image = try PNG.decode(file: path("out/" + relative))
            XCTAssertEqual(image, try textures.texture(for: layer), "\(layer.id): the final texture, as render draws it")
            checked += 1
        }
        XCTAssertEqual(checked, names.count)
        XCTAssertEqual(try entries("out/textures").count, names.count)
    }

    // MARK: - Replacing

    func testAnExistingOutputIsReplacedOnlyWithForce() throws {
        XCTAssertEqual(run(["export", settings, "-o", path("s.glb")]).status, 0)
        let before = try bytes("s.glb")
        assertFails(["export", settings, "-o", path("s.glb"), "--units", "0.001"], saying: "already exists (use --force")
        XCTAssertEqual(try bytes("s.glb"), before, "kept as it was")
        XCTAssertEqual(run(["export", settings, "-o", path("s.glb"), "--units", "0.001", "--force"]).status, 0)
        XCTAssertNotEqual(try bytes("s.glb"), before, "replaced")
        XCTAssertEqual(try entries(), ["s.glb"])
    }

    func testAnExistingTexturesFolderCountsAsOutput() throws {
        try FileManager.default.createDirectory(atPath: path("textures"), withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: path("textures/stale.png")))
        assertFails(["export", settings, "-o", path("s.gltf")], saying: "textures: already exists")
        XCTAssertEqual(try entries(), ["textures"], "nothing written")
        XCTAssertEqual(run(["export", settings, "-o", path("s.gltf"), "--force"]).status, 0)
        XCTAssertFalse(try entries("textures").contains("stale.png"), "the folder is replaced whole")
        XCTAssertEqual(try entries(), ["s.bin", "s.gltf", "textures"])
    }

    func testTheInputIsNeverOverwritten() throws {
        // A document whose snapshots live in textures/: a json export beside it would replace them.
        let tree = try writeCapture(snapshotFolder: "textures")
        let original = try bytes("capture/tree.json")
        assertFails(["export", tree, "--format", "json", "-o", tree, "--force"], saying: "is an input of this command")
        XCTAssertEqual(try bytes("capture/tree.json"), original)
        assertFails(["export", tree, "-o", path("capture/layout.json"), "--force"], saying: "holds an input of this command; choose another output")
        XCTAssertEqual(try entries("capture"), ["textures", "tree.json"])
        XCTAssertEqual(run(["export", tree, "-o", path("capture/scene.glb")]).status, 0, "a GLB beside it is fine")
    }

    // MARK: - Failures

    func testAnOutputThatCannotBeWrittenIsOneLine() throws {
        try Data([1]).write(to: URL(fileURLWithPath: path("plain-file")))
        assertFails(["export", settings, "-o", path("plain-file/s.glb")], saying: "cannot create the folder")
        assertFails(["export", settings, "-o", "/proc/hierarchy-export-test/s.gltf"], saying: "cannot create")
        try FileManager.default.createDirectory(atPath: path("a-folder.glb"), withIntermediateDirectories: true)
        assertFails(["export", settings, "-o", path("a-folder.glb"), "--force"], saying: "is a folder")
        XCTAssertEqual(try entries(), ["a-folder.glb", "plain-file"])
    }

    func testASnapshotThatCannotBeDecodedLeavesNothingBehind() throws {
        let tree = try writeCapture(snapshotFolder: "snapshots")
        // Keep the header (the size is read from it when loading), break the pixels.
        var png = try bytes("capture/snapshots/b.png")
        for i in 40..<png.count - 12 { png[i] = 0x5A }
        try Data(png).write(to: folder.appendingPathComponent("capture/snapshots/b.png"))
        for format in ["gltf", "glb", "json"] {
            assertFails(["export", tree, "-o", path("out-\(format)/s.\(format)")], saying: "b.png")
            XCTAssertEqual((try? entries("out-\(format)")) ?? [], [], "\(format): nothing half-written")
        }
    }

    func testBadInputIsOneLine() throws {
        assertFails(["export", path("missing.json"), "-o", path("s.glb")], saying: "missing.json")
        try Data("{\"version\": 1, \"root\": {".utf8).write(to: URL(fileURLWithPath: path("broken.json")))
        assertFails(["export", path("broken.json"), "-o", path("s.glb")], saying: "broken.json")
        assertFails(["export", settings, "-o", path("s.glb"), "--focus", "nothing-has-this-id"], saying: "--focus")
        XCTAssertEqual(try entries(), ["broken.json"], "no output")
    }

    func testAnEmptySceneIsWrittenWithAWarning() throws {
        let result = run(["export", settings, "-o", path("empty.glb"), "--min-depth", "1000"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.hasPrefix("warning: ") && result.stderr.contains("nothing to export"), result.stderr)
        let (json, binary) = try GLTFFiles.parseGLB(try bytes("empty.glb"))
        GLTFChecker.check(json, binary: binary)
        XCTAssertEqual(json.array("nodes").count, 2, "the root and the camera")
    }

    func testOptionsOutOfRangeAreUsageErrors() {
        assertFails(["export", settings, "-o", path("s.obj")], saying: "cannot tell the format", status: 1)
        assertFails(["export", settings, "-o", path("s.glb"), "--units", "0"], saying: "--units", status: 1)
        assertFails(["export", settings, "-o", path("s.json"), "--min-depth", "2"], saying: "--min-depth", status: 1)
        assertFails(["export", settings, "-o", path("s.glb"), "--fov", "0"], saying: "fov")
        // Every format checks the camera, json (which draws nothing) and html (which uses part of it) too.
        assertFails(["export", settings, "-o", path("s.json"), "--yaw", "nan"], saying: "error: yaw must be a finite number of degrees, got nan")
        assertFails(["export", settings, "-o", path("s.html"), "--zoom", "inf"], saying: "error: zoom must be a finite number > 0, got inf")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("s.json")) || FileManager.default.fileExists(atPath: path("s.html")))
        XCTAssertEqual(run(["export", settings, "--format", "glb", "-o", path("scene.bin")]).status, 0, "--format wins over the extension")
    }

    /// `capture/tree.json`: a window with two snapshot views, snapshots in `snapshotFolder`.
    private func writeCapture(snapshotFolder: String) throws -> String {
        var tree = ViewTree(root: ViewNode(id: "window", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 40, height: 80),
                                           backgroundColor: Color(red: 240, green: 240, blue: 240)))
        tree.append(ViewNode(id: "a", className: "UIView", frame: Rect(x: 0, y: 0, width: 40, height: 20), snapshot: "\(snapshotFolder)/a.png"), to: 0)
        tree.append(ViewNode(id: "b", className: "UIView", frame: Rect(x: 0, y: 30, width: 40, height: 20), snapshot: "\(snapshotFolder)/b.png"), to: 0)
        for name in ["a", "b"] {
            try PNG.write(RGBAImage(width: 80, height: 40, pixels: GradientPicture.pixels(width: 80, height: 40, seed: name, holes: false)), to: path("capture/\(snapshotFolder)/\(name).png"))
        }
        try Data(TreeDocument.encode(tree).utf8).write(to: folder.appendingPathComponent("capture/tree.json"))
        return path("capture/tree.json")
    }
}
