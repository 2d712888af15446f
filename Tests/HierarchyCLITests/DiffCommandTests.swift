import Foundation
import HierarchyImaging
import HierarchyModel
import XCTest

/// `hierarchy diff` end to end: the reports, the exit statuses of diff(1), the picture, bad input.
final class DiffCommandTests: XCTestCase {
    /// The small capture as BEFORE, and in `after/` a copy with: the header moved 10 pt right, the
    /// second cell's snapshot repainted, the root's snapshot under another name with the same
    /// pixels (not a change), and a badge added under the header.
    func pair(_ ws: Workspace) throws -> (String, String) {
        let before = try ws.smallCapture()
        var tree = smallTree
            .replacingOccurrences(of: #""frame": {"x": 10, "y": 10, "width": 80, "height": 20}, "snapshot": "s/header.png"}"#,
                                  with: ##""frame": {"x": 20, "y": 10, "width": 80, "height": 20}, "snapshot": "s/header.png", "children": [{"id": "badge", "class": "UIView", "frame": {"x": 70, "y": 0, "width": 10, "height": 10}, "backgroundColor": "#FF3B30"}]}"##)
        tree = tree.replacingOccurrences(of: "s/root.png", with: "s/root-renamed.png")
        let after = try ws.write("after/tree.json", tree)
        try ws.png("after/s/root-renamed.png", width: 200, height: 400, color: Color(red: 240, green: 240, blue: 245))
        try ws.png("after/s/header.png", width: 160, height: 40, color: Color(red: 20, green: 20, blue: 20))
        try ws.png("after/s/cell1.png", width: 200, height: 100, color: Color(red: 255, green: 120, blue: 0))
        return (before, after)
    }

    func testJSONReportsExactlyWhatChangedAndExitsOne() throws {
        let ws = try Workspace()
        let (before, after) = try pair(ws)
        let result = try Hierarchy.run(["diff", before, after, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, """
            {
              "version": 1,
              "added": [
                {"id": "badge", "class": "UIView", "subtree": 1}
              ],
              "removed": [],
              "changed": [
                {"before": "header", "after": "header", "class": "UILabel", "changes": ["moved"]},
                {"before": "cell1", "after": "cell1", "class": "View", "changes": ["content"]}
              ],
              "unchanged": 4
            }

            """)
    }

    func testTextIsOneLinePerChangeAndASummary() throws {
        let ws = try Workspace()
        let (before, after) = try pair(ws)
        let result = try Hierarchy.run(["diff", before, after])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), [
            "+ UIView badge            (1 view)",
            "~ UILabel header \"Title\"  moved",
            "~ View cell1              content",
            "2 changed, 1 added (1 view), 0 removed (0 views), 4 unchanged",
        ])
    }

    func testIdenticalCapturesExitZero() throws {
        let ws = try Workspace()
        let tree = try ws.smallCapture()
        let result = try Hierarchy.run(["diff", tree, tree])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "no changes (6 views)\n")
    }

    func testThePictureIsWritten() throws {
        let ws = try Workspace()
        let (before, after) = try pair(ws)
        let result = try Hierarchy.run(["diff", before, after, "-o", ws.path("diff.png"), "--size", "400x300"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let image = try PNG.decode(file: ws.path("diff.png"))
        XCTAssertEqual([image.width, image.height], [400, 300])
        // The added badge's green outline and the changed views' amber are drawn.
        func count(near color: Color) -> Int {
            let target = [Int(color.red), Int(color.green), Int(color.blue)]
            var found = 0
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let distance: Int = (0..<3).reduce(0) { $0 + abs(Int(image.pixels[i + $1]) - target[$1]) }
                if distance < 40 { found += 1 }
            }
            return found
        }
        XCTAssertGreaterThan(count(near: Color(red: 0x34, green: 0xC7, blue: 0x59)), 10, "green: the added badge")
        XCTAssertGreaterThan(count(near: Color(red: 0xFF, green: 0xB0, blue: 0x20)), 50, "amber: the moved header and repainted cell")
    }

    func testThePageIsWritten() throws {
        let ws = try Workspace()
        let (before, after) = try pair(ws)
        let result = try Hierarchy.run(["diff", before, after, "--format", "json", "-o", ws.path("diff.html")])
        XCTAssertEqual(result.status, 1, result.stderr)
        let page = try String(contentsOfFile: ws.path("diff.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#""diff":{"summary":"2 changed, 1 added (1 view), 0 removed (0 views), 4 unchanged""#), String(page.prefix(2000)))
        XCTAssertTrue(page.contains(#""id":"before:header""#))
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let ws = try Workspace()
        let before = try ws.smallCapture()
        let after = try ws.write("bad/tree.json", smallTree.replacingOccurrences(of: #""clipsToBounds": true"#, with: #""clipsToBounds": "yes""#))
        let result = try Hierarchy.run(["diff", before, after], in: ws.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: \(after): root.children[1].clipsToBounds: expected true or false, got a string\n")
    }

    func testMissingFileAndBadOptionsExitTwo() throws {
        let ws = try Workspace()
        let tree = try ws.smallCapture()
        let missing = try Hierarchy.run(["diff", tree, ws.path("nothing.json")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: \(ws.path("nothing.json")): no such file\n")
        let option = try Hierarchy.run(["diff", tree, tree, "--format", "yaml"])
        XCTAssertEqual(option.status, 2, option.stderr)
        XCTAssertEqual(option.stderr.split(separator: "\n").count, 1, "one line, no usage block: \(option.stderr)")
        XCTAssertTrue(option.stderr.hasPrefix("error: ") && option.stderr.contains("yaml"), option.stderr)
        // The camera is checked without a picture too.
        let camera = try Hierarchy.run(["diff", tree, tree, "--yaw", "nan"])
        XCTAssertEqual(camera.status, 2, camera.stderr)
        XCTAssertEqual(camera.stderr, "error: yaw must be a finite number of degrees, got nan\n")
        let output = try Hierarchy.run(["diff", tree, tree, "-o", ws.path("x.gif")])
        XCTAssertEqual(output.status, 2, output.stderr)
        XCTAssertFalse(ws.exists("x.gif"))
    }

    func testThePictureNeverOverwritesAnInput() throws {
        let ws = try Workspace()
        let (before, _) = try pair(ws)
        let png = ws.path("s/root.png")
        let result = try Hierarchy.run(["diff", before, before, "--before-screenshot", png, "-o", png])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("\nerror: \(png): is an input of this command; choose another output\n"), result.stderr)
    }
}
