import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import XCTest

/// Small (400×300) pictures of the demo screen, compared with goldens beside this file.
/// Record them again with `HIERARCHY_RECORD_GOLDENS=1` after a deliberate change, and look at them.
final class GoldenTests: XCTestCase {
    private func picture(_ change: (inout RenderOptions) -> Void = { _ in }) throws -> RGBAImage {
        // 1x snapshots are plenty for a 400×300 picture, and quick to make.
        let layout = try DemoScreen.layout(scale: 1)
        var options = RenderOptions()
        options.size = PixelSize(width: 400, height: 300)
        change(&options)
        return try Renderer(options: options).render(layout, textures: DemoTextures()).image
    }

    func testDefaultView() throws {
        assertMatchesGolden(try picture(), named: "default")
    }

    func testOrthographicFrontView() throws {
        assertMatchesGolden(try picture { $0.projection = .orthographic; $0.yaw = 0; $0.pitch = 0 }, named: "front-orthographic")
    }

    func testWireframe() throws {
        assertMatchesGolden(try picture { $0.style = .wireframe }, named: "wireframe")
    }

    func testDepthRange() throws {
        assertMatchesGolden(try picture { $0.minDepth = 2; $0.maxDepth = 3 }, named: "depth-2-3")
    }

    func testHighlightedLayer() throws {
        assertMatchesGolden(try picture { $0.highlightID = "cell2" }, named: "highlight-cell2")
    }

    func testTransparentBackground() throws {
        assertMatchesGolden(try picture { $0.background = RenderOptions.transparent }, named: "transparent")
    }

    /// From behind, without the opaque window, table and cells (depths 0 to 2) that would hide
    /// the rest: the cells' contents show mirrored.
    func testSeenFromBehind() throws {
        assertMatchesGolden(try picture { $0.yaw = 160; $0.minDepth = 3 }, named: "behind")
    }
}
