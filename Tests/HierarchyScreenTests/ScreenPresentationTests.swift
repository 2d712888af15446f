import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
@testable import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// A screen as a report shows it: the shortcut taken for a screen whose screenshot and layout did
/// not change agrees with the comparison it skips and is not taken otherwise; a changed screen
/// carries the diff's document, an unchanged one none.
final class ScreenPresentationTests: XCTestCase {
    static let capture = TestPaths.fixture("dumps/appium-ios/shirates-ios-keyboard.xml").path

    func testTheSameScreenNeedsNoSlicesAndFindsWhatTheComparisonFinds() throws {
        let shot = try Self.screenshotFile()
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let options = ScreenOptions(layout: LayoutOptions(maxTextureSize: 256))
        let memo = PresentationMemo()
        let before = try Screen.open(Self.capture, screenshot: shot, options: options, memo: memo)
        let after = try Screen.open(Self.capture, screenshot: shot, options: options, memo: memo, sameScreenshotAs: before)
        let matching = TreeMatcher.match(before.document.tree, after.document.tree, options: DiffOptions())
        let same = try XCTUnwrap(Screen.sameScreenDiffering(before, after, matching))
        var content = ContentComparison(before: before.document, after: after.document, beforeLayout: before.layout, afterLayout: after.layout)
        XCTAssertEqual(same, try content.differingPairs(matching))
        XCTAssertTrue(same.isEmpty)
        // Another screenshot, or another layout: the comparison is made.
        var other = after.document
        other.screenshot?.pixels[0] ^= 0xFF
        XCTAssertNil(Screen.sameScreenDiffering(before, try Screen(other, options: options), matching))
        var moved = after.document
        moved.tree.update(moved.tree.nodes.indices.last!) { $0.frame.x += 4 }
        XCTAssertNil(Screen.sameScreenDiffering(before, try Screen(moved, options: options), matching))
    }

    func testAChangedScreenCarriesTheDiffAndAnUnchangedOneNone() throws {
        let shot = try Self.screenshotFile()
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let options = ScreenOptions(layout: LayoutOptions(maxTextureSize: 128))
        var request = PresentationRequest()
        request.thumbnailHeight = 64
        let memo = PresentationMemo()
        let before = try Screen.open(Self.capture, screenshot: shot, options: options, memo: memo)
        let same = try Screen.open(Self.capture, screenshot: shot, options: options, memo: memo, sameScreenshotAs: before)
        let unchanged = try same.presented(against: before, request, memo: memo)
        XCTAssertEqual(unchanged.changed, false)
        XCTAssertNil(unchanged.changes)
        XCTAssertNil(unchanged.findings, "no audit was asked for")
        XCTAssertEqual(Array(unchanged.front.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try PNG.decode(unchanged.exploded, name: "exploded").height, 64)
        var moved = same.document
        let last = moved.tree.nodes.indices.last!
        moved.tree.update(last) { $0.frame.x += 40 }
        let changed = try Screen(moved, options: options).presented(against: before, request, memo: memo)
        XCTAssertEqual(changed.changed, true)
        let changes = try XCTUnwrap(changed.changes)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(changes.utf8)) as? [String: Any])
        XCTAssertFalse(document.isEmpty, changes)
        XCTAssertTrue(changed.viewer.contains("\"diff\""), "a changed screen's viewer is the diff's page")
        XCTAssertFalse(unchanged.viewer.contains("\"diff\""))
    }

    /// A 195×422 picture for the 390×844 point keyboard screen, bands of colour, in a file.
    static func screenshotFile() throws -> String {
        var pixels = [UInt8](repeating: 255, count: 195 * 422 * 4)
        for y in 0..<422 { for x in 0..<195 { let i = (y * 195 + x) * 4; (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(y * 255 / 421), UInt8(x), UInt8((x + y) % 256)) } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-same-\(UUID().uuidString).png").path
        try PNG.write(RGBAImage(width: 195, height: 422, pixels: pixels), to: path)
        return path
    }
}
