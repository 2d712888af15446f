import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyReport
import HierarchyTestSupport
import XCTest

/// The thumbnails a report shows for each screen, as a golden contact sheet: a recursiveDescription
/// dump (front view in outlines), an Appium page source with a screenshot (front view the
/// screenshot) and a uiautomator dump, each front view above its exploded view.
final class ReportThumbnailsTests: XCTestCase {
    func testThumbnailGridMatchesGolden() throws {
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-report-\(UUID().uuidString).png").path
        try PNG.write(ReportRuns.screenshot, to: screenshot)
        let captures: [(String, String?)] = [
            (TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path, nil),
            (TestPaths.fixture("dumps/appium-ios/shirates-ios-keyboard.xml").path, screenshot),
            (TestPaths.fixture("dumps/uiautomator/shirates-appium-uia2-clock-alarm.xml").path, nil),
        ]
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        var pictures: [(front: RGBAImage, exploded: RGBAImage)] = []
        for (capture, screenshot) in captures {
            let document = try LoadedDocument.load(capture, options: LoadOptions(screenshot: screenshot))
            let layout = try document.layout(LayoutOptions(maxTextureSize: 256))
            let picture = try ReportThumbnails.render(layout, textures: document.textures(for: layout), camera: RenderOptions(), height: 120)
            XCTAssertEqual(picture.front.height, 120)
            XCTAssertEqual(picture.exploded.width, 120)
            pictures.append(picture)
        }
        // A screen's front view is as wide as its aspect asks.
        XCTAssertEqual(pictures[0].front.width, 67)  // 375×667
        assertMatchesGolden(ReportThumbnails.sheet(pictures), named: "thumbnail-grid")
    }
}

/// Compares `image` with `Goldens/<name>.png` beside this file as decoded pixels, each channel
/// within `tolerance`; `HIERARCHY_RECORD_GOLDENS=1` records it instead (and fails, saying so). A
/// mismatch leaves `<name>.actual.png` beside the golden.
func assertMatchesGolden(_ image: RGBAImage, named name: String, tolerance: Int = 2, file: StaticString = #filePath, line: UInt = #line) {
    let base = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Goldens/" + name).path
    do {
        if ProcessInfo.processInfo.environment["HIERARCHY_RECORD_GOLDENS"] == "1" {
            try PNG.write(image, to: base + ".png")
            return XCTFail("recorded the golden \(base).png; run again without HIERARCHY_RECORD_GOLDENS to compare", file: file, line: line)
        }
        let golden = try PNG.decode(file: base + ".png")
        guard golden.width == image.width, golden.height == image.height else {
            try PNG.write(image, to: base + ".actual.png")
            return XCTFail("\(name): \(image.width)×\(image.height), the golden \(golden.width)×\(golden.height); wrote \(base).actual.png", file: file, line: line)
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = RGBAImage.premultiply(image[x, y]), b = RGBAImage.premultiply(golden[x, y])
                let d = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                guard d <= tolerance else {
                    try PNG.write(image, to: base + ".actual.png")
                    return XCTFail("\(name): pixel (\(x), \(y)) differs by \(d) > \(tolerance); wrote \(base).actual.png", file: file, line: line)
                }
            }
        }
    } catch {
        XCTFail("\(name): \(error) (record goldens with HIERARCHY_RECORD_GOLDENS=1)", file: file, line: line)
    }
}
