import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class LayerProjectionTests: XCTestCase {
    private let layout = TestScenes.layers([("l", Rect(x: 10, y: 20, width: 30, height: 40), 1, nil)])

    func testFrontViewMapsTheFrameToItsPixels() {
        let options = frontView(layout, k: 2)
        let viewpoint = Viewpoint.fitted(to: TestScenes.layers([("s", layout.screen, 0, nil)]), options: options)
        let p = LayerProjection(layer: layout.layers[0], geometry: StackGeometry(spacing: 20), viewpoint: viewpoint)
        XCTAssertEqual(p.polygon.map { [$0.x, $0.y] }, [[20, 40], [80, 40], [80, 120], [20, 120]])
        XCTAssertTrue(p.bounds == (20, 40, 80, 120))
        XCTAssertEqual(p.area, 60 * 80, accuracy: 1e-9)
        XCTAssertEqual(p.maxSpan.s, 60, accuracy: 1e-9)
        XCTAssertEqual(p.minSpan.t, 80, accuracy: 1e-9)
        // The pixel centre (20.5, 40.5), relative to the bounds' corner: (0.5, 0.5) → s = 0.5/60, t = 0.5/80.
        let m = p.inverse
        let q = m[6] * 0.5 + m[7] * 0.5 + m[8]
        XCTAssertEqual((m[0] * 0.5 + m[1] * 0.5 + m[2]) / q, 0.5 / 60, accuracy: 1e-6)
        XCTAssertEqual((m[3] * 0.5 + m[4] * 0.5 + m[5]) / q, 0.5 / 80, accuracy: 1e-6)
    }

    func testPerspectiveMappingIsProjectiveNotAffine() {
        var options = RenderOptions()
        options.yaw = -60
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        let p = LayerProjection(layer: layout.layers[0], geometry: StackGeometry(spacing: 40), viewpoint: viewpoint)
        // The frame's centre projects to a pixel that the inverse maps back to s = t = 0.5 exactly,
        // although it is not the middle of the projected corners.
        let centre = viewpoint.project(StackGeometry(spacing: 40).point(x: 25, y: 40, depth: 1))!
        let mid = (p.polygon.map(\.x).reduce(0, +) / 4, p.polygon.map(\.y).reduce(0, +) / 4)
        XCTAssertGreaterThan(abs(centre.x - mid.0), 0.01)
        let (x, y) = (Float(centre.x) - Float(p.bounds.x0), Float(centre.y) - Float(p.bounds.y0))
        let m = p.inverse, q = m[6] * x + m[7] * y + m[8]
        XCTAssertEqual((m[0] * x + m[1] * y + m[2]) / q, 0.5, accuracy: 1e-4)
        XCTAssertEqual((m[3] * x + m[4] * y + m[5]) / q, 0.5, accuracy: 1e-4)
        XCTAssertGreaterThan(p.maxSpan.s, p.minSpan.s, "the nearer side is shown larger")
    }

    func testALayerCrossingTheCameraPlaneIsCutAtTheNearPlane() {
        let wide = TestScenes.layers([("w", Rect(x: -1000, y: 0, width: 2000, height: 100), 0, nil)])
        let viewpoint = Viewpoint(projection: .perspective, eye: Vector3(0, -50, 10), target: Vector3(10, -50, 0), scale: 100, imageSize: PixelSize(width: 200, height: 100))
        let p = LayerProjection(layer: wide.layers[0], geometry: StackGeometry(spacing: 20), viewpoint: viewpoint)
        XCTAssertEqual(p.polygon.count, 4)
        XCTAssertEqual(p.polygon.filter { !$0.startsLayerEdge }.count, 1, "one edge is the cut")
        XCTAssertTrue(p.polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        XCTAssertTrue(p.isFillable)
    }

    func testEdgeOnAndEmptyLayersAreNotFillable() {
        var options = RenderOptions()
        (options.yaw, options.pitch, options.projection) = (90, 0, .orthographic)
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        XCTAssertFalse(LayerProjection(layer: layout.layers[0], geometry: StackGeometry(spacing: 20), viewpoint: viewpoint).isFillable)
        let flat = TestScenes.layers([("f", Rect(x: 10, y: 10, width: 0, height: 10), 0, nil)])
        let front = Viewpoint.fitted(to: layout, options: frontView(layout, k: 1))
        XCTAssertFalse(LayerProjection(layer: flat.layers[0], geometry: StackGeometry(spacing: 20), viewpoint: front).isFillable)
    }
}
