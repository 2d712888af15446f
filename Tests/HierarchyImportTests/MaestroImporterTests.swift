import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Maestro's hierarchy: Android after its `Running on …` line (pixels, an empty root), iOS (points,
/// a `[0,0][0,0]` root); and what no file shows.
final class MaestroImporterTests: XCTestCase {
    private func read(_ name: String, options: ImportOptions = .init()) throws -> ImportResult {
        try Samples.read(name, in: "maestro", as: .maestro, options: options)
    }


    func testAndroidAfterItsPreambleInPixelsDividedByTheDensity() throws {
        let density = 2.75
        let result = try read("written-android-with-preamble-1080x2400.json", options: ImportOptions(density: density))
        let tree = result.tree
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(tree.count, 17, "16 views (the GONE stub is not dumped) under the empty root")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 1080 / density, height: 2400 / density), "the empty root spans its subviews")
        XCTAssertEqual(tree.screenScale, density)
        let toggle = try tree.named("com.example.settings:id/row_switch")
        XCTAssertClose(tree.rootFrame(of: toggle), Rect(x: 900 / density, y: 277 / density, width: 136 / density, height: 80 / density))
        XCTAssertClose(tree[toggle].frame, Rect(x: 900 / density, y: 60 / density, width: 136 / density, height: 80 / density))
        XCTAssertEqual(tree[toggle].attributes["checked"], "true")
        XCTAssertEqual(tree[toggle].className, "android.widget.SwitchMaterial")
        let title = try tree.named("Wi-Fi, Bluetooth {and} more")
        XCTAssertEqual(tree[title].text, "Wi-Fi, Bluetooth {and} more")
        XCTAssertEqual(tree[try tree.named("Add account")].attributes["content-desc"], "Add account")
        XCTAssertNil(tree[try tree.named("Add account")].attributes["hint"], "empty attributes are not kept")
        XCTAssertEqual(tree.root.attributes["clickable"], nil, "a null state is no attribute")
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testIOSInPointsWithAZeroRoot() throws {
        let result = try read("written-ios-390x844.json", options: ImportOptions(density: 3))
        let tree = result.tree
        XCTAssertEqual(result.warnings, ["an iOS hierarchy is in points: --density is not applied"])
        XCTAssertEqual(tree.count, 10)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844), "[0,0][0,0]: the union of its subviews")
        let back = try tree.named("Back")
        XCTAssertEqual(tree.rootFrame(of: back), Rect(x: 16, y: 50, width: 44, height: 38))
        XCTAssertEqual(tree[back].frame, Rect(x: 16, y: 3, width: 44, height: 38))
        let name = try tree.named("Name")
        XCTAssertEqual(tree[name].text, "Ada “the” Lovelace 😀", "the value")
        XCTAssertEqual(tree[name].attributes["hint"], "Your name")
        XCTAssertEqual(tree[try tree.named("Notifications")].attributes["selected"], "true")
    }

    func testBadValuesNameTheirJSONPath() {
        let head = "Running on emulator-5554\n"
        XCTAssertEqual(importError(head + "{\"attributes\": {\"bounds\": \"[0,0][10,10]\"}, \"children\": [{\"attributes\": {\"bounds\": \"[5,5][1,1]\"}}]}")?.description,
                       "dump.txt: children[0].attributes.bounds: bounds '[5,5][1,1]': expected right >= left and bottom >= top")
        XCTAssertEqual(importError(head + "{\"attributes\": {\"bounds\": \"[0,0][10,10]\"}, \"children\": [{\"attributes\": {\"bounds\": 4}}]}")?.description,
                       "dump.txt: children[0].attributes.bounds: expected a string, got a number")
        XCTAssertEqual(importError(head + "{\"attributes\": {\"bounds\": \"[0,0][10,10]\"}, \"children\": [7]}")?.description,
                       "dump.txt: children[0]: expected an object, got a number")
        XCTAssertEqual(importError(head + "{\"attributes\": {\"bounds\": \"[0,0][10,10]\"}, \"clickable\": \"yes\"}")?.description,
                       "dump.txt: clickable: expected true or false, got a string")
        XCTAssertEqual(importError(head + "{\"attributes\": {\"bounds\": \"[0,0][10,10]\",\n \"text\": \"a}")?.description,
                       "dump.txt: line 3: not valid JSON: a string is not closed before the end of the text")
    }

    func testNullsAndMissingChildrenAreLeaves() throws {
        let result = try importText("{\"attributes\": {\"bounds\": \"[0,0][100,200]\", \"text\": null}, \"children\": null, \"checked\": null}")
        XCTAssertEqual(result.format, .maestro)
        XCTAssertEqual(result.tree.count, 1)
        XCTAssertEqual(result.tree.root.frame, Rect(x: 0, y: 0, width: 100, height: 200))
    }
}
