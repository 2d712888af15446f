import Foundation
import HierarchyAudit
import HierarchyScreen
import HierarchyViewer
import HierarchyFormats
import HierarchyLayout
import HierarchyLoading
import HierarchyTestSupport
import XCTest

/// The page `hierarchy audit INPUT -o audit.html` writes: the viewer's data carries the findings
/// as the report numbers them, each with its view's layer; in Chromium the Audit panel lists them
/// by severity and a click selects and frames the view; a view's hostile text stays text.
final class AuditPageTests: XCTestCase {
    static let hostile = #"</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">"#

    /// A 200×300 screen: a 30-pt button, a button with no title, a button under an opaque banner,
    /// a tiny button whose title is markup, and a button off the screen (not drawn).
    static func capture() throws -> (document: LoadedDocument, layout: Layout, report: AuditReport, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-audit-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let title = String(decoding: try JSONSerialization.data(withJSONObject: [hostile], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast()
        try Data("""
            {"version": 1, "root": {"id": "screen", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 200, "height": 300}, "backgroundColor": "#F2F2F7",
              "children": [
                {"id": "card", "class": "UIView", "frame": {"x": 10, "y": 40, "width": 180, "height": 220}, "backgroundColor": "#FFFFFF", "children": [
                  {"id": "small", "class": "UIButton", "text": "Go", "frame": {"x": 10, "y": 10, "width": 30, "height": 30}, "backgroundColor": "#007AFF"},
                  {"id": "blank", "class": "UIButton", "frame": {"x": 60, "y": 10, "width": 100, "height": 50}, "backgroundColor": "#34C759"},
                  {"id": "under", "class": "UIButton", "text": "Buy", "frame": {"x": 10, "y": 120, "width": 160, "height": 60}, "backgroundColor": "#FF9500"},
                  {"id": "markup", "class": "UIButton", "text": \(title), "frame": {"x": 150, "y": 80, "width": 12, "height": 12}, "backgroundColor": "#AF52DE"}
                ]},
                {"id": "banner", "class": "UIView", "frame": {"x": 0, "y": 150, "width": 200, "height": 60}, "backgroundColor": "#1C1C1E"},
                {"id": "away", "class": "UIButton", "text": "Away", "frame": {"x": 400, "y": 10, "width": 60, "height": 60}}
              ]}}
            """.utf8).write(to: folder.appendingPathComponent("tree.json"))
        let document = try LoadedDocument.load(folder.appendingPathComponent("tree.json").path)
        let layout = try document.layout(LayoutOptions())
        let report = Audit.run(tree: document.tree, layout: layout, pixels: nil)
        return (document, layout, report, folder)
    }

    /// The JSON data block of a page.
    func data(_ page: String) throws -> [String: Any] {
        let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="hierarchy-data">"#)).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    func testTheDataCarriesTheFindingsAsTheReportNumbersThem() throws {
        let (document, layout, report, folder) = try Self.capture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try AuditPage.page(report, layout: layout, textures: document.textures(for: layout), options: HTMLViewerOptions(title: "audit"))
        XCTAssertFalse(page.contains("<script>window.__pwned"), "the view's text reached the page as markup")
        XCTAssertFalse(page.contains("<img src=x"), "the view's text reached the page as markup")
        let doc = try data(page)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        let audit = try XCTUnwrap(doc["audit"] as? [String: Any])
        XCTAssertEqual(audit["summary"] as? String, AuditText.summaryLine(report))
        let skipped = try XCTUnwrap(audit["skipped"] as? [String])
        XCTAssertEqual(skipped.filter { $0.hasPrefix("skipped text-contrast: no pixels") || $0.hasPrefix("skipped image-contrast: no pixels") }.count, 2, "\(skipped)")
        let findings = try XCTUnwrap(audit["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, report.findings.count)
        XCTAssertGreaterThanOrEqual(findings.count, 5)
        let text = AuditText.render(report)
        for (index, (entry, finding)) in zip(findings, report.findings).enumerated() {
            XCTAssertEqual(entry["number"] as? Int, index + 1)
            XCTAssertEqual(entry["severity"] as? String, finding.severity.rawValue)
            XCTAssertEqual(entry["rule"] as? String, finding.rule.rawValue)
            XCTAssertEqual(entry["message"] as? String, finding.message)
            XCTAssertEqual(entry["id"] as? String, finding.id)
            // The text report gives the finding the same number.
            XCTAssertTrue(text.contains("  \(index + 1). [\(finding.rule.rawValue)] \(finding.message)"), "finding \(index + 1)")
            if let layer = entry["layer"] as? Int {
                XCTAssertEqual(layers[layer]["id"] as? String, finding.id)
            } else {
                XCTAssertEqual(finding.id, "away", "only the view off the screen is not drawn")
            }
        }
        XCTAssertTrue(findings.contains { $0["id"] as? String == "away" && $0["layer"] == nil })
        XCTAssertTrue(findings.contains { ($0["message"] as? String)?.contains(Self.hostile.prefix(39)) == true })
    }

    func testThePanelInChromium() throws {
        try Chromium.require()
        let (document, layout, report, folder) = try Self.capture()
        let file = folder.appendingPathComponent("audit.html")
        try AuditPage.write(report, layout: layout, document: document, options: HTMLViewerOptions(title: "audit"), to: file.path)
        let titles: [Severity: String] = [.error: "Errors", .warning: "Warnings", .info: "Information"]
        let groups = Severity.allCases.compactMap { s in report.count(s) > 0 ? "\(titles[s]!) (\(report.count(s)))" : nil }
        let findings = report.findings.enumerated().map { index, finding -> OrderedJSON in
            let drawn: Bool
            if case .layer = layout.status[finding.node] { drawn = true } else { drawn = false }
            return .object([("number", .number(Double(index + 1))), ("severity", .string(finding.severity.rawValue)),
                            ("id", .string(finding.id)), ("drawn", .bool(drawn))])
        }
        let expected = OrderedJSON.object([("findings", .array(findings)), ("groups", .array(groups.map { .string($0) })),
                                           ("hostile", .string(String(Self.hostile.prefix(39))))])
        let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyViewerTests/Browser/audit_check.py").path
        let shot = ProcessInfo.processInfo.environment["HIERARCHY_AUDIT_PAGE_SCREENSHOT"]
        let result = try Python.run([script, file.path, expected.text()] + (shot.map { [$0] } ?? []))
        for failure in result.output.split(separator: "\n").filter({ $0.hasPrefix("FAIL: ") }) { XCTFail(String(failure.dropFirst(6))) }
        XCTAssertEqual(result.status, 0, result.output)
        if result.status == 0 { try? FileManager.default.removeItem(at: folder) }
    }
}
