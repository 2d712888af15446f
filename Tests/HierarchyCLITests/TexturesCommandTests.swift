import Foundation
import HierarchyImaging
import HierarchyModel
import XCTest

final class TexturesCommandTests: XCTestCase {
    func testTexturesAreTheCroppedSnapshotsWithAnIndex() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let result = try Hierarchy.run(["textures", "tree.json", "-o", "tex", "--exclude-tag", "9999", "--max-texture", "150", "--synthesize", "none"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path("tex")).sorted(), ["cell1.png", "header.png", "index.json", "root.png"])
        let root = try PNG.decode(file: ws.path("tex/root.png"))
        XCTAssertEqual([root.width, root.height], [75, 150], "200×400 reduced to fit 150")
        let index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ws.path("tex/index.json")))) as? [[String: Any]])
        XCTAssertEqual(index.map { $0["id"] as? String }, ["root", "header", "list", "cell1"])
        XCTAssertEqual(index[3]["texture"] as? String, "cell1.png")
        XCTAssertEqual(index[3]["width"] as? Int, 150)
        XCTAssertTrue(index[2]["texture"] is NSNull)
    }

    /// Without any snapshot, the views with neither a snapshot nor a background colour get
    /// textures: the list one tinted as a list, planned like a 3x snapshot of its visible part
    /// (100×160 pt) and reduced to fit 150. In a capture with snapshots (the test above) a view
    /// without one draws nothing, and gets none.
    func testViewsWithoutSnapshotNorColourGetSynthesizedTextures() throws {
        let ws = try Workspace()
        try ws.write("tree.json", smallTree.replacingOccurrences(of: #", "snapshot": "s/[a-z0-9]+.png""#, with: "", options: .regularExpression))
        let result = try Hierarchy.run(["textures", "tree.json", "-o", "tex", "--exclude-tag", "9999", "--max-texture", "150"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path("tex")).sorted(), ["cell1.png", "header.png", "index.json", "list.png", "root.png"])
        let list = try PNG.decode(file: ws.path("tex/list.png"))
        XCTAssertEqual([list.width, list.height], [94, 150])
        // A list draws no background of its own: its outline and a faint tint (docs/synthesis.md).
        XCTAssertEqual(list[47, 75], Color(red: 0xEE, green: 0xF2, blue: 0xF8, alpha: 8))
    }

    /// Tags go on the planes in the wireframe and both styles only, at each plane's top-left
    /// corner; a tag with nothing to say (no name) is not drawn.
    func testLabelsTagEveryPlaneInWireframeAndBoth() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", #"{"version": 1, "root": {"id": "root", "class": "UIWindow", "frame": {"x": 0, "y": 0, "width": 200, "height": 400}, "children": [{"id": "title", "class": "UILabel", "frame": {"x": 10, "y": 100, "width": 180, "height": 40}}]}}"#)
        func render(_ extra: [String]) throws -> RGBAImage {
            let out = ws.path("out-\(extra.joined(separator: "-")).png")
            let result = try Hierarchy.run(["render", tree, "-o", out, "--size", "300x400", "--yaw", "0", "--pitch", "0", "--projection", "orthographic"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try PNG.decode(file: out)
        }
        let wireframe = try render(["--style", "wireframe"])
        let tagged = try render(["--style", "wireframe", "--labels", "class"])
        XCTAssertNotEqual(tagged, wireframe)
        // The tag of the label sits just inside its top-left corner: (10, 100) pt is (50, 100) px
        // in a 300×400 picture of a 200×400 pt screen with a 5 % margin.
        var differing: [(Int, Int)] = []
        for y in 0..<tagged.height { for x in 0..<tagged.width where tagged[x, y] != wireframe[x, y] { differing.append((x, y)) } }
        XCTAssertTrue(differing.contains { abs($0.0 - 65) < 20 && abs($0.1 - 112) < 14 }, "a tag at the label's corner")
        XCTAssertTrue(differing.allSatisfy { $0.1 < 150 }, "tags only near the top-left corners of the two planes")
        XCTAssertEqual(try render(["--style", "contents", "--labels", "class"]), try render(["--style", "contents"]))
        XCTAssertEqual(try render(["--style", "wireframe", "--labels", "name"]), wireframe, "no view has a name")
    }

    /// fontconfig honours FONTCONFIG_FILE: a configuration without fonts is the no-font path.
    func testNoFontIsOneLineError() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", #"{"version": 1, "root": {"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 200}, "children": [{"id": "title", "class": "UILabel", "text": "Hello", "frame": {"x": 10, "y": 10, "width": 80, "height": 20}}]}}"#)
        let config = try ws.write("empty.conf", "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n")
        let result = try Hierarchy.run(["render", tree, "-o", ws.path("out.png")], environment: ["FONTCONFIG_FILE": config])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: no font found for \"sans-serif\" (fontconfig lists none): install fonts, e.g. fonts-dejavu-core and fonts-droid-fallback\n")
        XCTAssertFalse(ws.exists("out.png"))
        // Without synthesized textures no font is needed.
        let outlines = try Hierarchy.run(["render", tree, "-o", ws.path("out.png"), "--synthesize", "none"], environment: ["FONTCONFIG_FILE": config])
        XCTAssertEqual(outlines.status, 0, outlines.stderr)
    }

    func testHostileIDsCannotNameAPathOutsideTheFolder() throws {
        let ws = try Workspace()
        try ws.smallCapture(smallTree.replacingOccurrences(of: #""id": "cell1""#, with: #""id": "../../escape""#))
        let result = try Hierarchy.run(["textures", "tree.json", "-o", "tex"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(ws.exists("tex/_.._escape.png"), "\(ws.files())")
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.url.deletingLastPathComponent().appendingPathComponent("escape.png").path))
    }

    /// A snapshot that turns out unreadable while the textures are written (the last layer's, cut
    /// short): one line naming it, exit 1, and the folder as it was: no texture of the layers
    /// before it, no index, no staging folder; a folder the command would have made is not made.
    func testAFailureMidwayLeavesTheFolderAsItWas() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let whole = try Data(contentsOf: URL(fileURLWithPath: ws.path("s/cell1.png")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: ws.path("s/cell1.png")))
        let fresh = try Hierarchy.run(["textures", "tree.json", "-o", "new/tex", "--synthesize", "none"], in: ws.url)
        XCTAssertEqual(fresh.status, 1, fresh.stderr)
        XCTAssertTrue(fresh.stderr.contains("cell1.png"), fresh.stderr)
        XCTAssertEqual(fresh.stderr.split(separator: "\n").count, 1, fresh.stderr)
        XCTAssertFalse(ws.exists("new"), "\(ws.files())")
        try ws.write("tex/keep.txt", "mine")
        let existing = try Hierarchy.run(["textures", "tree.json", "-o", "tex", "--synthesize", "none"], in: ws.url)
        XCTAssertEqual(existing.status, 1, existing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path("tex")), ["keep.txt"])
    }
}
