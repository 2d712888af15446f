import Foundation
import HierarchyTestSupport
import XCTest

/// docs/ci.md's jobs, run here as its GitHub Actions workflow writes them: the `hierarchy` lines
/// are read from the page (so the page cannot drift from what is tested) and run on a run of real
/// dumps in four shards, merged, and audited to SARIF.
final class CIRecipeTests: XCTestCase {
    /// The lines of docs/ci.md's GitHub workflow that run `hierarchy` (after `run: ` or alone).
    private func workflowLines() throws -> [String] {
        let page = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let github = try XCTUnwrap(page.components(separatedBy: "## GitHub Actions").dropFirst().first?.components(separatedBy: "## GitLab CI").first)
        return github.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("- run: ") ? String($0.dropFirst(7)) : $0 }
            .map { $0.hasPrefix("run: ") ? String($0.dropFirst(5)) : $0 }
            .filter { $0.hasPrefix("hierarchy ") }
    }

    /// A command line of the page as arguments: split at spaces, quotes dropped, the workflow's
    /// expressions replaced.
    private func arguments(_ line: String, shard: Int = 0) -> [String] {
        line.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)").split(separator: " ").dropFirst()
            .map { $0.replacingOccurrences(of: "\"", with: "") }
    }

    /// A run of five real dumps (Appium iOS and uiautomator page sources, cited in
    /// Tests/Fixtures/SOURCES.md) and a baseline that lacks one and has one of its own.
    private func makeRun(in ws: Workspace) throws {
        let fm = FileManager.default
        let dumps = ["appium-ios", "uiautomator"].flatMap { kind in
            ((try? fm.contentsOfDirectory(atPath: TestPaths.fixture("dumps/" + kind).path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted().prefix(3).map { kind + "/" + $0 }
        }
        XCTAssertGreaterThanOrEqual(dumps.count, 5, "\(dumps)")
        for (n, dump) in dumps.enumerated() {
            let name = (dump as NSString).lastPathComponent
            try fm.createDirectory(at: ws.url.appendingPathComponent("screens"), withIntermediateDirectories: true)
            try fm.createDirectory(at: ws.url.appendingPathComponent("screens-baseline"), withIntermediateDirectories: true)
            try fm.copyItem(at: TestPaths.fixture("dumps/" + dump), to: ws.url.appendingPathComponent("screens/" + name))
            if n > 0 { try fm.copyItem(at: TestPaths.fixture("dumps/" + dump), to: ws.url.appendingPathComponent("screens-baseline/" + name)) }
        }
        try ws.write("screens-baseline/gone.json", #"{"version": 1, "root": {"id": "root", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}}"#)
    }

    func testTheWorkflowsShardsMergeAndSARIF() throws {
        let lines = try workflowLines()
        let shardLine = try XCTUnwrap(lines.first { $0.contains("--shard") }, "\(lines)")
        let mergeLine = try XCTUnwrap(lines.first { $0.contains("--merge") }, "\(lines)")
        let auditLine = try XCTUnwrap(lines.first { $0.hasPrefix("hierarchy audit") }, "\(lines)")
        let ws = try Workspace()
        try makeRun(in: ws)
        for shard in 1...4 {
            let result = try Hierarchy.run(arguments(shardLine, shard: shard), in: ws.url)
            XCTAssertEqual(result.status, 0, "shard \(shard): \(result.stderr)")
        }
        // The shell expands part-*/ before hierarchy sees it.
        let parts = (1...4).map { "part-\($0)/" }
        let merge = arguments(mergeLine).flatMap { $0 == "part-*/" ? parts : [$0] }
        let merged = try Hierarchy.run(merge, in: ws.url)
        XCTAssertEqual(merged.status, 1, "a screen added and one removed fail --fail-on changes: \(merged.stderr)")
        XCTAssertNil(try ws.xmlError("junit.xml"), "JUnit parses")
        XCTAssertTrue(ws.exists("report/index.html"))
        // The merged report is the unsharded one.
        let whole = try Hierarchy.run(["report", "screens", "--baseline", "screens-baseline", "--audit", "--fail-on", "never", "-o", "whole/"], in: ws.url)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try Data(contentsOf: ws.url.appendingPathComponent("report/report.json")), try Data(contentsOf: ws.url.appendingPathComponent("whole/report.json")))
        // The audit loop: each capture's SARIF, exit status 0 or 1, valid JSON naming the version.
        try FileManager.default.createDirectory(at: ws.url.appendingPathComponent("sarif"), withIntermediateDirectories: true)
        XCTAssertTrue(auditLine.hasPrefix(#"hierarchy audit "$capture" --format sarif -o "sarif/"#), auditLine)
        for capture in try FileManager.default.contentsOfDirectory(atPath: ws.path("screens")).sorted() {
            let out = "sarif/screens_\(capture).sarif"
            let result = try Hierarchy.run(["audit", "screens/" + capture, "--format", "sarif", "-o", out], in: ws.url)
            XCTAssertTrue([0, 1].contains(result.status), "\(capture): \(result.stderr)")
            let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: ws.url.appendingPathComponent(out))) as? [String: Any]
            let driver = ((sarif?["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
            XCTAssertEqual(driver?["name"] as? String, "hierarchy audit")
            XCTAssertNotNil(driver?["version"] as? String, "\(capture): tool.driver.version")
        }
    }
}
