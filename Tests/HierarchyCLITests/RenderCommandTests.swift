import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import HierarchyModel
import XCTest

final class RenderCommandTests: XCTestCase {
    func testRenderWritesAPNGOfTheRequestedSize() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let result = try Hierarchy.run(["render", "tree.json", "-o", "pictures/out.png", "--size", "320x240"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNG.decode(file: ws.path("pictures/out.png"))
        XCTAssertEqual([image.width, image.height], [320, 240])
        XCTAssertEqual(ws.files(), ["pictures", "s", "tree.json"], "no temporary file left beside the output")
    }

    func testRenderWithoutOutputWritesIntoOutputNamedAfterTheFolder() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.path("capture"), withIntermediateDirectories: true)
        try ws.smallCapture()
        for name in ["tree.json", "s"] { try FileManager.default.moveItem(atPath: ws.path(name), toPath: ws.path("capture/" + name)) }
        let result = try Hierarchy.run(["render", "capture/tree.json", "--size", "80x60"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(ws.exists("Output/capture.png"))
    }

    func testTheFrontViewIsTheScreen() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let result = try Hierarchy.run(["render", "tree.json", "-o", "front.png", "--yaw", "0", "--pitch", "0", "--projection", "orthographic",
                                        "--style", "contents", "--background", "transparent", "--margin", "0", "--size", "100x200"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNG.decode(file: ws.path("front.png"))
        // The header label is dark, cell1 blue (at y 60...110), the debug view green at the top left.
        XCTAssertEqual(image[50, 20].red, 20, accuracy: 2)
        XCTAssertEqual(image[50, 80].blue, 255, accuracy: 2)
        XCTAssertEqual(image[5, 5].green, 255, accuracy: 2)
        XCTAssertEqual(image[50, 150].alpha, 255)
    }

    func testEmptyStackWarnsAndDrawsTheBackground() throws {
        let ws = try Workspace()
        try ws.smallCapture(smallTree.replacingOccurrences(of: #""id": "root", "class": "UIWindow","#, with: #""id": "root", "hidden": true, "class": "UIWindow","#))
        let result = try Hierarchy.run(["render", "tree.json", "-o", "empty.png", "--size", "40x30", "--background", "#102030"], in: ws.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("warning: tree.json: nothing to draw"), result.stderr)
        let image = try PNG.decode(file: ws.path("empty.png"))
        XCTAssertEqual(image[20, 15], .init(red: 0x10, green: 0x20, blue: 0x30))
    }

    func testBadRenderOptions() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let cases: [([String], String)] = [
            (["--size", "0x100"], "the picture size must be 1...16384 pixels on each side, got 0×100"),
            (["--size", "16385x10"], "the picture size must be 1...16384 pixels on each side, got 16385×10"),
            (["--min-depth", "3", "--max-depth", "1"], "the depth range is empty: minDepth 3 is above maxDepth 1"),
            (["--focus", "nobody"], "--focus: no view has the id 'nobody'"),
            (["--highlight", "nobody"], "--highlight: no drawn layer has the id 'nobody'"),
        ]
        for (arguments, message) in cases {
            let result = try Hierarchy.run(["render", "tree.json", "-o", "bad.png"] + arguments, in: ws.url)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, "error: \(message)\n", "\(arguments)")
            XCTAssertFalse(ws.exists("bad.png"))
        }
        for arguments in [["--size", "big"], ["--background", "blue"], ["--projection", "fisheye"]] {
            let result = try Hierarchy.run(["render", "tree.json", "-o", "bad.png"] + arguments, in: ws.url)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
        }
    }

    func testAnUnwritableOutputIsOneLineAndLeavesNothing() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        try ws.write("file", "a plain file where a folder should be")
        let result = try Hierarchy.run(["render", "tree.json", "-o", "file/out.png", "--size", "40x30"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: file/out.png: "), result.stderr)
        XCTAssertEqual(ws.files(), ["file", "s", "tree.json"])
    }
}

final class PickCommandTests: XCTestCase {
    let front = ["--yaw", "0", "--pitch", "0", "--projection", "orthographic", "--margin", "0", "--size", "100x200"]

    func testPickNamesTheFrontmostLayer() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let hit = try Hierarchy.run(["pick", "tree.json", "--at", "50,80", "--format", "json"] + front, in: ws.url)
        XCTAssertEqual(hit.status, 0, hit.stderr)
        XCTAssertEqual(hit.stdout, #"{"hit":{"id":"cell1","class":"View","depth":2,"frame":{"x":0,"y":60,"width":100,"height":50}}}"# + "\n")
        let label = try Hierarchy.run(["pick", "tree.json", "--at", "50,20"] + front, in: ws.url)
        XCTAssertEqual(label.stdout, "<UILabel: header; name = 'Title'; depth = 1; frame = (10 10; 80 20)>\n")
    }

    func testPickOnNothingAndOutsideThePicture() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let miss = try Hierarchy.run(["pick", "tree.json", "--at", "5,5", "--format", "json", "--yaw", "0", "--pitch", "0", "--size", "400x400"], in: ws.url)
        XCTAssertEqual(miss.stdout, #"{"hit":null}"# + "\n")
        let outside = try Hierarchy.run(["pick", "tree.json", "--at", "100,10"] + front, in: ws.url)
        XCTAssertEqual(outside.status, 1)
        XCTAssertEqual(outside.stderr, "error: --at: 100,10 is outside the 100x200 picture\n")
    }
}

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
        XCTAssertEqual(list[47, 75], Color(red: 0xEE, green: 0xF2, blue: 0xF8))
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
}

final class ImportCommandTests: XCTestCase {
    func testImportWritesADocumentThatReadsBackTheSame() throws {
        let ws = try Workspace()
        let dump = TestPaths.fixture("dumps/recursive-description/written-lldb-mail-inbox-390x844.txt").path
        let result = try Hierarchy.run(["import", dump, "-o", ws.path("tree.json")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let direct = try Hierarchy.run(["layout", dump, "--format", "json"])
        let viaDocument = try Hierarchy.run(["layout", ws.path("tree.json"), "--format", "json"])
        XCTAssertEqual(direct.stdout, viaDocument.stdout)
        XCTAssertFalse(direct.stdout.isEmpty)
    }
}

final class ScreenshotTests: XCTestCase {
    static let appium = Hierarchy.repository.appendingPathComponent("Samples/appium-settings")

    func testTheFrontViewOfASlicedScreenshotIsTheScreenshot() throws {
        // At one pixel a point (a third of the screenshot's scale, to keep the test quick), against
        // the screenshot reduced by area averaging: the mipmapped drawing averages the same areas.
        let ws = try Workspace()
        let result = try Hierarchy.run([
            "render", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
            "-o", ws.path("front.png"), "--yaw", "0", "--pitch", "0", "--projection", "orthographic", "--style", "contents",
            "--margin", "0", "--background", "transparent", "--size", "393x852"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let front = try PNG.decode(file: ws.path("front.png"))
        let shot = try PNG.decode(file: Self.appium.appendingPathComponent("screenshot.png").path).resampled(width: 393, height: 852)
        var total = 0, far = 0
        for i in front.pixels.indices {
            let d = abs(Int(front.pixels[i]) - Int(shot.pixels[i]))
            total += d
            if d > 24 { far += 1 }
        }
        XCTAssertLessThan(Double(total) / Double(front.pixels.count), 1.0, "mean difference per channel")
        XCTAssertLessThan(far, front.pixels.count / 1000, "channels off by more than 24")
    }

    func testImportWritesTheSlicesAsSnapshots() throws {
        let ws = try Workspace()
        let result = try Hierarchy.run([
            "import", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
            "-o", ws.path("capture/tree.json")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: ws.path("capture/snapshots"))
        XCTAssertGreaterThan(snapshots.count, 50)
        let render = try Hierarchy.run(["render", ws.path("capture/tree.json"), "-o", ws.path("front.png"), "--yaw", "0", "--pitch", "0",
                                        "--projection", "orthographic", "--style", "contents", "--margin", "0", "--size", "393x852"])
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    func testHolesAreFilledUnlessKept() throws {
        // The Camera cell (16 163; 361 44) and, in it, its label at (60 12; 61 20): under the label's
        // middle the cell's slice is clear with --holes keep, and the cell's white with fill.
        let ws = try Workspace()
        var middles: [String: Color] = [:]
        for holes in ["keep", "fill"] {
            let result = try Hierarchy.run([
                "import", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
                "--holes", holes, "-o", ws.path("\(holes)/tree.json")])
            XCTAssertEqual(result.status, 0, result.stderr)
            let cell = try PNG.decode(file: ws.path("\(holes)/snapshots/0.0.0.0.0.4.png"))
            XCTAssertEqual(cell.width, 361 * 3)
            middles[holes] = cell[(60 + 30) * 3, (12 + 10) * 3]
        }
        XCTAssertEqual(middles["keep"]?.alpha, 0)
        XCTAssertEqual(middles["fill"], Color(red: 255, green: 255, blue: 255))
    }

    func testHolesWithoutAScreenshotIsAnError() throws {
        let result = try Hierarchy.run(["render", Self.appium.appendingPathComponent("page-source.xml").path, "--holes", "keep"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--holes applies to the slices of --screenshot"), result.stderr)
    }

    func testAScreenshotOfTheWrongShapeIsAnError() throws {
        let ws = try Workspace()
        try ws.png("shot.png", width: 300, height: 300, color: .init(red: 0, green: 0, blue: 0))
        let result = try Hierarchy.run(["layout", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", ws.path("shot.png")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(ws.path("shot.png")): 300×300 pixels does not match the screen's aspect ratio (393×852 points; 300 pixels wide needs 650 high)\n")
    }
}

final class DumpRenderingTests: XCTestCase {
    func testEveryCarriedDumpRenders() throws {
        XCTAssertGreaterThanOrEqual(try renderEveryDump(in: TestPaths.fixture("dumps")), 18)
    }

    func testEverySharedDumpRenders() throws {
        // Outside the assertion, whose autoclosure would turn the skip into a failure.
        let dumps = try TestPaths.shared("dumps", for: "rendering every shared dump")
        XCTAssertGreaterThanOrEqual(try renderEveryDump(in: dumps), 17)
    }

    /// Renders every dump in the corpus `dumps`; returns how many.
    private func renderEveryDump(in dumps: URL) throws -> Int {
        var count = 0
        for folder in ["recursive-description", "appium-ios", "uiautomator"] {
            for name in try TestPaths.contents(of: dumps.appendingPathComponent(folder)) {
                let ws = try Workspace()
                let result = try Hierarchy.run(["render", dumps.appendingPathComponent("\(folder)/\(name)").path, "-o", ws.path("out.png"), "--size", "160x120"])
                XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
                XCTAssertTrue(ws.exists("out.png"), name)
                count += 1
            }
        }
        return count
    }
}

final class SampleCommandTests: XCTestCase {
    /// `textures` on every bundled sample: one PNG per textured layer, each the planned size.
    func testTexturesOfEverySample() throws {
        for name in ["settings", "photos", "sheet"] {
            let ws = try Workspace()
            let tree = TestPaths.sample(name).path
            let result = try Hierarchy.run(["textures", tree, "-o", ws.path("tex")])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ws.path("tex/index.json")))) as? [[String: Any]])
            let textured = index.filter { $0["texture"] is String }
            XCTAssertGreaterThan(textured.count, 30, name)
            for entry in textured.prefix(10) {
                let image = try PNG.decode(file: ws.path("tex/" + (entry["texture"] as! String)))
                XCTAssertEqual([image.width, image.height], [entry["width"] as? Int, entry["height"] as? Int], "\(name): \(entry["id"] ?? "")")
            }
        }
    }
}
