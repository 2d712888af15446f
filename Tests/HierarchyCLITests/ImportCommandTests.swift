import HierarchyTestSupport
import XCTest

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
