import Foundation
import HierarchyAudit
import XCTest

/// The JSON document's exact shape (docs/audit.md), and the baseline read back from it.
final class AuditJSONTests: XCTestCase {
    func testTheDocumentHasTheDocumentedShape() throws {
        let dump = AuditFixture.android(AuditFixture.node("android.widget.Button", 100, 100, 140, 140, #"clickable="true" text="Go &quot;now&quot;""#))
        let report = try AuditFixture.audit(dump, rules: [.touchTargetSize, .textContrast])
        XCTAssertEqual(AuditJSON.encode(report), #"""
            {
              "findings": [
                {"number": 1, "rule": "touch-target-size", "severity": "error", "id": "0.0.0", "path": "0.0.0", "class": "android.widget.Button", "text": "Go \"now\"", "frame": {"x": 100, "y": 100, "width": 40, "height": 40}, "source": {"line": 4, "endLine": 4}, "values": {"width": 40, "height": 40, "required": 48, "unit": "dp"}, "message": "android.widget.Button 0.0.0 \"Go \"now\"\": touch target 40×40 dp, needs 48×48 dp"}
              ],
              "summary": {"errors": 1, "warnings": 0, "info": 0, "platform": "android", "unit": "dp", "audited": {"touch-target-size": 1}, "skipped": {"text-contrast": "no pixels: give --screenshot, or a capture with snapshots"}}
            }

            """#)
        let entries = try AuditJSON.baseline(Data(AuditJSON.encode(report).utf8), file: "old.json")
        XCTAssertEqual(entries, [BaselineEntry(rule: "touch-target-size", id: "0.0.0")])
        XCTAssertTrue(report.subtracting(entries).findings.isEmpty)
    }

    func testABaselineThatIsNotAnAuditIsRefusedWithItsPath() {
        XCTAssertThrowsError(try AuditJSON.baseline(Data(#"{"findings": [{"rule": "x"}]}"#.utf8), file: "old.json")) { error in
            XCTAssertEqual("\(error)", "old.json: findings[0].id: missing")
        }
        XCTAssertThrowsError(try AuditJSON.baseline(Data("[1]".utf8), file: "old.json")) { error in
            XCTAssertEqual("\(error)", "old.json: expected an object with \"findings\", got an array")
        }
    }
}
