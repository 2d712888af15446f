import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyViewer
import HierarchyFormats
import HierarchyLayout
import HierarchyLoading
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// The page `hierarchy diff -o page.html` writes, for the settings sample and its edited copy
/// (Samples/make_diff_example.py): its data, and in Chromium its Before/After switch and list of changes.
final class DiffPageTests: XCTestCase {
    static let settings = TestPaths.samples.appendingPathComponent("settings")

    func page() throws -> (page: String, diff: TreeDiff, before: Layout, after: Layout) {
        let before = try LoadedDocument.load(Self.settings.appendingPathComponent("tree.json").path)
        let after = try LoadedDocument.load(Self.settings.appendingPathComponent("after.json").path)
        let (lb, la) = (try before.layout(LayoutOptions()), try after.layout(LayoutOptions()))
        let diff = try CaptureComparison(before: before, after: after, beforeLayout: lb, afterLayout: la).diff
        let page = try DiffPage.page(diff, before: before, after: after, beforeLayout: lb, afterLayout: la, options: HTMLViewerOptions(title: "diff"))
        return (page, diff, lb, la)
    }

    /// The JSON data block of a page.
    func data(_ page: String) throws -> [String: Any] {
        let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="hierarchy-data">"#)).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    func testBothCapturesAreInTheStackWithTheirMarks() throws {
        let (page, diff, before, after) = try page()
        let doc = try data(page)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, before.layers.count + after.layers.count)
        XCTAssertEqual(layers.prefix(after.layers.count).map { $0["side"] as? String }, Array(repeating: "after", count: after.layers.count))
        XCTAssertEqual(layers.suffix(before.layers.count).map { $0["side"] as? String }, Array(repeating: "before", count: before.layers.count))
        func mark(_ id: String) -> String? { layers.first { $0["id"] as? String == id }?["mark"] as? String }
        XCTAssertEqual(mark("before:cell-camera"), "removed")
        XCTAssertEqual(mark("cell-health-badge"), "added")
        XCTAssertEqual(mark("cell-microphone-icon"), "changed")
        XCTAssertEqual(mark("before:cell-microphone-icon"), "changed")
        XCTAssertEqual(mark("cell-bluetooth"), "unchanged")
        // BEFORE's layers keep their tree: their parents are BEFORE's layers.
        for layer in layers.suffix(before.layers.count) {
            if let parent = layer["parent"] as? Int { XCTAssertGreaterThanOrEqual(parent, after.layers.count) }
        }
        let changes = try XCTUnwrap((doc["diff"] as? [String: Any])?["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, diff.added.count + diff.removed.count + diff.changed.count)
        let removed = try XCTUnwrap(changes.first)
        XCTAssertEqual(removed["kind"] as? String, "removed")
        XCTAssertEqual(layers[try XCTUnwrap(removed["layer"] as? Int)]["id"] as? String, "before:cell-camera")
        XCTAssertEqual((doc["diff"] as? [String: Any])?["summary"] as? String, DiffText.summary(diff))
        // The colours are the picture's, from their one definition.
        XCTAssertEqual((doc["diff"] as? [String: Any])?["colors"] as? [String: String],
                       ["added": DiffColors.added.hex, "changed": DiffColors.changed.hex, "removed": DiffColors.removed.hex])
    }

    /// The page's first view is checked as the renderer checks it, before anything is written.
    func testAFirstViewOutOfRangeIsAnErrorAndWritesNothing() throws {
        let before = try LoadedDocument.load(Self.settings.appendingPathComponent("tree.json").path)
        let after = try LoadedDocument.load(Self.settings.appendingPathComponent("after.json").path)
        let (lb, la) = (try before.layout(LayoutOptions()), try after.layout(LayoutOptions()))
        let diff = TreeDiff.compute(before.tree, after.tree, beforeLayout: lb, afterLayout: la) { _, _ in false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-diff-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("diff.html").path
        for (name, options) in [("yaw", HTMLViewerOptions(title: "diff", yaw: .nan)), ("spacing", HTMLViewerOptions(title: "diff", spacing: -1)),
                                ("pitch", HTMLViewerOptions(title: "diff", pitch: .infinity))] {
            XCTAssertThrowsError(try DiffPage.write(diff, before: before, after: after, beforeLayout: lb, afterLayout: la, options: options, to: path, replace: false), name) { error in
                XCTAssertTrue(error is RenderError, "\(name): \(error)")
                XCTAssertTrue("\(error)".contains(name), "\(name): \(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), name)
        }
        try DiffPage.write(diff, before: before, after: after, beforeLayout: lb, afterLayout: la, options: HTMLViewerOptions(title: "diff"), to: path, replace: false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        // The page follows the output rule: replaced only when asked.
        XCTAssertThrowsError(try DiffPage.write(diff, before: before, after: after, beforeLayout: lb, afterLayout: la, options: HTMLViewerOptions(title: "diff"), to: path, replace: false)) { error in
            XCTAssertEqual("\(error)", "\(path): already exists (use --force to replace it)")
        }
        try DiffPage.write(diff, before: before, after: after, beforeLayout: lb, afterLayout: la, options: HTMLViewerOptions(title: "diff"), to: path, replace: true)
    }

    func testTheSwitchAndTheChangesInChromium() throws {
        try Chromium.require()
        let (page, diff, _, _) = try page()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-diff-\(UUID().uuidString).html")
        try Data(page.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let green = DiffColors.added
        let expected = #"{"removed": "before:cell-camera", "added": "cell-health-badge", "changes": \#(diff.added.count + diff.removed.count + diff.changed.count), "addedColor": "rgb(\#(green.red), \#(green.green), \#(green.blue))"}"#
        let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyViewerTests/Browser/diff_check.py").path
        let result = try Python.run([script, file.path, expected])
        for failure in result.output.split(separator: "\n").filter({ $0.hasPrefix("FAIL: ") }) { XCTFail(String(failure.dropFirst(6))) }
        XCTAssertEqual(result.status, 0, result.output)
    }
}
