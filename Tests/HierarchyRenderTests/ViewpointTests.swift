import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class ViewpointTests: XCTestCase {
    /// Every drawn corner lies inside the margin, and on one axis the corners touch it on both sides.
    func testFitKeepsEverythingInsideTheMarginTouchingItOnOneAxis() throws {
        let layout = try DemoScreen.layout()
        let geometry = StackGeometry(spacing: RenderOptions().spacing)
        for projection in Projection.allCases {
            for (yaw, pitch) in [(-30.0, 15.0), (0, 0), (45, -20), (180, 10), (-80, 60)] {
                var options = RenderOptions()
                (options.projection, options.yaw, options.pitch, options.margin) = (projection, yaw, pitch, 0.1)
                let viewpoint = Viewpoint.fitted(to: layout, options: options)
                let points = layout.layers.flatMap(geometry.corners(of:)).map { viewpoint.project($0)! }
                let inset = 0.1 * 1200, label = "\(projection) yaw \(yaw) pitch \(pitch)"
                let (x0, x1) = (points.map(\.x).min()!, points.map(\.x).max()!)
                let (y0, y1) = (points.map(\.y).min()!, points.map(\.y).max()!)
                XCTAssertGreaterThanOrEqual(x0, inset - 1e-6, label)
                XCTAssertLessThanOrEqual(x1, 1600 - inset + 1e-6, label)
                XCTAssertGreaterThanOrEqual(y0, inset - 1e-6, label)
                XCTAssertLessThanOrEqual(y1, 1200 - inset + 1e-6, label)
                let touchesX = abs(x0 - inset) < 1e-6 && abs(x1 - (1600 - inset)) < 1e-6
                let touchesY = abs(y0 - inset) < 1e-6 && abs(y1 - (1200 - inset)) < 1e-6
                XCTAssertTrue(touchesX || touchesY, "\(label): x \(x0)...\(x1), y \(y0)...\(y1)")
            }
        }
    }

    func testFitIgnoresLayersOutsideTheDepthRange() throws {
        let layout = TestScenes.layers([
            ("back", Rect(x: 0, y: 0, width: 100, height: 100), 0, nil),
            ("front", Rect(x: 40, y: 40, width: 20, height: 10), 1, nil),
        ])
        var options = frontView(layout, k: 1)
        options.minDepth = 1
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        // The 20×10 layer alone fills the 100-pixel width: 5 pixels a point.
        XCTAssertEqual(viewpoint.scale, 5, accuracy: 1e-9)
        let corner = viewpoint.project(StackGeometry(spacing: options.spacing).point(x: 40, y: 40, depth: 1))!
        XCTAssertEqual(corner.x, 0, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 25, accuracy: 1e-9)
    }

    func testFrontViewMapsScreenPointsToPixels() throws {
        let layout = try DemoScreen.layout()
        let viewpoint = Viewpoint.fitted(to: layout, options: frontView(layout, k: 2))
        let p = viewpoint.project(StackGeometry(spacing: 20).point(x: 100, y: 30, depth: 3))!
        XCTAssertEqual(p.x, 200, accuracy: 1e-9)
        XCTAssertEqual(p.y, 60, accuracy: 1e-9)
    }

    func testZoomScalesAboutTheCentre() throws {
        let layout = try DemoScreen.layout()
        var options = RenderOptions()
        let plain = Viewpoint.fitted(to: layout, options: options)
        options.zoom = 2
        let zoomed = Viewpoint.fitted(to: layout, options: options)
        let corner = StackGeometry(spacing: 20).point(x: 0, y: 0, depth: 0)
        let a = plain.project(corner)!, b = zoomed.project(corner)!
        XCTAssertEqual(b.x - 800, 2 * (a.x - 800), accuracy: 1e-6)
        XCTAssertEqual(b.y - 600, 2 * (a.y - 600), accuracy: 1e-6)
        XCTAssertEqual(zoomed.verticalFieldOfView, 2 * atan(tan(15 * Double.pi / 180) / 2) * 180 / Double.pi, accuracy: 1e-9)
    }

    func testRayThroughAProjectedPointPassesThroughIt() throws {
        for projection in Projection.allCases {
            var options = RenderOptions()
            options.projection = projection
            let viewpoint = Viewpoint.fitted(to: try DemoScreen.layout(), options: options)
            let point = Vector3(123, -456, 78)
            let pixel = viewpoint.project(point)!
            let (origin, direction) = viewpoint.ray(x: pixel.x, y: pixel.y)
            let along = (point - origin).dot(direction)
            XCTAssertEqual((origin + along * direction - point).length, 0, accuracy: 1e-6, "\(projection)")
        }
    }

    func testOrientationTurnsCameraAxesOntoTheViewAxes() throws {
        var options = RenderOptions()
        (options.yaw, options.pitch) = (-30, 15)
        let v = Viewpoint.fitted(to: try DemoScreen.layout(), options: options)
        let q = v.orientation
        XCTAssertEqual((q * q).sum(), 1, accuracy: 1e-12)
        func rotate(_ p: Vector3) -> Vector3 {
            let u = Vector3(q.x, q.y, q.z), w = q.w
            return 2 * u.dot(p) * u + (w * w - u.dot(u)) * p + 2 * w * u.cross(p)
        }
        XCTAssertEqual((rotate(Vector3(1, 0, 0)) - v.right).length, 0, accuracy: 1e-12)
        XCTAssertEqual((rotate(Vector3(0, 1, 0)) - v.up).length, 0, accuracy: 1e-12)
        XCTAssertEqual((rotate(Vector3(0, 0, -1)) - v.forward).length, 0, accuracy: 1e-12)
    }

    func testPeerScriptsYawShowsNearerLevelsToTheLeft() throws {
        var options = RenderOptions()
        (options.yaw, options.pitch) = (-30, 15)
        let v = Viewpoint.fitted(to: try DemoScreen.layout(), options: options)
        let back = v.project(Vector3(195, -422, 0))!, front = v.project(Vector3(195, -422, 100))!
        XCTAssertLessThan(front.x, back.x)
        XCTAssertGreaterThan(front.y, back.y, "seen from above, nearer levels sit lower")
    }
}
