import HierarchyGolden
import HierarchyImaging
import HierarchyModel
import XCTest

/// The golden file and the comparison `render --expect` and the strategy share.
final class GoldenTests: XCTestCase {
    let tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    let image = RGBAImage(width: 4, height: 3, fill: Color(red: 1, green: 2, blue: 3))

    func testAGoldenKeepsItsTreeInsideThePNG() throws {
        let bytes = try Golden(image: image, tree: tree).encoded()
        let golden = try Golden.decode(bytes, name: "login.png")
        XCTAssertEqual(golden.image, image)
        XCTAssertEqual(golden.tree?.root.id, "root")
        XCTAssertEqual(golden.tree?.root.className, "UIWindow")
        XCTAssertNil(try Golden.decode(PNG.encode(image), name: "plain.png").tree)
    }

    func testADamagedTreeIsAnErrorNamingTheFileAndTheChunk() throws {
        let bytes = try PNG.encode(image, text: "{\"version\": 1, \"root\": ", key: Golden.treeKey)
        XCTAssertThrowsError(try Golden.decode(bytes, name: "login.png")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("login.png: text chunk 'hierarchy-tree'"), text)
            XCTAssertEqual(text.split(separator: "\n").count, 1, text)
        }
    }

    func testTheSummarySaysWhenTheGoldenCannotNameViews() {
        let other = RGBAImage(width: 4, height: 3, fill: Color(red: 200, green: 2, blue: 3))
        let comparison = GoldenComparison(expected: Golden(image: image, tree: nil), actual: Golden(image: other, tree: tree))
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.summary, "does not match the golden: 100% of pixels differ (12 of 12; 0.2% allowed, each channel within 24); the golden keeps no view tree to name the views that changed (record it again)")
        XCTAssertTrue(GoldenComparison(expected: Golden(image: image, tree: nil), actual: Golden(image: image, tree: tree)).matches)
    }

    func testAViewThatMovedFailsUnlessOnlyPixelsCount() {
        let moved = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 2, y: 0, width: 10, height: 10)))
        let strict = GoldenComparison(expected: Golden(image: image, tree: tree), actual: Golden(image: image, tree: moved))
        XCTAssertFalse(strict.matches)
        XCTAssertTrue(strict.summary.hasSuffix("changed: UIWindow root moved"), strict.summary)
        XCTAssertTrue(GoldenComparison(expected: Golden(image: image, tree: tree), actual: Golden(image: image, tree: moved), treeChangesFail: false).matches)
    }
}
