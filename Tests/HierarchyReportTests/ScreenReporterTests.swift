import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
@testable import HierarchyReport
import HierarchyTestSupport
import XCTest

/// The shortcut a report takes for a screen whose screenshot and layout did not change agrees
/// with the comparison it skips, and is not taken otherwise.
final class ScreenReporterTests: XCTestCase {
    func testTheSameScreenNeedsNoSlicesAndFindsWhatTheComparisonFinds() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-same-\(UUID().uuidString).png").path
        try PNG.write(ReportRuns.screenshot, to: shot)
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let capture = TestPaths.fixture("dumps/appium-ios/shirates-ios-keyboard.xml").path
        let before = try LoadedDocument.load(capture, options: LoadOptions(screenshot: shot))
        let after = try LoadedDocument.load(capture, options: LoadOptions(screenshot: shot))
        let layout = try before.layout(LayoutOptions(maxTextureSize: 256))
        let matching = TreeMatcher.match(before.tree, after.tree, options: DiffOptions())
        let same = try XCTUnwrap(ScreenReporter.sameScreenDiffering(before, after, layout, layout, matching))
        var content = ContentComparison(before: before, after: after, beforeLayout: layout, afterLayout: layout)
        XCTAssertEqual(same, try content.differingPairs(matching))
        XCTAssertTrue(same.isEmpty)
        // Another screenshot, or another layout: the comparison is made.
        var other = after
        other.screenshot?.pixels[0] ^= 0xFF
        XCTAssertNil(ScreenReporter.sameScreenDiffering(before, other, layout, layout, matching))
        var moved = after.tree
        moved.update(moved.nodes.indices.last!) { $0.frame.x += 4 }
        let movedLayout = try Layout.compute(moved, options: LayoutOptions(maxTextureSize: 256))
        XCTAssertNil(ScreenReporter.sameScreenDiffering(before, after, layout, movedLayout, matching))
    }
}
