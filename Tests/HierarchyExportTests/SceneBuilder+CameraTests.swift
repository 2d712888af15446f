import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// The exported camera is `render`'s: seen through it with glTF's own projection, every layer
/// corner lands on the pixel `Viewpoint.project` gives, for perspective and orthographic cameras.
final class SceneBuilderCameraTests: XCTestCase {
    /// A glTF camera as a reader sees it: world position, rotation and projection.
    struct Camera {
        var position: [Double]
        var rotation: [Double]
        var json: [String: Any]

        /// Rotates `v` by the unit quaternion (x, y, z, w).
        func rotate(_ v: [Double]) -> [Double] {
            let (x, y, z, w) = (rotation[0], rotation[1], rotation[2], rotation[3])
            let t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])]
            return [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])]
        }

        /// The pixel of a world point in a `width`×`height` picture, by the glTF projection.
        func pixel(_ p: [Double], width: Double, height: Double) -> (x: Double, y: Double) {
            let d = zip(p, position).map { $0 - $1 }
            // Camera space: the world offset in the camera's axes (rotation applied inversely).
            let axes = [rotate([1, 0, 0]), rotate([0, 1, 0]), rotate([0, 0, 1])]
            let c = axes.map { a in zip(a, d).map { $0 * $1 }.reduce(0, +) }
            let ndc: (Double, Double)
            if let perspective = json.object("perspective") {
                let t = tan(perspective.double("yfov")! / 2), aspect = perspective.double("aspectRatio")!
                ndc = (c[0] / -c[2] / (aspect * t), c[1] / -c[2] / t)
            } else {
                let orthographic = json.object("orthographic")!
                ndc = (c[0] / orthographic.double("xmag")!, c[1] / orthographic.double("ymag")!)
            }
            return ((ndc.0 + 1) / 2 * width, (1 - ndc.1) / 2 * height)
        }
    }

    private func camera(_ json: [String: Any]) throws -> Camera {
        let nodes = json.array("nodes")
        let index = try XCTUnwrap(nodes.firstIndex { $0["camera"] != nil })
        XCTAssertTrue(nodes[0].ints("children")?.contains(index) == true, "the camera hangs from the root")
        let root = nodes[0].doubles("translation") ?? [0, 0, 0], own = nodes[index].doubles("translation")!
        return Camera(position: zip(root, own).map { $0 + $1 }, rotation: nodes[index].doubles("rotation")!,
                      json: json.array("cameras")[nodes[index].int("camera")!])
    }

    private func checkProjection(_ change: (inout ExportOptions) -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        let options = GLTFFixtures.options(change)
        let files = try GLTFFixtures.files(layout, textures, options, .glb, name: "settings.glb")
        let (json, _) = try GLTFFiles.parseGLB(files["settings.glb"]!)
        let camera = try camera(json)
        let viewpoint = try Renderer(options: options.render).viewpoint(for: layout)
        let geometry = StackGeometry(spacing: options.render.spacing)
        let corners = layout.layers.filter { options.render.includes(depth: $0.depth) }.flatMap(geometry.corners(of:))
        let low = corners.dropFirst().reduce(corners[0]) { pointwiseMin($0, $1) }, high = corners.dropFirst().reduce(corners[0]) { pointwiseMax($0, $1) }
        let centre = (low + high) / 2
        let u = options.metresPerPoint, size = options.render.size
        assertClose(camera.position, [(viewpoint.eye.x - centre.x) * u, (viewpoint.eye.y - centre.y) * u, (viewpoint.eye.z - centre.z) * u], 1e-12, "the eye", file: file, line: line)
        assertClose(camera.rotate([0, 0, -1]), [viewpoint.forward.x, viewpoint.forward.y, viewpoint.forward.z], 1e-12, "-z is the line of sight", file: file, line: line)
        assertClose(camera.rotate([0, 1, 0]), [viewpoint.up.x, viewpoint.up.y, viewpoint.up.z], 1e-12, "+y is up", file: file, line: line)
        for corner in corners {
            let expected = try XCTUnwrap(viewpoint.project(corner))
            let point = [(corner.x - centre.x) * u, (corner.y - centre.y) * u, (corner.z - centre.z) * u]
            let actual = camera.pixel(point, width: Double(size.width), height: Double(size.height))
            assertClose([actual.x, actual.y], [expected.x, expected.y], 1e-6, "the pixel of \(corner)", file: file, line: line)
        }
    }

    func testPerspectiveCameraSeesWhatRenderDraws() throws {
        try checkProjection { _ in }
    }

    func testTurnedZoomedWideCameraSeesWhatRenderDraws() throws {
        try checkProjection { $0.render.yaw = 140; $0.render.pitch = -35; $0.render.zoom = 1.7; $0.render.fov = 50; $0.render.size = PixelSize(width: 640, height: 960) }
    }

    func testOrthographicCameraSeesWhatRenderDraws() throws {
        try checkProjection { $0.render.projection = .orthographic; $0.render.yaw = 20 }
    }

    func testCameraSettingsFollowTheViewpointAndEveryLayerIsBetweenItsPlanes() throws {
        let (_, layout, textures) = try GLTFFixtures.sample("settings")
        let options = GLTFFixtures.options()
        let files = try GLTFFixtures.files(layout, textures, options, .glb, name: "settings.glb")
        let json = try GLTFFiles.parseGLB(files["settings.glb"]!).json
        let perspective = try XCTUnwrap(json.array("cameras").first?.object("perspective"))
        let viewpoint = try Renderer(options: options.render).viewpoint(for: layout)
        XCTAssertEqual(perspective.double("yfov")!, viewpoint.verticalFieldOfView * Double.pi / 180, accuracy: 1e-12)
        XCTAssertEqual(perspective.double("yfov")!, 30 * Double.pi / 180, accuracy: 1e-9, "render's default 30° without zoom")
        XCTAssertEqual(perspective.double("aspectRatio"), 800.0 / 600)
        let near = try XCTUnwrap(perspective.double("znear")), far = try XCTUnwrap(perspective.double("zfar"))
        XCTAssertGreaterThan(near, 0)
        let camera = try camera(json)
        XCTAssertEqual(camera.rotation.map { $0 * $0 }.reduce(0, +), 1, accuracy: 1e-12, "a unit quaternion")
        let geometry = StackGeometry(spacing: options.render.spacing), u = options.metresPerPoint
        let distances = layout.layers.flatMap(geometry.corners(of:)).map { corner in
            // Along the line of sight, in metres: the same from any origin, so the centre need not be known.
            (viewpoint.cameraSpace(corner).z) * u
        }
        XCTAssertLessThan(near, distances.min()!)
        XCTAssertGreaterThan(far, distances.max()!)
    }
}
