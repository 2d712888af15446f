import Foundation
import HierarchyModel
@testable import HierarchyReport
import XCTest

/// What the report decides rather than the command line (issue 49): nothing found or nothing
/// read ends a run, and what `--baseline` names.
final class ReportVerdictTests: XCTestCase {
    private func outcome(_ statuses: [ReportScreen.Status], found: Int) -> ReportRun.Outcome {
        ReportRun.Outcome(screens: statuses.enumerated().map { ReportScreen(name: "s\($0.offset)", status: $0.element) }, found: found, pageSize: 0, folder: nil)
    }

    func testNothingFoundOrNothingReadEndsTheRun() throws {
        XCTAssertThrowsError(try outcome([], found: 0).checkSomethingWasRead(in: ["a", "b"], merged: false)) { error in
            XCTAssertEqual("\(error)", "a, b: no captures found (.json, .xml or .txt files)")
        }
        XCTAssertNoThrow(try outcome([], found: 0).checkSomethingWasRead(in: ["a"], merged: true), "a merge finds its screens in its parts")
        XCTAssertThrowsError(try outcome([.error, .error], found: 2).checkSomethingWasRead(in: ["a"], merged: false)) { error in
            XCTAssertEqual("\(error)", "no capture could be read")
        }
        XCTAssertNoThrow(try outcome([.error, .unchanged], found: 2).checkSomethingWasRead(in: ["a"], merged: false), "one read is a report")
    }

    func testTheBaselineIsAReportsJSONOrAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-baseline-\(UUID().uuidString).json").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertEqual(ReportRun.Baseline(path: "old/report.JSON"), .report("old/report.JSON"))
        XCTAssertEqual(ReportRun.Baseline(path: "old/"), .folder("old/"))
        XCTAssertEqual(ReportRun.Baseline(path: folder), .folder(folder), "a folder named ….json is a folder")
    }
}
