import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `render --expect GOLDEN.png [--record]`, end to end through the built binary: the verdicts of
/// the snapshot strategy, as exit statuses.
final class RenderExpectTests: XCTestCase {
    private let size = ["--size", "240x180"]

    /// Writes `screen` as capture/tree.json in `ws` (afresh).
    private func capture(_ screen: LoginScreen, in ws: Workspace) throws {
        try? FileManager.default.removeItem(at: ws.url.appendingPathComponent("capture"))
        try screen.write(to: ws.url.appendingPathComponent("capture"))
    }

    private func expect(_ ws: Workspace, _ extra: [String] = []) throws -> CommandResult {
        try Hierarchy.run(["render", "capture/tree.json", "--expect", "goldens/login.png"] + size + extra, in: ws.url)
    }

    func testRecordThenMatchThenAMovedViewFailsNamingItWithTheActualAndDiffBesideTheGolden() throws {
        let ws = try Workspace()
        try capture(LoginScreen(), in: ws)
        let recorded = try expect(ws, ["--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertEqual(recorded.stdout, "goldens/login.png: recorded (240×180, 4 views)\n")
        XCTAssertEqual(try PNG.decode(file: ws.path("goldens/login.png")).width, 240)
        XCTAssertFalse(ws.exists("Output"), "with --expect nothing goes to the default output")

        let same = try expect(ws)
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertTrue(same.stdout.hasPrefix("goldens/login.png: matches the golden (0% of pixels differ"), same.stdout)

        var moved = LoginScreen()
        moved.buttonY += 2
        try capture(moved, in: ws)
        let failed = try expect(ws)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(failed.stdout.split(separator: "\n").count, 1, failed.stdout)
        XCTAssertTrue(failed.stdout.contains("does not match the golden"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("changed: UIButton login \"Log in\" moved"), failed.stdout)
        XCTAssertEqual(try PNG.decode(file: ws.path("goldens/login.actual.png")).width, 240)
        let diff = try PNG.decode(file: ws.path("goldens/login.diff.png"))
        XCTAssertEqual([diff.width, diff.height], [240, 180])
        XCTAssertTrue(stride(from: 0, to: diff.pixels.count, by: 4).contains { diff.pixels[$0] == 0xFF && diff.pixels[$0 + 1] == 0 && diff.pixels[$0 + 2] == 0xFF },
                      "the moved button's edges are marked")

        // Back as recorded: it passes, and what the failure left is gone.
        try capture(LoginScreen(), in: ws)
        XCTAssertEqual(try expect(ws).status, 0)
        XCTAssertFalse(ws.exists("goldens/login.actual.png"))
        XCTAssertFalse(ws.exists("goldens/login.diff.png"))
    }

    func testAHiddenViewFailsAndARenamedSnapshotPasses() throws {
        let ws = try Workspace()
        try capture(LoginScreen(), in: ws)
        XCTAssertEqual(try expect(ws, ["--record"]).status, 0)
        var hidden = LoginScreen()
        hidden.buttonHidden = true
        try capture(hidden, in: ws)
        let failed = try expect(ws)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stdout.contains("UIButton login \"Log in\" hidden"), failed.stdout)

        var renamed = LoginScreen()
        renamed.buttonSnapshot = "snapshots/other-name.png"
        try capture(renamed, in: ws)
        let passed = try expect(ws)
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
    }

    func testTheToleranceDecidesChangedPixels() throws {
        let ws = try Workspace()
        try capture(LoginScreen(), in: ws)
        XCTAssertEqual(try expect(ws, ["--record"]).status, 0)
        var recoloured = LoginScreen()
        recoloured.buttonColor = (0xFF, 0x3B, 0x30)
        try capture(recoloured, in: ws)
        let failed = try expect(ws)
        XCTAssertEqual(failed.status, 1, failed.stdout)
        XCTAssertTrue(failed.stdout.contains("no view moved or changed its properties"), failed.stdout)
        XCTAssertEqual(try expect(ws, ["--tolerance", "50%"]).status, 0)
        XCTAssertEqual(try expect(ws, ["--tolerance", "0.5"]).status, 0)
        XCTAssertEqual(try expect(ws, ["--channel-tolerance", "255"]).status, 0)
    }

    func testAPlainPNGAsGoldenComparesPixelsAndSaysItCannotNameViews() throws {
        let ws = try Workspace()
        try capture(LoginScreen(), in: ws)
        try ws.png("goldens/login.png", width: 240, height: 180, color: Color(red: 0, green: 0, blue: 0))
        let failed = try expect(ws)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stdout.contains("the golden keeps no view tree"), failed.stdout)
    }

    func testBadInputIsStatusTwo() throws {
        let ws = try Workspace()
        try capture(LoginScreen(), in: ws)
        let missing = try expect(ws)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: goldens/login.png: no such golden; write it first with --record\n")
        try ws.write("goldens/login.png", "not a png")
        let damaged = try expect(ws)
        XCTAssertEqual(damaged.status, 2)
        XCTAssertTrue(damaged.stderr.hasPrefix("error: goldens/login.png: "), damaged.stderr)
        for bad in [["--tolerance", "2"], ["--tolerance", "-1%"], ["--channel-tolerance", "300"], ["--tolerance", "lots"]] {
            let result = try expect(ws, bad)
            XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        let notPNG = try Hierarchy.run(["render", "capture/tree.json", "--expect", "golden.jpg"], in: ws.url)
        XCTAssertEqual(notPNG.status, 2, notPNG.stderr)
        let brokenTree = try Hierarchy.run(["render", "nothing.json", "--expect", "goldens/login.png"], in: ws.url)
        XCTAssertEqual(brokenTree.status, 2, brokenTree.stderr)
        let overwrite = try Hierarchy.run(["render", "capture/tree.json", "--expect", "capture/tree.json.png", "-o", "capture/tree.json.png"], in: ws.url)
        XCTAssertEqual(overwrite.status, 2, overwrite.stderr)
        let recordWithout = try Hierarchy.run(["render", "capture/tree.json", "--record"], in: ws.url)
        XCTAssertEqual(recordWithout.status, 1, recordWithout.stderr)
        XCTAssertTrue(recordWithout.stderr.contains("--record writes the golden that --expect names"), recordWithout.stderr)
    }
}
