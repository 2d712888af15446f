import Foundation
import HierarchyReport
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// The report's page in headless Chromium (`Browser/report_check.py`): no console errors and
/// nothing fetched, the summary, a card per screen, the filter, opening the changed screen (its
/// viewer ready, with the Before/After switch and its changes), an unchanged screen's viewer
/// running a test's locator as `find` does, and the error screen's line.
final class ReportPageBrowserTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyReportTests/Browser/report_check.py")

    func testReportPageInChromium() throws {
        try Chromium.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-report-page-\(UUID().uuidString)")
        try ReportRuns.make(in: folder)
        var passed = true
        // An unchanged screen's viewer runs a test's locator as find does.
        let clock = try Screen.open(folder.appendingPathComponent("run1/clock.xml").path)
        let fab = try clock.find(Locator(using: .id, value: "fab"), in: clock.findXML()).result.matches.map(\.id)
        XCTAssertEqual(fab.count, 1)
        let locate = String(decoding: try JSONSerialization.data(withJSONObject: ["screen": "clock", "text": "id:fab", "matches": fab]), as: UTF8.self)
        // The single page, and the same report as a folder (its viewers and textures data files).
        for (output, page) in [("out/report.html", "out/report.html"), ("folder/", "folder/index.html")] {
            let outcome = try ReportRun.run([folder.appendingPathComponent("run1").path], baseline: .folder(folder.appendingPathComponent("run0").path),
                                            options: ReportRunTests.options(), output: ReportOutput(folder.appendingPathComponent(output).path + (output.hasSuffix("/") ? "/" : "")))
            let summary = ReportSummary(outcome.screens)
            XCTAssertEqual(summary.changed, 2)
            let expected = """
                {"summary": {"screens": \(summary.screens), "changed": \(summary.changed), "added": \(summary.added), "removed": \(summary.removed), \
                "errors": \(summary.errors), "findings": \(summary.findings)}, "changed": "appdev", "changes": 1, "error": "corrupt", "folder": \(output.hasSuffix("/")), "locate": \(locate)}
                """
            let result = try ExternalProcess.run(ExternalProcess.python, [Self.script.path, folder.appendingPathComponent(page).path, expected])
            for failure in result.output.split(separator: "\n").filter({ $0.hasPrefix("FAIL: ") }) { XCTFail(String(failure.dropFirst(6)) + " (\(page) in \(folder.path))") }
            XCTAssertEqual(result.status, 0, result.output)
            passed = passed && result.status == 0
        }
        if passed { try? FileManager.default.removeItem(at: folder) }
    }
}
