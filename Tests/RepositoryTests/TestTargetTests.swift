import Foundation
import HierarchyTestSupport
import XCTest

/// The test targets test their own library: only the command line's tests drive the command line.
final class TestTargetTests: XCTestCase {
    func testOnlyTheCommandLinesTestsImportIt() throws {
        let tests = TestPaths.repository.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 50)
        var offenders: [String] = []
        for file in files where !file.path.contains("/HierarchyCLITests/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.hasSuffix("import HierarchyCLI") }) {
                offenders.append(file.path.replacingOccurrences(of: tests.path + "/", with: ""))
            }
        }
        XCTAssertEqual(offenders, [], "only HierarchyCLITests may import HierarchyCLI")
    }
}
