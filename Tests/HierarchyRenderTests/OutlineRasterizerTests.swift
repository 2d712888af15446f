import HierarchyModel
@testable import HierarchyRender
import XCTest

final class OutlineRasterizerTests: XCTestCase {
    private func draw(_ polygon: [(Double, Double)], width: Double) -> Framebuffer {
        let fb = Framebuffer(width: 20, height: 20, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let vertices = polygon.map { LayerProjection.Vertex(x: $0.0, y: $0.1, s: 0, t: 0, startsLayerEdge: true) }
        let segments = OutlineRasterizer.segments(of: vertices)
        let rows = OutlineRasterizer.rows(of: segments, width: width, imageHeight: 20)
        OutlineRasterizer.draw(segments, width: width, colour: SIMD4(1, 1, 1, 1), rows: rows, into: fb, pool: fb.pools[0])
        return fb
    }

    func testAOnePixelLineOnAPixelRowIsSolidAndCornersAreNotDoubled() {
        // A square whose top edge runs along the centres of row 4.
        let fb = draw([(4.5, 4.5), (14.5, 4.5), (14.5, 14.5), (4.5, 14.5)], width: 1)
        let image = fb.resolve()
        XCTAssertEqual(image[9, 4].alpha, 255, "on the line")
        XCTAssertEqual(image[9, 3].alpha, 0, "a pixel away")
        XCTAssertEqual(image[4, 4].alpha, 255, "the corner is blended once, not twice")
        XCTAssertEqual(image[9, 9].alpha, 0, "inside stays empty")
    }

    func testALineBetweenPixelRowsSharesItsInk() {
        let image = draw([(2, 10), (18, 10), (18, 18), (2, 18)], width: 1).resolve()
        XCTAssertEqual(Int(image[9, 9].alpha), 128, accuracy: 1)
        XCTAssertEqual(Int(image[9, 10].alpha), 128, accuracy: 1)
    }

    func testThinnerLinesUseLessInk() {
        let image = draw([(4.5, 4.5), (14.5, 4.5), (14.5, 14.5), (4.5, 14.5)], width: 0.5).resolve()
        XCTAssertEqual(Int(image[9, 4].alpha), 128, accuracy: 1)
    }

    func testCutEdgesAreNotOutlined() {
        let vertices = [(0.0, 0.0, true), (10, 0, false), (10, 10, true), (0, 10, true)].map {
            LayerProjection.Vertex(x: $0.0, y: $0.1, s: 0, t: 0, startsLayerEdge: $0.2)
        }
        XCTAssertEqual(OutlineRasterizer.segments(of: vertices).count, 3)
    }
}
