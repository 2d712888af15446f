import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

/// `RenderOptions.layerStyles`: a layer's fill opacity and outline colour, alone of its layout.
final class LayerStyleTests: XCTestCase {
    let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 255, blue: 0), blue = Color(red: 0, green: 0, blue: 255)

    func scene() -> Layout {
        TestScenes.layers([("r", Rect(x: 0, y: 0, width: 50, height: 100), 0, red), ("g", Rect(x: 50, y: 0, width: 50, height: 100), 0, green)])
    }

    func testOpacityDimsOnlyItsLayer() throws {
        let layout = scene()
        var options = frontView(layout, k: 1)
        options.layerStyles[0] = LayerStyle(opacity: 0.5)
        let image = try Renderer(options: options).render(layout).image
        XCTAssertTrue(isClose(image[25, 50], Color(red: 255, green: 0, blue: 0, alpha: 128)), "\(image[25, 50])")
        XCTAssertTrue(isClose(image[75, 50], green), "\(image[75, 50])")
    }

    func testAnOutlineColourDrawsAnOutlineEvenInTheContentsStyle() throws {
        let layout = scene()
        var options = frontView(layout, k: 1)
        options.outlineWidth = 2
        let plain = try Renderer(options: options).render(layout).image
        options.layerStyles[1] = LayerStyle(outlineColor: blue, outlineScale: 2)
        let styled = try Renderer(options: options).render(layout).image
        XCTAssertTrue(isClose(plain[51, 50], green), "\(plain[51, 50])")
        XCTAssertGreaterThan(Int(styled[51, 50].blue), 200, "\(styled[51, 50])")
        XCTAssertTrue(isClose(styled[75, 50], green), "the inside keeps its fill: \(styled[75, 50])")
        XCTAssertTrue(isClose(styled[1, 50], red), "the other layer has no outline: \(styled[1, 50])")
    }

    func testStylesOutOfRangeAreRefused() {
        var options = RenderOptions()
        options.layerStyles[3] = LayerStyle(opacity: 1.5)
        XCTAssertThrowsError(try options.validate())
        options.layerStyles[3] = LayerStyle(outlineScale: 0)
        XCTAssertThrowsError(try options.validate())
    }
}
