import Foundation
import HierarchyTestSupport
import XCTest

/// Every kind of bad input: one line on standard error naming the file and the JSON path, exit
/// status 1, nothing on standard output, no crash.
final class BadInputTests: XCTestCase {
    func assertBadInput(_ tree: String, _ expected: String, extra: [String] = [], setUp: (Workspace) throws -> Void = { _ in },
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let ws = try Workspace()
        try ws.smallCapture(tree)
        try setUp(ws)
        let result = try Hierarchy.run(["layout", "tree.json"] + extra, in: ws.url)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr, "error: tree.json: " + expected + "\n", file: file, line: line)
    }

    func replacing(_ old: String, _ new: String) -> String {
        precondition(smallTree.contains(old))
        return smallTree.replacingOccurrences(of: old, with: new)
    }

    func testMalformedJSON() throws {
        let ws = try Workspace()
        try ws.write("tree.json", "{\"version\": 1, \"root\": {")
        let result = try Hierarchy.run(["layout", "tree.json"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: tree.json: not valid JSON"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1)
    }

    func testWrongType() throws {
        try assertBadInput(replacing(#""clipsToBounds": true"#, #""clipsToBounds": "yes""#), "root.children[1].clipsToBounds: expected true or false, got a string")
    }

    func testMissingFrame() throws {
        try assertBadInput(replacing(#""frame": {"x": 10, "y": 10, "width": 80, "height": 20}, "#, ""), #"root.children[0].frame: missing (a rectangle {"x", "y", "width", "height"} is required)"#)
    }

    func testNegativeSize() throws {
        try assertBadInput(replacing(#""width": 30, "height": 30"#, #""width": -4, "height": 30"#), "root.children[2].frame.width: expected a number >= 0, got -4")
    }

    func testAlphaOutOfRange() throws {
        try assertBadInput(replacing(#""tag": 9999"#, #""tag": 9999, "alpha": 2"#), "root.children[2].alpha: expected a number in [0, 1], got 2")
    }

    func testUnsupportedVersion() throws {
        try assertBadInput(replacing(#""version": 1"#, #""version": 3"#), "version: unsupported version 3, expected 1")
    }

    func testDuplicateIDs() throws {
        try assertBadInput(replacing(#""id": "cell1""#, #""id": "cell0""#), "root.children[1].children[1].id: duplicate id 'cell0' (also at root.children[1].children[0])")
    }

    func testMissingSnapshot() throws {
        try assertBadInput(replacing("s/cell1.png", "s/gone.png"), "root.children[1].children[1].snapshot: 's/gone.png': no such file")
    }

    func testSnapshotThatIsNotAPNG() throws {
        try assertBadInput(smallTree, "root.children[0].snapshot: 's/header.png': not a PNG file (bad signature)") { ws in
            try ws.write("s/header.png", "GIF89a, not a PNG at all")
        }
    }

    func testTruncatedSnapshotFailsWhenItIsDrawn() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let png = try Data(contentsOf: URL(fileURLWithPath: ws.path("s/cell1.png")))
        try png.prefix(60).write(to: URL(fileURLWithPath: ws.path("s/cell1.png")))
        let result = try Hierarchy.run(["render", "tree.json", "-o", "out.png", "--size", "100x80"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains("s/cell1.png"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        XCTAssertFalse(ws.exists("out.png"), "nothing half-written")
    }

    func testAbsoluteSnapshotPathIsRefusedUnlessAllowed() throws {
        let absolute = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-abs-\(UUID().uuidString).png").path
        let ws = try Workspace()
        try ws.png("../\(URL(fileURLWithPath: absolute).lastPathComponent)", width: 2, height: 2, color: .init(red: 1, green: 2, blue: 3))
        defer { try? FileManager.default.removeItem(atPath: absolute) }
        try assertBadInput(replacing("s/cell1.png", absolute), "root.children[1].children[1].snapshot: '\(absolute)' is an absolute path (pass --allow-outside-paths to allow it)")
        try ws.smallCapture(replacing("s/cell1.png", absolute))
        XCTAssertEqual(try Hierarchy.run(["layout", "tree.json", "--allow-outside-paths"], in: ws.url).status, 0)
    }

    func testSnapshotPathClimbingOutIsRefused() throws {
        try assertBadInput(replacing("s/cell1.png", "s/../../secret.png"), "root.children[1].children[1].snapshot: 's/../../secret.png' leads out of the document's folder (pass --allow-outside-paths to allow it)")
    }

    func testSnapshotLinkingOutIsRefused() throws {
        try assertBadInput(replacing("s/cell1.png", "s/link.png"), "root.children[1].children[1].snapshot: 's/link.png' links out of the document's folder (pass --allow-outside-paths to allow it)") { ws in
            let outside = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-outside-\(UUID().uuidString).png")
            self.addTeardownBlock { try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.copyItem(atPath: ws.path("s/root.png"), toPath: outside.path)
            try FileManager.default.createSymbolicLink(atPath: ws.path("s/link.png"), withDestinationPath: outside.path)
        }
    }

    func testTooDeepADocumentIsOneLine() throws {
        var text = #"{"version": 1, "root": "#
        for _ in 0..<400 { text += #"{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": ["# }
        text += String(repeating: "]}", count: 400) + "}"
        let ws = try Workspace()
        try ws.write("tree.json", text)
        let result = try Hierarchy.run(["layout", "tree.json"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: tree.json: not valid JSON"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
    }

    func testMissingFileAndFolder() throws {
        let ws = try Workspace()
        XCTAssertEqual(try Hierarchy.run(["layout", "nope.json"], in: ws.url).stderr, "error: nope.json: no such file\n")
        XCTAssertEqual(try Hierarchy.run(["layout", "."], in: ws.url).status, 1)
    }

    func testAFileThatIsNoKnownFormat() throws {
        let ws = try Workspace()
        try ws.write("notes.txt", "just some prose\nwith no views in it\n")
        let result = try Hierarchy.run(["layout", "notes.txt"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: notes.txt: "), result.stderr)
    }

    func testUsageErrorsExitWithTheDocumentedTroubleStatus() throws {
        // A usage error is bad input: 1, or 2 for a command whose 1 is an answer; never
        // ArgumentParser's 64, which no help text lists.
        let ws = try Workspace()
        try ws.smallCapture()
        let cases: [([String], Int32)] = [
            (["layout", "tree.json", "--depth-mode", "sideways"], 1), (["layout", "tree.json", "--max-texture", "0"], 1),
            (["layout", "tree.json", "--max-texture", "x"], 1), (["render", "tree.json", "--no-such-option"], 1),
            (["export", "tree.json", "-o", "x.obj"], 1), (["textures", "tree.json"], 1), (["capture", "adb", "--timeout", "0", "-o", "x"], 1),
            (["diff", "tree.json"], 2), (["audit", "tree.json", "--fail-on", "sometimes"], 2), (["find", "tree.json"], 2),
            (["report"], 2), (["render", "tree.json", "--expect", "g.png", "--tolerance", "x"], 2), (["no-such-command"], 1),
        ]
        for (arguments, status) in cases {
            let result = try Hierarchy.run(arguments, in: ws.url)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(arguments): one line: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        // Where the statuses are listed, usage errors are named with them.
        let help = try Hierarchy.run(["--help"])
        let helpText = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(helpText.contains("a usage error are one line on standard error and exit status 1"), help.stdout)
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("A usage error (an unknown option, a bad value, options\nthat do not go together) is bad input too: one line, the same status, never 64."))
    }

    func testUnknownFocusIsAnError() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let result = try Hierarchy.run(["layout", "tree.json", "--focus", "nobody"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: --focus: no view has the id 'nobody'\n")
    }
}
