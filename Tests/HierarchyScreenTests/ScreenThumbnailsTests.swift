import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// The thumbnails a report shows for each screen, as a golden contact sheet: a recursiveDescription
/// dump (synthesized, as `render` draws it), an Appium page source with a screenshot (front view
/// the screenshot) and a uiautomator dump, each front view above its exploded view; and the front
/// thumbnail is `render`'s straight-on picture made smaller.
final class ScreenThumbnailsTests: XCTestCase {
    func testThumbnailGridMatchesGolden() throws {
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-report-\(UUID().uuidString).png").path
        try PNG.write(ThumbnailScreens.screenshot, to: screenshot)
        let captures: [(String, String?)] = [
            (TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path, nil),
            (TestPaths.fixture("dumps/appium-ios/shirates-ios-keyboard.xml").path, screenshot),
            (TestPaths.fixture("dumps/uiautomator/shirates-appium-uia2-clock-alarm.xml").path, nil),
        ]
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        var pictures: [(front: RGBAImage, exploded: RGBAImage)] = []
        for (capture, screenshot) in captures {
            let options = ScreenOptions(reading: LoadOptions(screenshot: screenshot), layout: LayoutOptions(maxTextureSize: 256), synthesize: true)
            let picture = try Screen.open(capture, options: options).thumbnails(camera: RenderOptions(), height: 120)
            XCTAssertEqual(picture.front.height, 120)
            XCTAssertEqual(picture.exploded.height, 120)
            // The exploded thumbnail has render's default picture's aspect, 4:3.
            XCTAssertEqual(picture.exploded.width, 160)
            pictures.append(picture)
        }
        // A screen's front view is as wide as its straight-on picture's aspect asks (375×667 edge to edge).
        XCTAssertEqual(pictures[0].front.width, 67)
        assertMatchesGolden(Screen.sheet(pictures), named: "thumbnail-grid")
    }

    /// A dump without pictures: the front thumbnail is the straight-on picture `render` draws
    /// (synthesized fills and text, no margin), made smaller: the full picture averaged down to
    /// the thumbnail's size differs from it by little on average, and a bare wireframe would not.
    func testTheFrontThumbnailIsRendersStraightOnPictureMadeSmaller() throws {
        let dump = TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path
        let screen = try Screen.open(dump, options: ScreenOptions(synthesize: true))
        let full = try screen.picture(.straightOn(RenderOptions())).image
        XCTAssertEqual(full.width, 1125)  // 375 points at 3 pixels a point, edge to edge
        let thumbnail = try screen.thumbnails(camera: RenderOptions(), height: 240).front
        let reduced = full.resampled(width: thumbnail.width, height: thumbnail.height)
        XCTAssertLessThan(meanDifference(reduced, thumbnail), 6)
        var wire = RenderOptions()
        wire.style = .wireframe
        let wireframe = try screen.thumbnails(camera: wire, height: 240).front
        XCTAssertGreaterThan(meanDifference(reduced, wireframe), 3 * meanDifference(reduced, thumbnail))
    }

    private func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in 0..<a.pixels.count where i % 4 != 3 { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(a.width * a.height * 3)
    }
}

/// The screenshot of the thumbnails' Appium screen: a gradient, so that misplaced slices show.
enum ThumbnailScreens {
    static var screenshot: RGBAImage {
        var pixels = [UInt8](repeating: 255, count: 195 * 422 * 4)
        for y in 0..<422 { for x in 0..<195 { let i = (y * 195 + x) * 4; (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(y * 255 / 421), UInt8(x), UInt8((x + y) % 256)) } }
        return RGBAImage(width: 195, height: 422, pixels: pixels)
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
