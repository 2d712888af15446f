import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

final class SampleCommandTests: XCTestCase {
    /// `textures` on every bundled sample: one PNG per textured layer, each the planned size.
    func testTexturesOfEverySample() throws {
        for name in ["settings", "photos", "sheet"] {
            let ws = try Workspace()
            let tree = TestPaths.sample(name).path
            let result = try Hierarchy.run(["textures", tree, "-o", ws.path("tex")])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ws.path("tex/index.json")))) as? [[String: Any]])
            let textured = index.filter { $0["texture"] is String }
            XCTAssertGreaterThan(textured.count, 30, name)
            for entry in textured.prefix(10) {
                let image = try PNG.decode(file: ws.path("tex/" + (entry["texture"] as! String)))
                XCTAssertEqual([image.width, image.height], [entry["width"] as? Int, entry["height"] as? Int], "\(name): \(entry["id"] ?? "")")
            }
        }
    }
}
