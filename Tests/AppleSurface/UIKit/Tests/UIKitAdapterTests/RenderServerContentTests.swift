import Foundation
import HierarchyCapture
import HierarchyModel
@_spi(StandIn) import QuartzCore
@_spi(StandIn) import UIKit
import XCTest

/// AVFoundation's player layer, as the app's view adds it: only its class name matters.
final class AVPlayerLayer: CALayer {}
/// WebKit's web view: the page is drawn by another process (the render server shows it).
final class WKWebView: UIView {}

/// Content `render(in:)` leaves blank, drawn from the screen by the real adapter.
final class RenderServerContentTests: XCTestCase {
    func testAPlayerLayerAddedAsASublayerIsDrawnFromTheScreen() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let player = UIView(frame: CGRect(x: 20, y: 170, width: 100, height: 60))
        player.accessibilityIdentifier = "player"
        let video = AVPlayerLayer()
        video.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        video.position = CGPoint(x: 50, y: 30)
        video.standInScreenContent = [(video.bounds, CGColor(red: 0, green: 1, blue: 0, alpha: 1))]
        player.layer.addSublayer(video)
        app.controller.view.addSubview(player)
        let draft = HierarchyCapture.draft(UIKitView(app.window))
        let index = try XCTUnwrap(draft.views.firstIndex { $0.id == "player" })
        let canvas = try XCTUnwrap(draft.images[index], "notes: \(draft.views[index].notes)")
        // The video frame's green, from the screen: render(in:) alone leaves it transparent.
        let middle = (canvas.height / 2 * canvas.width + canvas.width / 2) * 4
        XCTAssertEqual(Array(canvas.pixels[middle..<(middle + 4)]), [0, 255, 0, 255])
    } }

    func testACroppedWebViewIsDrawnFromTheCanvasOrigin() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        // A page 6000 points tall in a scroll view scrolled to 3000: 12000 pixels at 2x, so only
        // the part that shows is drawn; the page is blue above 3000 and orange below.
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scroll.contentOffset = CGPoint(x: 0, y: 3000)
        let web = WKWebView(frame: CGRect(x: 0, y: 0, width: 200, height: 6000))
        web.accessibilityIdentifier = "web"
        web.layer.standInScreenContent = [
            (CGRect(x: 0, y: 0, width: 200, height: 3000), CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
            (CGRect(x: 0, y: 3000, width: 200, height: 3000), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
        ]
        scroll.addSubview(web)
        app.controller.view.addSubview(scroll)
        let draft = HierarchyCapture.draft(UIKitView(app.window))
        let index = try XCTUnwrap(draft.views.firstIndex { $0.id == "web" })
        XCTAssertEqual(draft.views[index].bounds.y, 3000, "only the visible part is written: \(draft.views[index].notes)")
        let canvas = try XCTUnwrap(draft.images[index], "notes: \(draft.views[index].notes)")
        XCTAssertEqual(Array(canvas.pixels[0..<4]), [255, 128, 0, 255], "the top of the canvas shows the page at 3000")
    } }
}
