import Foundation
import HierarchyImaging
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

    /// `--yaw 0 --pitch 0` alone looks straight at the screen orthographically; --projection
    /// perspective still spreads the stack.
    func testStraightOnIsOrthographicUnlessToldOtherwise() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let common = ["render", "tree.json", "--yaw", "0", "--pitch", "0", "--size", "160x120"]
        for (name, extra) in [("plain", [String]()), ("ortho", ["--projection", "orthographic"]), ("persp", ["--projection", "perspective"])] {
            let result = try Hierarchy.run(common + ["-o", name + ".png"] + extra, in: ws.url)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let plain = try PNG.decode(file: ws.path("plain.png"))
        XCTAssertEqual(plain.pixels, try PNG.decode(file: ws.path("ortho.png")).pixels)
        XCTAssertNotEqual(plain.pixels, try PNG.decode(file: ws.path("persp.png")).pixels)
    }

    /// Straight on without --size, the picture is the screen at 3 pixels a point (the small
    /// capture's screen is 100×200 pt), and pick measures the same picture; --size still wins.
    func testStraightOnDefaultsToThreePixelsAPoint() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let front = ["tree.json", "--yaw", "0", "--pitch", "0", "--margin", "0"]
        XCTAssertEqual(try Hierarchy.run(["render"] + front + ["-o", "front.png"], in: ws.url).status, 0)
        XCTAssertEqual(try PNG.readSize(file: ws.path("front.png")), PixelSize(width: 300, height: 600))
        XCTAssertEqual(try Hierarchy.run(["pick"] + front + ["--at", "299,599"], in: ws.url).status, 0)
        let outside = try Hierarchy.run(["pick"] + front + ["--at", "301,300"], in: ws.url)
        XCTAssertEqual(outside.status, 1)
        XCTAssertTrue(outside.stderr.contains("300x600"), outside.stderr)
        XCTAssertEqual(try Hierarchy.run(["render"] + front + ["-o", "sized.png", "--size", "120x80"], in: ws.url).status, 0)
        XCTAssertEqual(try PNG.readSize(file: ws.path("sized.png")), PixelSize(width: 120, height: 80))
        // Turned, the default stays 1600×1200.
        XCTAssertEqual(try Hierarchy.run(["render", "tree.json", "-o", "turned.png"], in: ws.url).status, 0)
        XCTAssertEqual(try PNG.readSize(file: ws.path("turned.png")), PixelSize(width: 1600, height: 1200))
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
