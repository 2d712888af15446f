import Foundation
import HierarchyCapture
import HierarchyGolden
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchySnapshotTesting
@_spi(StandIn) import UIKit
import XCTest

/// The whole way: a stand-in app captured by the real adapter, read by `hierarchy`'s loader and
/// rendered; the snapshot strategy's UIView path; the ImageIO encoder's PNG read back.
final class CaptureToPictureTests: XCTestCase {
    func testACaptureIsLoadedAndRenderedByHierarchy() throws {
        let folder = temporaryFolder()
        try onMain {
            let app = StandInApp()
            let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
            let document = try LoadedDocument.load(report.documentURL.path)
            XCTAssertEqual(document.tree.count, report.views.count)
            XCTAssertTrue(document.warnings.isEmpty, "\(document.warnings)")
            var options = RenderOptions()
            options.size = PixelSize(width: 480, height: 360)
            let golden = try Screen(document).golden(PictureRequest(options: options))
            try Self.keep(golden.image, as: "apple-surface-uikit-capture.png")
            // The button's blue and the badge's red, from their snapshots, are in the picture.
            XCTAssertTrue(Self.contains(golden.image, Color(red: 0, green: 122, blue: 255)), "no button blue")
            XCTAssertTrue(Self.contains(golden.image, Color(red: 255, green: 59, blue: 48)), "no badge red")
        }
    }

    func testTheSnapshotStrategyCapturesALiveView() throws {
        try onMain {
            let app = StandInApp()
            var golden: Golden?
            Snapshotting<UIView, Golden>.exploded(size: PixelSize(width: 320, height: 240)).snapshot(app.window).run { golden = $0 }
            let picture = try XCTUnwrap(golden)
            XCTAssertNil(picture.problem)
            XCTAssertEqual(picture.image.width, 320)
            XCTAssertEqual(picture.tree?.count, 6, "screen-less tree: window, controller's view and its four subviews")
            XCTAssertTrue(Self.contains(picture.image, Color(red: 0, green: 122, blue: 255)))
        }
    }

    func testTheImageIOEncodersPNGReadsBackAsTheCanvasStraightAlpha() throws {
        var canvas = CaptureCanvas(width: 3, height: 2, scaleX: 1, scaleY: 1)
        canvas.pixels = [255, 0, 0, 255, 0, 64, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255, 0, 0, 100, 200, 1, 1, 1, 1]
        let png = try ImageIOPNGEncoder().encode(canvas)
        let image = try PNG.decode(png, name: "imageio.png")
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.pixels, canvas.straightAlpha())
    }

    /// Whether some pixel of `image` is within 6 of `color` in every channel.
    static func contains(_ image: RGBAImage, _ color: Color) -> Bool {
        stride(from: 0, to: image.pixels.count, by: 4).contains { i in
            abs(Int(image.pixels[i]) - Int(color.red)) <= 6 && abs(Int(image.pixels[i + 1]) - Int(color.green)) <= 6
                && abs(Int(image.pixels[i + 2]) - Int(color.blue)) <= 6
        }
    }

    /// Writes `image` to `SNAPSHOT_ARTIFACTS` (or the temporary folder) to be looked at.
    static func keep(_ image: RGBAImage, as name: String) throws {
        let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        try Data(PNG.encode(image)).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
}
