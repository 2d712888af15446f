import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class DrawOrderTests: XCTestCase {
    /// Layers listed in painter's order with depths that do not follow it.
    private let layout = TestScenes.layers([
        ("a", Rect(x: 0, y: 0, width: 10, height: 10), 0, nil),
        ("b", Rect(x: 0, y: 0, width: 10, height: 10), 2, nil),
        ("c", Rect(x: 0, y: 0, width: 10, height: 10), 1, nil),
        ("d", Rect(x: 20, y: 0, width: 10, height: 10), 1, nil),
        ("e", Rect(x: 0, y: 0, width: 10, height: 10), 0, nil),
    ])

    private func order(yaw: Double, _ projection: Projection, _ change: (inout RenderOptions) -> Void = { _ in }) -> [String] {
        var options = RenderOptions()
        (options.yaw, options.projection) = (yaw, projection)
        change(&options)
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        return DrawOrder.sorted(layout, options: options, viewpoint: viewpoint).map { layout.layers[$0].id }
    }

    func testFromTheFrontDeeperLevelsComeLaterAndTiesKeepPaintersOrder() {
        for projection in Projection.allCases {
            XCTAssertEqual(order(yaw: -30, projection), ["a", "e", "c", "d", "b"], "\(projection)")
        }
    }

    func testFromBehindTheOrderOfLevelsIsReversedButNotWithinALevel() {
        for projection in Projection.allCases {
            XCTAssertEqual(order(yaw: 180, projection), ["b", "c", "d", "a", "e"], "\(projection)")
        }
    }

    func testOnlyTheDepthRangeIsDrawn() {
        XCTAssertEqual(order(yaw: 0, .perspective) { $0.minDepth = 1; $0.maxDepth = 1 }, ["c", "d"])
    }

    func testACameraInsideTheStackDrawsTheFarthestPlanesFirst() {
        var options = RenderOptions()
        options.spacing = 10
        // The eye at z = 12, between depth 1 (z = 10) and depth 2 (z = 20), looking down -z.
        let viewpoint = Viewpoint(projection: .perspective, eye: Vector3(5, -5, 12), target: Vector3(5, -5, 0), scale: 100, imageSize: PixelSize(width: 10, height: 10))
        let ids = DrawOrder.sorted(layout, options: options, viewpoint: viewpoint).map { layout.layers[$0].id }
        XCTAssertEqual(ids, ["a", "e", "b", "c", "d"])
    }
}
