import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `hierarchy --version`, `hierarchy version`, and the overview `--help` prints (the man pages are
/// made from it, so it must name what the tool reads and does today).
final class VersionCommandTests: XCTestCase {
    func testVersionFlagAndCommandPrintTheSameLine() throws {
        let flag = try Hierarchy.run(["--version"])
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertEqual(flag.stdout, HierarchyVersion.current.banner + "\n")
        XCTAssertEqual(flag.stderr, "")
        let command = try Hierarchy.run(["version"])
        XCTAssertEqual(command.status, 0, command.stderr)
        XCTAssertEqual(command.stdout, flag.stdout)
        // A development build (the tests') names its number and says it records no commit.
        XCTAssertTrue(flag.stdout.hasPrefix("hierarchy \(HierarchyVersion.number)-dev (a development build"), flag.stdout)
    }

    func testVersionTakesNoArgument() throws {
        let result = try Hierarchy.run(["version", "extra"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: Unexpected argument 'extra'"), result.stderr)
    }

    /// The overview names every kind of dump the importers read, every command, and the version.
    func testTheOverviewNamesEveryInputKindAndCommand() throws {
        let help = try Hierarchy.run(["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for format in DumpFormat.allCases { XCTAssertTrue(text.contains(format.title), "--help does not name \(format.title)") }
        for command in ["render", "layout", "pick", "textures", "export", "import", "diff", "audit", "report", "version"] {
            XCTAssertTrue(help.stdout.contains("\n  \(command) "), "--help does not list \(command)")
        }
        XCTAssertTrue(text.contains("This is \(HierarchyVersion.current.banner)"), "--help does not say the version")
        XCTAssertTrue(help.stdout.contains("--version"), "--help does not offer --version")
    }

    /// report.json's generator, SARIF's tool.driver.version and glTF's asset.generator name the
    /// version; a development build's names no commit, so these documents are the same at every
    /// commit (run twice, they are the same bytes).
    func testTheDocumentsNameTheVersion() throws {
        let ws = try Workspace()
        let tree = try ws.smallCapture()
        let version = HierarchyVersion.current.text
        XCTAssertEqual(version, HierarchyVersion.number + "-dev")
        XCTAssertEqual(try Hierarchy.run(["export", tree, "-o", ws.path("scene.gltf")]).status, 0)
        let gltf = try JSONSerialization.jsonObject(with: Data(contentsOf: ws.url.appendingPathComponent("scene.gltf"))) as? [String: Any]
        XCTAssertEqual((gltf?["asset"] as? [String: Any])?["generator"] as? String, "hierarchy " + version)
        let sarif = try Hierarchy.run(["audit", tree, "--format", "sarif"])
        let runs = (try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["runs"] as? [[String: Any]]
        let driver = (runs?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        XCTAssertEqual(driver?["version"] as? String, version, sarif.stdout)
        try FileManager.default.createDirectory(at: ws.url.appendingPathComponent("run"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tree, toPath: ws.path("run/screen.json"))
        try FileManager.default.copyItem(atPath: ws.path("s"), toPath: ws.path("run/s"))
        for name in ["a", "b"] {
            let report = try Hierarchy.run(["report", ws.path("run"), "-o", ws.path(name) + "/"])
            XCTAssertEqual(report.status, 0, report.stderr)
        }
        let json = try Data(contentsOf: ws.url.appendingPathComponent("a/report.json"))
        XCTAssertEqual((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["generator"] as? String, "hierarchy " + version)
        XCTAssertEqual(json, try Data(contentsOf: ws.url.appendingPathComponent("b/report.json")))
    }
}
