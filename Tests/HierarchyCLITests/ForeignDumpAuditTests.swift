import Foundation
import HierarchyTestSupport
import XCTest

/// The audit of the foreign formats: Android's rules for Espresso and for Maestro's and Sentry's
/// Android trees, and SARIF regions on the line of the element's record or object.
final class ForeignDumpAuditTests: XCTestCase {
    private func sarifRegions(_ text: String) throws -> [String: Int] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        var regions: [String: Int] = [:]
        for result in try XCTUnwrap(runs.first?["results"] as? [[String: Any]]) {
            let rule = try XCTUnwrap(result["ruleId"] as? String)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            regions[rule] = try XCTUnwrap((location["region"] as? [String: Any])?["startLine"] as? Int)
        }
        return regions
    }

    func testAnEspressoHierarchyIsAuditedAsAndroidWithItsRecordsLines() throws {
        let ws = try Workspace()
        let path = try ws.write("failure.txt", """
            androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: with id: is <2131230900>

            View Hierarchy:
            +>DecorView{id=-1, visibility=VISIBLE, width=1080, height=2400, x=0.0, y=0.0, child-count=1}
            |
            +->ImageButton{id=2131230900, res-name=close, visibility=VISIBLE, width=66, height=66, is-clickable=true, x=20.0, y=100.0}
            """)
        let text = try Hierarchy.run(["audit", path, "--density", "2.75", "--rules", "touch-target-size,missing-label"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stdout.contains("[touch-target-size] ImageButton 0.0: touch target 24×24 dp, needs 48×48 dp"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("(Android, sizes in dp)\n"), text.stdout)
        let sarif = try Hierarchy.run(["audit", path, "--density", "2.75", "--rules", "touch-target-size,missing-label", "--format", "sarif"])
        XCTAssertEqual(try sarifRegions(sarif.stdout), ["touch-target-size": 6, "missing-label": 6])
    }

    func testMaestrosAndroidTreeByItsResourceIdsWithItsObjectsLines() throws {
        let ws = try Workspace()
        let path = try ws.write("hierarchy.json", """
            Running on emulator-5554
            {
              "attributes" : { "bounds" : "[0,0][1080,2400]" },
              "children" : [ {
                "attributes" : { "text" : "", "bounds" : "[40,200][106,266]", "resource-id" : "com.example:id/close" },
                "children" : [ ],
                "clickable" : true
              } ]
            }
            """)
        let sarif = try Hierarchy.run(["audit", path, "--density", "2.75", "--rules", "touch-target-size", "--format", "sarif"])
        XCTAssertEqual(sarif.status, 1, sarif.stderr)
        XCTAssertEqual(try sarifRegions(sarif.stdout), ["touch-target-size": 4])
    }
}
