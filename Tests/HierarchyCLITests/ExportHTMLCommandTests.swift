import Foundation
import HierarchyCLI
import HierarchyTestSupport
import XCTest

/// `hierarchy export … -o PAGE.html`: the viewer's page as the command writes it (the page itself
/// is tested in HierarchyViewerTests' HTMLViewerTests).
final class ExportHTMLCommandTests: XCTestCase {
    func testExportCommandWritesThePageWith2048PixelTextures() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("view.html").path
        let tree = TestPaths.sample("settings").path
        XCTAssertEqual(HierarchyCommand.run(["export", tree, "-o", output, "--yaw=-20"]), 0)
        let data = try PageData(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self))
        XCTAssertEqual(data.object["title"] as? String, "settings")
        XCTAssertEqual((data.object["view"] as? [String: Any])?["yaw"] as? Double, -20)
        let window = try XCTUnwrap(data.layers.first { $0["id"] as? String == "window" })
        XCTAssertEqual(window["size"] as? [Int], [945, 2048], "the 1179×2556 window snapshot reduced to 2048 px")
        XCTAssertNotEqual(HierarchyCommand.run(["export", tree, "-o", output]), 0, "an existing page is kept without --force")
        XCTAssertEqual(HierarchyCommand.run(["export", tree, "-o", output, "--force", "--max-texture", "64"]), 0)
        let small = try PageData(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self))
        let largest = small.layers.compactMap { $0["size"] as? [Int] }.flatMap { $0 }.max()
        XCTAssertEqual(largest, 64)
    }

    func testExportCommandInfersHTMLFromTheExtensionOnly() throws {
        let folder = try temporaryFolder()
        let tree = TestPaths.sample("sheet").path
        XCTAssertEqual(HierarchyCommand.run(["export", tree, "-o", folder.appendingPathComponent("a.html").path]), 0)
        XCTAssertEqual(HierarchyCommand.run(["export", tree, "--format", "html", "-o", folder.appendingPathComponent("b.page").path]), 0)
        let a = try Data(contentsOf: folder.appendingPathComponent("a.html")), b = try Data(contentsOf: folder.appendingPathComponent("b.page"))
        XCTAssertEqual(a.count, b.count, "the same page whichever way html was chosen (only the title could differ)")
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-html-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}

/// The data block of a page, parsed.
private struct PageData {
    var object: [String: Any]
    var layers: [[String: Any]]

    init(_ page: String) throws {
        let start = try XCTUnwrap(page.range(of: "<script type=\"application/json\" id=\"hierarchy-data\">"))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        layers = try XCTUnwrap(object["layers"] as? [[String: Any]])
    }
}
