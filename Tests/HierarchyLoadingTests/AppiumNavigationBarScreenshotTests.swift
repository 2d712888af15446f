import Foundation
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Appium's UiAutomator2 page source gives the `hierarchy` the display's size without the
/// navigation bar (`Display.getSize`), its root the whole screen's bounds; Appium's screenshot has
/// the whole screen. Either size is accepted, and the views keep their places.
final class AppiumNavigationBarScreenshotTests: XCTestCase {
    private let dump = TestPaths.fixture("dumps/uiautomator/written-appium-uia2-apidemos-navbar-1080x2400.xml").path

    private func load(_ width: Int, _ height: Int) throws -> LoadedDocument {
        let shot = RGBAImage(width: width, height: height, fill: Color(red: 10, green: 20, blue: 30))
        var options = LoadOptions(screenshot: "shot.png")
        options.screenshotPixels = shot
        return try LoadedDocument.load(dump, options: options)
    }

    func testTheWholeScreensScreenshotIsAccepted() throws {
        let plain = try LoadedDocument.load(dump)
        XCTAssertEqual(plain.tree.root.frame.height, 2209)
        let document = try load(540, 1200)
        XCTAssertEqual(document.tree.root.frame, Rect(x: 0, y: 0, width: 1080, height: 2400))
        XCTAssertEqual(document.screenshotScale, 0.5)
        for index in 1..<plain.tree.count { XCTAssertEqual(document.tree[index].frame, plain.tree[index].frame, "view \(index) keeps its place") }
        XCTAssertTrue(document.warnings.contains { $0.contains("1080×2400 points") }, "\(document.warnings)")
    }

    func testTheHierarchysOwnSizeStillMatches() throws {
        let document = try load(1080, 2209)
        XCTAssertEqual(document.tree.root.frame.height, 2209)
        XCTAssertEqual(document.screenshotScale, 1)
    }

    func testAScreenshotOfNeitherSizeIsRefused() throws {
        XCTAssertThrowsError(try load(1080, 1080)) { error in
            XCTAssertTrue("\(error)".contains("does not match the screen's aspect ratio"), "\(error)")
        }
    }
}
