import Foundation
import HierarchyCapture
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// A capture made by the library through fake views, drawn by `hierarchy render` as a user would.
final class CaptureRenderCommandTests: XCTestCase {
    func testRenderDrawsAWrittenCapture() throws {
        let ws = try Workspace()
        let folder = ws.url.appendingPathComponent("capture")
        try MainActor.assumeIsolated {
            let window = FakeView("UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 200), fill: Color(red: 240, green: 240, blue: 245), id: "window")
            window.screenScale = 2
            let header = FakeView("UILabel", frame: Rect(x: 10, y: 10, width: 80, height: 20), fill: Color(red: 20, green: 20, blue: 20), id: "header")
            header.text = "Settings"
            let list = FakeView("UITableView", frame: Rect(x: 0, y: 40, width: 100, height: 160), fill: Color(red: 255, green: 255, blue: 255), id: "list")
            list.bounds.y = 100
            list.clipsToBounds = true
            list.adding(FakeView("UITableViewCell", frame: Rect(x: 0, y: 120, width: 100, height: 50), fill: Color(red: 0, green: 120, blue: 255), id: "cell"))
            let badge = FakeView(frame: Rect(x: 60, y: 150, width: 30, height: 30), fill: Color(red: 255, green: 60, blue: 0), id: "badge")
            badge.transform = .rotation(degrees: 45)
            window.adding(header, list, badge)
            _ = try HierarchyCapture.captureSynchronously(window, to: folder,
                                                          options: HierarchyCapture.Options(encoder: StoredPNGEncoder()))
        }
        let front = try Hierarchy.run(["render", "capture/tree.json", "-o", "front.png", "--yaw", "0", "--pitch", "0", "--projection", "orthographic",
                                       "--style", "contents", "--background", "transparent", "--margin", "0", "--size", "100x200"], in: ws.url)
        XCTAssertEqual(front.status, 0, front.stderr)
        let image = try PNG.decode(file: ws.path("front.png"))
        XCTAssertEqual(image[50, 20], Color(red: 20, green: 20, blue: 20), "the header")
        XCTAssertEqual(image[50, 80], Color(red: 0, green: 120, blue: 255), "the cell, scrolled up to y 60...110")
        XCTAssertEqual(image[50, 150], Color(red: 255, green: 255, blue: 255), "the list below the cell")
        XCTAssertEqual(image[75, 165], Color(red: 255, green: 60, blue: 0), "the badge's centre")
        XCTAssertEqual(image[62, 152], Color(red: 255, green: 255, blue: 255), "the badge's unturned corner shows the list: it is turned 45°")
        XCTAssertEqual(image[75, 147], Color(red: 255, green: 60, blue: 0), "its turned corner points up")
        XCTAssertEqual(image[5, 5], Color(red: 240, green: 240, blue: 245), "the window")
        let exploded = try Hierarchy.run(["render", "capture/tree.json", "-o", "exploded.png", "--size", "480x360"], in: ws.url)
        XCTAssertEqual(exploded.status, 0, exploded.stderr)
        XCTAssertEqual(try PNG.decode(file: ws.path("exploded.png")).width, 480)
        if let keep = ProcessInfo.processInfo.environment["HIERARCHY_KEEP_CAPTURE_RENDER"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: ws.path("exploded.png"), toPath: keep)
        }
    }
}
