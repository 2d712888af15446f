import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

final class ScreenshotTests: XCTestCase {
    static let appium = TestPaths.samples.appendingPathComponent("appium-settings")

    func testTheFrontViewOfASlicedScreenshotIsTheScreenshot() throws {
        // At one pixel a point (a third of the screenshot's scale, to keep the test quick), against
        // the screenshot reduced by area averaging: the mipmapped drawing averages the same areas.
        let ws = try Workspace()
        let result = try Hierarchy.run([
            "render", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
            "-o", ws.path("front.png"), "--yaw", "0", "--pitch", "0", "--projection", "orthographic", "--style", "contents",
            "--margin", "0", "--background", "transparent", "--size", "393x852"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let front = try PNG.decode(file: ws.path("front.png"))
        let shot = try PNG.decode(file: Self.appium.appendingPathComponent("screenshot.png").path).resampled(width: 393, height: 852)
        var total = 0, far = 0
        for i in front.pixels.indices {
            let d = abs(Int(front.pixels[i]) - Int(shot.pixels[i]))
            total += d
            if d > 24 { far += 1 }
        }
        XCTAssertLessThan(Double(total) / Double(front.pixels.count), 1.0, "mean difference per channel")
        XCTAssertLessThan(far, front.pixels.count / 1000, "channels off by more than 24")
    }

    func testImportWritesTheSlicesAsSnapshots() throws {
        let ws = try Workspace()
        let result = try Hierarchy.run([
            "import", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
            "-o", ws.path("capture/tree.json")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: ws.path("capture/snapshots"))
        XCTAssertGreaterThan(snapshots.count, 50)
        let render = try Hierarchy.run(["render", ws.path("capture/tree.json"), "-o", ws.path("front.png"), "--yaw", "0", "--pitch", "0",
                                        "--projection", "orthographic", "--style", "contents", "--margin", "0", "--size", "393x852"])
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    func testHolesAreFilledUnlessKept() throws {
        // The Camera cell (16 163; 361 44) and, in it, its label at (60 12; 61 20): under the label's
        // middle the cell's slice is clear with --holes keep, and the cell's white with fill.
        let ws = try Workspace()
        var middles: [String: Color] = [:]
        for holes in ["keep", "fill"] {
            let result = try Hierarchy.run([
                "import", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", Self.appium.appendingPathComponent("screenshot.png").path,
                "--holes", holes, "-o", ws.path("\(holes)/tree.json")])
            XCTAssertEqual(result.status, 0, result.stderr)
            let cell = try PNG.decode(file: ws.path("\(holes)/snapshots/0.0.0.0.0.4.png"))
            XCTAssertEqual(cell.width, 361 * 3)
            middles[holes] = cell[(60 + 30) * 3, (12 + 10) * 3]
        }
        XCTAssertEqual(middles["keep"]?.alpha, 0)
        XCTAssertEqual(middles["fill"], Color(red: 255, green: 255, blue: 255))
    }

    func testHolesWithoutAScreenshotIsAnError() throws {
        let result = try Hierarchy.run(["render", Self.appium.appendingPathComponent("page-source.xml").path, "--holes", "keep"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--holes applies to the slices of --screenshot"), result.stderr)
    }

    func testAScreenshotOfTheWrongShapeIsAnError() throws {
        let ws = try Workspace()
        try ws.png("shot.png", width: 300, height: 300, color: .init(red: 0, green: 0, blue: 0))
        let result = try Hierarchy.run(["layout", Self.appium.appendingPathComponent("page-source.xml").path, "--screenshot", ws.path("shot.png")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(ws.path("shot.png")): 300×300 pixels does not match the screen's aspect ratio (393×852 points; 300 pixels wide needs 650 high)\n")
    }
}
