import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// `hierarchy diff` on real dumps: captures without ids, paired by structure. The originals are in
/// Tests/Fixtures/dumps; the edited copies in Tests/Fixtures/diff are made by its make_edits.py
/// (see its NOTICE.md).
final class DiffDumpTests: XCTestCase {
    func fixture(_ name: String) -> String { TestPaths.fixture("diff/" + name).path }
    func original(_ name: String) -> String { TestPaths.fixture("dumps/appium-ios/" + name).path }

    func json(_ result: CommandResult) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func testARemovedRowIsOneRemovalAndTheRowsBelowMoved() throws {
        let result = try Hierarchy.run(["diff", original("shirates-ios-settings-top.xml"), fixture("settings-top-row-removed.xml"),
                                        "--format", "json", "--depth-mode", "nesting"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let doc = try json(result)
        let removed = try XCTUnwrap(doc["removed"] as? [[String: Any]])
        XCTAssertEqual(removed.count, 1)
        XCTAssertEqual(removed.first?["class"] as? String, "XCUIElementTypeCell")
        XCTAssertEqual(removed.first?["subtree"] as? Int, 6)
        XCTAssertEqual((doc["added"] as? [Any])?.count, 0)
        // News, Maps, Shortcuts, Health, Siri & Search, Photos and Game Center moved up; their
        // subviews moved with them and are not reported.
        let changed = try XCTUnwrap(doc["changed"] as? [[String: Any]])
        XCTAssertEqual(changed.map { $0["class"] as? String }, Array(repeating: "XCUIElementTypeCell", count: 7))
        XCTAssertEqual(changed.map { $0["changes"] as? [String] }, Array(repeating: ["moved"], count: 7))
        // Ids are index paths: the rows below the removed one are one place earlier after.
        XCTAssertEqual(changed.first?["before"] as? String, "0.0.0.0.0.0.1.0.0.0.6")
        XCTAssertEqual(changed.first?["after"] as? String, "0.0.0.0.0.0.1.0.0.0.5")
        XCTAssertEqual(doc["unchanged"] as? Int, 80)
    }

    func testInTheOverlapModeTheRowsBelowAlsoChangedDepthButNotTheirSubviews() throws {
        let result = try Hierarchy.run(["diff", original("shirates-ios-settings-top.xml"), fixture("settings-top-row-removed.xml")])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, #"- XCUIElementTypeCell 0.0.0.0.0.0.1.0.0.0.5 "Safari"          (6 views)  lines 73–84"#)
        XCTAssertEqual(lines.filter { $0.hasPrefix("~ ") }.count, 7)
        XCTAssertTrue(lines.filter { $0.hasPrefix("~ ") }.allSatisfy { $0.contains("moved, depth  lines ") }, result.stdout)
        XCTAssertEqual(lines.last, "7 changed, 0 added (0 views), 1 removed (6 views), 80 unchanged")
    }

    func testAMovedButtonIsTheOnlyChange() throws {
        let result = try Hierarchy.run(["diff", original("shirates-ios-appdev-375x667.xml"), fixture("appdev-button-moved.xml"), "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            {
              "version": 1,
              "added": [],
              "removed": [],
              "changed": [
                {"before": "0.0.0.0.0.2", "after": "0.0.0.0.0.2", "class": "XCUIElementTypeButton", "changes": ["moved"], "beforeSource": {"line": 12, "endLine": 13}, "afterSource": {"line": 12, "endLine": 13}}
              ],
              "unchanged": 69
            }

            """)
    }

    func testEveryDumpOfTheSharedCorpusEqualsItself() throws {
        let dumps = try TestPaths.shared("dumps", for: "diff of every shared dump with itself")
        var count = 0
        for folder in ["recursive-description", "appium-ios", "uiautomator"] {
            for name in try TestPaths.contents(of: dumps.appendingPathComponent(folder)) {
                let path = dumps.appendingPathComponent(folder + "/" + name).path
                let result = try Hierarchy.run(["diff", path, path])
                XCTAssertEqual(result.status, 0, "\(name): \(result.stdout) \(result.stderr)")
                XCTAssertTrue(result.stdout.hasPrefix("no changes ("), name)
                count += 1
            }
        }
        XCTAssertGreaterThanOrEqual(count, 17)
    }

    /// A dump with its screenshots: the dump is the same, the AFTER screenshot has a block of one
    /// label's pixels repainted. The view that owns those pixels changed its content; nothing else
    /// did, and the same screenshot on both sides is no change at all.
    func testRepaintedScreenshotPixelsAreAContentChangeOfTheViewThatShowsThem() throws {
        let ws = try Workspace()
        let dump = TestPaths.repository.appendingPathComponent("Samples/appium-settings/page-source.xml").path
        let screenshot = TestPaths.repository.appendingPathComponent("Samples/appium-settings/screenshot.png").path
        var image = try PNG.decode(file: screenshot)
        // Inside the "Microphone" label (76, 439, 95×20 pt at 3x), clear of its edges, in the
        // middle of the list (the bluetooth row at the top lies under the navigation bar).
        for y in 1330..<1365 {
            for x in 260..<320 {
                let i = (y * image.width + x) * 4
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3]) = (255, 0, 255, 255)
            }
        }
        try PNG.write(image, to: ws.path("after.png"))
        // Holes kept: filling them is tested elsewhere and costs seconds in a debug build.
        let same = try Hierarchy.run(["diff", dump, dump, "--before-screenshot", screenshot, "--after-screenshot", screenshot, "--holes", "keep"])
        XCTAssertEqual(same.status, 0, same.stderr + same.stdout)
        let result = try Hierarchy.run(["diff", dump, dump, "--before-screenshot", screenshot, "--after-screenshot", ws.path("after.png"), "--holes", "keep", "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let changed = try XCTUnwrap(try json(result)["changed"] as? [[String: Any]])
        XCTAssertEqual(changed.count, 1, result.stdout)
        XCTAssertEqual(changed.first?["class"] as? String, "XCUIElementTypeStaticText", result.stdout)
        XCTAssertEqual(changed.first?["changes"] as? [String], ["content"])
    }
}
