import Foundation
import XCTest

/// One rule for what every command writes (`OutputRule`): a file that exists is replaced only
/// with --force, an input never (not even with --force), each refusal worded once, and nothing
/// written when refused.
final class OverwriteTests: XCTestCase {
    /// A command that writes `output` (relative to the workspace), and its exit status on bad input.
    struct Writer {
        var name: String
        var arguments: [String]
        var output: String
        var failure: Int32 = 1
    }

    /// Every command that writes a file, writing into the small capture's workspace.
    static let writers: [Writer] = [
        Writer(name: "render", arguments: ["render", "tree.json", "--size", "20x20", "-o", "out.png"], output: "out.png"),
        Writer(name: "render --expect -o", arguments: ["render", "tree.json", "--size", "20x20", "--expect", "golden.png", "--record", "-o", "out.png"], output: "out.png", failure: 2),
        Writer(name: "layout", arguments: ["layout", "tree.json", "-o", "out.txt"], output: "out.txt"),
        Writer(name: "layout json", arguments: ["layout", "tree.json", "--format", "json", "-o", "out.json"], output: "out.json"),
        Writer(name: "import", arguments: ["import", "tree.json", "-o", "copy/tree.json"], output: "copy/tree.json"),
        Writer(name: "export", arguments: ["export", "tree.json", "-o", "out.glb"], output: "out.glb"),
        Writer(name: "textures", arguments: ["textures", "tree.json", "-o", "textures"], output: "textures/index.json"),
        Writer(name: "audit", arguments: ["audit", "tree.json", "--fail-on", "never", "-o", "audit.txt"], output: "audit.txt", failure: 2),
        Writer(name: "audit picture", arguments: ["audit", "tree.json", "--fail-on", "never", "--size", "20x20", "-o", "audit.png"], output: "audit.png", failure: 2),
        Writer(name: "diff picture", arguments: ["diff", "tree.json", "after.json", "--size", "20x20", "-o", "diff.png"], output: "diff.png", failure: 2),
        Writer(name: "diff page", arguments: ["diff", "tree.json", "after.json", "-o", "diff.html"], output: "diff.html", failure: 2),
        Writer(name: "report", arguments: ["report", "run", "-o", "report.html"], output: "report.html", failure: 2),
        Writer(name: "report junit", arguments: ["report", "run", "-o", "r2.html", "--junit", "junit.xml"], output: "junit.xml", failure: 2),
    ]

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        try ws.smallCapture()
        try ws.write("after.json", smallTree.replacingOccurrences(of: "\"Title\"", with: "\"Heading\""))
        try FileManager.default.createDirectory(at: ws.url.appendingPathComponent("run"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ws.path("tree.json"), toPath: ws.path("run/screen.json"))
        try FileManager.default.copyItem(atPath: ws.path("s"), toPath: ws.path("run/s"))
        return ws
    }

    func bytes(_ ws: Workspace, _ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: ws.path(name))) }

    /// A file in the way is kept as it is without --force, with the one wording, and replaced with it.
    func testAnOutputThatExistsIsReplacedOnlyWithForce() throws {
        let ws = try workspace()
        for writer in Self.writers {
            try ws.write(writer.output, "kept")
            let refused = try Hierarchy.run(writer.arguments, in: ws.url)
            XCTAssertEqual(refused.status, writer.failure, "\(writer.name): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.hasSuffix("error: \(writer.output): already exists (use --force to replace it)\n")
                          || refused.stderr.hasSuffix("error: \(ws.path(writer.output)): already exists (use --force to replace it)\n"),
                          "\(writer.name): \(refused.stderr)")
            XCTAssertEqual(try bytes(ws, writer.output), Data("kept".utf8), writer.name)
            let forced = try Hierarchy.run(writer.arguments + ["--force"], in: ws.url)
            XCTAssertTrue([0, 1].contains(forced.status) && !forced.stderr.contains("error:"), "\(writer.name) --force: \(forced.status) \(forced.stderr)")
            XCTAssertNotEqual(try bytes(ws, writer.output), Data("kept".utf8), "\(writer.name) --force did not replace the file")
        }
        XCTAssertEqual(ws.files().filter { $0.hasPrefix(".") }, [], "temporary files left behind")
    }

    /// The input, a snapshot it names and a screenshot are never written, --force or not.
    func testNoCommandWritesOverItsInputEvenWithForce() throws {
        let ws = try workspace()
        let tree = try bytes(ws, "tree.json"), snapshot = try bytes(ws, "s/header.png")
        for arguments in [["layout", "tree.json", "--format", "json", "-o", "tree.json"], ["import", "tree.json", "-o", "./tree.json"],
                          ["render", "tree.json", "-o", "tree.json", "--size", "10x10"], ["render", "tree.json", "-o", "s/header.png", "--size", "10x10"],
                          ["export", "tree.json", "--format", "glb", "-o", "tree.json"], ["textures", "tree.json", "-o", "s"],
                          ["audit", "tree.json", "-o", "s/header.png"], ["diff", "tree.json", "after.json", "-o", "s/header.png"],
                          ["report", "run", "--junit", "run/screen.json", "-o", "report.html"], ["report", "run", "-o", "run/screen.json"]] {
            for force in [[], ["--force"]] {
                let result = try Hierarchy.run(arguments + force, in: ws.url)
                XCTAssertNotEqual(result.status, 0, "\(arguments + force)")
                XCTAssertTrue(result.stderr.contains("is an input of this command; choose another output\n"), "\(arguments + force): \(result.stderr)")
            }
        }
        XCTAssertEqual(try bytes(ws, "tree.json"), tree)
        XCTAssertEqual(try bytes(ws, "s/header.png"), snapshot)
    }

    /// The screenshot of `render --screenshot` is an input too.
    func testTheScreenshotIsAnInput() throws {
        let ws = try workspace()
        try ws.png("shot.png", width: 100, height: 200, color: .init(red: 1, green: 2, blue: 3))
        let before = try bytes(ws, "shot.png")
        let result = try Hierarchy.run(["render", "tree.json", "--screenshot", "shot.png", "-o", "shot.png", "--force"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasSuffix("\nerror: shot.png: is an input of this command; choose another output\n"), result.stderr)
        XCTAssertEqual(try bytes(ws, "shot.png"), before)
    }

    /// A folder is never replaced by a file.
    func testAFolderIsNotAFile() throws {
        let ws = try workspace()
        let result = try Hierarchy.run(["render", "tree.json", "-o", "s", "--force"], in: ws.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: s: is a folder; name the file to write\n")
    }
}
