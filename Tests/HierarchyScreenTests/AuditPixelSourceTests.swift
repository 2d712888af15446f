import Foundation
import HierarchyAudit
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// The audit's pixels from snapshots: only the pixels under the views the contrast rules judge are
/// composited, and the audit finds exactly what it finds on the whole composite.
final class AuditPixelSourceTests: XCTestCase {
    /// A 2x capture: a grey card, a low-contrast label and a contrasting one on it, an image of two
    /// close blues, and a map canvas whose pixels no rule reads (a view with no role).
    func testOnlyTheJudgedPixelsAreMadeAndTheFindingsAreTheWholeScreens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-audit-pixels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func snapshot(_ name: String, _ width: Int, _ height: Int, _ colour: (Int, Int) -> [UInt8]) throws {
            var pixels: [UInt8] = []
            for y in 0..<height { for x in 0..<width { pixels += colour(x, y) } }
            try PNG.write(RGBAImage(width: width, height: height, pixels: pixels), to: folder.appendingPathComponent(name).path)
        }
        // Text as stripes: a third of the label's pixels are the text colour.
        try snapshot("faint.png", 200, 40) { x, y in (x / 3 + y / 5) % 3 == 0 ? [170, 170, 170, 255] : [255, 255, 255, 0] }
        try snapshot("dark.png", 200, 40) { x, y in (x / 3 + y / 5) % 3 == 0 ? [20, 20, 20, 255] : [255, 255, 255, 0] }
        try snapshot("icon.png", 60, 60) { x, y in x > 15 && x < 45 && y > 15 && y < 45 ? [80, 120, 200, 255] : [80, 150, 210, 255] }
        try snapshot("photo.png", 300, 160) { x, y in [UInt8(x % 256), UInt8(y % 256), 90, 255] }
        try Data("""
            {"version": 1, "screenScale": 2, "root": {"id": "screen", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 200, "height": 300}, "backgroundColor": "#F2F2F7",
              "children": [
                {"id": "card", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 200, "height": 140}, "backgroundColor": "#FFFFFF", "children": [
                  {"id": "faint", "class": "UILabel", "text": "Faint", "frame": {"x": 0, "y": 10, "width": 100, "height": 20}, "snapshot": "faint.png"},
                  {"id": "dark", "class": "UILabel", "text": "Dark", "frame": {"x": 0, "y": 40, "width": 100, "height": 20}, "snapshot": "dark.png"},
                  {"id": "icon", "class": "UIImageView", "frame": {"x": 120, "y": 10, "width": 30, "height": 30}, "snapshot": "icon.png",
                   "attributes": {"accessibilityLabel": "Sea"}}
                ]},
                {"id": "photo", "class": "MapCanvasView", "frame": {"x": 0, "y": 160, "width": 150, "height": 80}, "snapshot": "photo.png"}
              ]}}
            """.utf8).write(to: folder.appendingPathComponent("tree.json"))
        let document = try LoadedDocument.load(folder.appendingPathComponent("tree.json").path)
        let layout = try document.layout(LayoutOptions())
        let options = AuditOptions()
        let white = Color(red: 255, green: 255, blue: 255)
        let whole = try FlatCompositor.composite(layout, scale: 2, background: white, textures: document.textures(for: layout))
        let wholePixels = AuditPixels(width: whole.width, height: whole.height, rgba: whole.pixels, scale: 2)
        let pixels = try XCTUnwrap(try AuditPixelSource.pixels(document, layout: layout, options: options))
        XCTAssertEqual(pixels.width, whole.width)
        XCTAssertEqual(pixels.scale, 2)
        // The map is not judged: its pixels are left white.
        XCTAssertNotEqual(whole[100, 400], white)
        XCTAssertEqual(RGBAImage(width: pixels.width, height: pixels.height, pixels: pixels.rgba)[100, 400], white)
        let expected = Audit.run(tree: document.tree, layout: layout, pixels: wholePixels, options: options)
        let report = Audit.run(tree: document.tree, layout: layout, pixels: pixels, options: options)
        XCTAssertEqual(report, expected)
        let contrast = report.findings.filter { $0.rule == .textContrast || $0.rule == .imageContrast }.map { "\($0.rule.rawValue) \($0.id)" }
        XCTAssertEqual(contrast, ["text-contrast faint", "image-contrast icon"])
        // Without a contrast rule nothing is composited.
        XCTAssertNil(try AuditPixelSource.pixels(document, layout: layout, options: AuditOptions(rules: [.touchTargetSize])))
    }
}
