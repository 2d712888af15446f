import Foundation
import HierarchyTestSupport
import XCTest

final class LayoutCommandTests: XCTestCase {
    func testJSONHasTheDocumentedShape() throws {
        let ws = try Workspace()
        let tree = try ws.smallCapture()
        let result = try Hierarchy.run(["layout", tree, "--format", "json", "--exclude-tag", "9999"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(doc.keys), ["version", "size", "maxDepth", "layers"])
        XCTAssertEqual(doc["size"] as? [String: Double], ["width": 100, "height": 200])
        XCTAssertEqual(doc["maxDepth"] as? Int, 2)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["id"] as? String }, ["root", "header", "list", "cell1"])
        XCTAssertEqual(layers.map { $0["depth"] as? Int }, [0, 1, 1, 2])
        let header = layers[1]
        XCTAssertEqual(Set(header.keys), ["id", "class", "name", "depth", "frame", "fullFrame", "clipped", "transform", "polygon", "alpha", "texture"])
        XCTAssertNil(layers[2]["name"], "name only when present")
        XCTAssertTrue(layers[2]["texture"] is NSNull)
        let cell = layers[3]
        XCTAssertEqual(cell["frame"] as? [String: Double], ["x": 0, "y": 60, "width": 100, "height": 50])
        XCTAssertEqual(cell["clipped"] as? Bool, false)
        XCTAssertEqual(cell["transform"] as? [Double], [1, 0, 0, 1, 0, 60], "bounds space to the screen")
        XCTAssertEqual(cell["polygon"] as? [[Double]], [[0, 60], [100, 60], [100, 110], [0, 110]])
        let texture = try XCTUnwrap(cell["texture"] as? [String: Any])
        XCTAssertEqual(texture["path"] as? String, "s/cell1.png")
        XCTAssertEqual(texture["crop"] as? [String: Int], ["x": 0, "y": 0, "width": 200, "height": 100])
        XCTAssertEqual([texture["width"] as? Int, texture["height"] as? Int], [200, 100])
    }

    func testTextSaysWhyViewsAreNotDrawn() throws {
        let ws = try Workspace()
        let result = try Hierarchy.run(["layout", try ws.smallCapture(), "--exclude-tag", "9999"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("<View: cell0> not drawn: clipped out by list"), result.stdout)
        XCTAssertTrue(result.stdout.contains("<View: debug> not drawn: excluded by tag 9999"), result.stdout)
        XCTAssertTrue(result.stdout.contains("<UILabel: header; name = 'Title'; depth = 1; frame = (10 10; 80 20); texture = 160x40>"), result.stdout)
    }

    func testOutputFileIsWrittenAndFoldersCreated() throws {
        let ws = try Workspace()
        let result = try Hierarchy.run(["layout", try ws.smallCapture(), "--format", "json", "-o", ws.path("out/deeper/layout.json")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(ws.exists("out/deeper/layout.json"))
    }

    func testDepthModesAndShowClipped() throws {
        let ws = try Workspace()
        let tree = try ws.smallCapture()
        let nesting = try Hierarchy.run(["layout", tree, "--depth-mode", "nesting", "--show-clipped", "--format", "json"])
        XCTAssertEqual(nesting.status, 0, nesting.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(nesting.stdout.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["id"] as? String }, ["root", "header", "list", "cell0", "cell1", "debug"])
        XCTAssertEqual(layers.map { $0["depth"] as? Int }, [0, 1, 1, 2, 2, 1])
    }

    func testImportedDumpsLayOutDirectly() throws {
        let dump = TestPaths.fixture("dumps/appium-ios/shirates-ios-settings-top.xml").path
        let result = try Hierarchy.run(["layout", dump, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(doc["size"] as? [String: Double], ["width": 390, "height": 844])
    }
}
