import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// `hierarchy audit -o PICTURE.png` against its golden, `Tests/Fixtures/audit/audit-picture.png`
/// (decoded pixels, each channel within 2). `HIERARCHY_RECORD_GOLDENS=1` records it again and fails.
final class AuditPictureTests: XCTestCase {
    /// A 200×300 screen: a 30-pt button (touch target), a button with no title (missing label) and
    /// one hidden under an opaque banner (obscured), over a grey card.
    static let capture = """
        {"version": 1, "root": {"id": "screen", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 200, "height": 300}, "backgroundColor": "#F2F2F7",
          "children": [
            {"id": "card", "class": "UIView", "frame": {"x": 10, "y": 40, "width": 180, "height": 220}, "backgroundColor": "#FFFFFF", "children": [
              {"id": "small", "class": "UIButton", "text": "Go", "frame": {"x": 10, "y": 10, "width": 30, "height": 30}, "backgroundColor": "#007AFF"},
              {"id": "blank", "class": "UIButton", "frame": {"x": 60, "y": 10, "width": 100, "height": 50}, "backgroundColor": "#34C759"},
              {"id": "under", "class": "UIButton", "text": "Buy", "frame": {"x": 10, "y": 120, "width": 160, "height": 60}, "backgroundColor": "#FF9500"}
            ]},
            {"id": "banner", "class": "UIView", "frame": {"x": 0, "y": 150, "width": 200, "height": 60}, "backgroundColor": "#1C1C1E"}
          ]}}
        """

    func testThePictureOutlinesAndNumbersTheFindings() throws {
        let ws = try Workspace()
        let tree = try ws.write("tree.json", Self.capture)
        let result = try Hierarchy.run(["audit", tree, "-o", ws.path("audit.png"), "--size", "480x360", "--rules", "touch-target-size,missing-label,obscured-target"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("Errors (2)\n  1. [touch-target-size] UIButton small \"Go\": touch target 30×30 pt, needs 44×44 pt\n  2. [missing-label] UIButton blank: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("  3. [obscured-target] UIButton under \"Buy\": only 17% of it shows; covered by UIView banner"), result.stdout)
        let image = try PNG.decode(file: ws.path("audit.png"))
        let golden = TestPaths.fixture("audit/audit-picture.png").path
        if ProcessInfo.processInfo.environment["HIERARCHY_RECORD_GOLDENS"] == "1" {
            try PNG.write(image, to: golden)
            return XCTFail("recorded \(golden); run again without HIERARCHY_RECORD_GOLDENS to compare")
        }
        let expected = try PNG.decode(file: golden)
        XCTAssertEqual(image.width, expected.width)
        XCTAssertEqual(image.height, expected.height)
        guard image.width == expected.width, image.height == expected.height else { return }
        var worst = (value: 0, x: 0, y: 0)
        for (i, (a, b)) in zip(image.pixels, expected.pixels).enumerated() where abs(Int(a) - Int(b)) > worst.value {
            worst = (abs(Int(a) - Int(b)), i / 4 % image.width, i / 4 / image.width)
        }
        if worst.value > 2 { try PNG.write(image, to: golden.replacingOccurrences(of: ".png", with: ".actual.png")) }
        XCTAssertLessThanOrEqual(worst.value, 2, "pixel (\(worst.x), \(worst.y)) differs by \(worst.value); wrote audit-picture.actual.png beside the golden")
    }
}
