import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class RasterizerTests: XCTestCase {
    /// A 64×8 texture: its left half red, its right half green.
    private let halves: RGBAImage = {
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<64 { pixels += x < 32 ? [255, 0, 0, 255] : [0, 255, 0, 255] } }
        return RGBAImage(width: 64, height: 8, pixels: pixels)
    }()

    private func fill(_ layer: Layer, _ viewpoint: Viewpoint, texture: RGBAImage) -> RGBAImage {
        let projection = LayerProjection(layer: layer, geometry: StackGeometry(spacing: 10), viewpoint: viewpoint)
        let chain = MipChain(texture, finest: PixelSize(width: texture.width, height: texture.height), levelCount: 1)
        let fb = Framebuffer(width: viewpoint.imageSize.width, height: viewpoint.imageSize.height, background: RenderOptions.transparent)
        let paint = TexturePaint(sampler: TextureSampler(chain), alpha: 1, needsLod: false)
        for band in 0..<fb.bandCount {
            Rasterizer.fill(projection, paint: paint, rows: band * fb.bandHeight..<(band + 1) * fb.bandHeight, into: fb, pool: fb.pools[band])
        }
        return withExtendedLifetime(chain) { fb.resolve() }
    }

    func testTheTextureIsPerspectiveCorrect() {
        // A layer turned 60° away: its texture's middle (where the halves meet) must land where
        // the frame's centre projects, not at the middle of the projected corners.
        let layout = TestScenes.layers([("l", Rect(x: 0, y: 0, width: 100, height: 100), 0, nil)])
        var options = RenderOptions()
        (options.yaw, options.pitch, options.size, options.margin) = (-60, 0, PixelSize(width: 200, height: 200), 0)
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        let image = fill(layout.layers[0], viewpoint, texture: halves)
        let centre = viewpoint.project(Vector3(50, -50, 0))!
        let corners = StackGeometry(spacing: 10).corners(of: layout.layers[0]).map { viewpoint.project($0)!.x }
        XCTAssertGreaterThan(abs(centre.x - corners.reduce(0, +) / 4), 3, "the view is really in perspective")
        let row = Int(centre.y) - 20
        // Left of the projected centre it is red, right of it green (bilinear filtering blends a texel, under 2 pixels, each side).
        XCTAssertTrue(isClose(image[Int(centre.x) - 3, row], Color(red: 255, green: 0, blue: 0), tolerance: 8), "\(image[Int(centre.x) - 3, row])")
        XCTAssertTrue(isClose(image[Int(centre.x) + 3, row], Color(red: 0, green: 255, blue: 0), tolerance: 8), "\(image[Int(centre.x) + 3, row])")
    }

    func testEdgesAreAntiAliasedAndTheInsideSolid() {
        let layout = TestScenes.layers([("l", Rect(x: 10.25, y: 10, width: 50, height: 30.5), 0, nil)])
        let viewpoint = Viewpoint.fitted(to: TestScenes.layers([("s", layout.screen, 0, nil)]), options: frontView(layout, k: 1))
        let image = fill(layout.layers[0], viewpoint, texture: RGBAImage(width: 4, height: 4, fill: Color(red: 255, green: 255, blue: 255)))
        XCTAssertEqual(image[30, 20].alpha, 255)
        XCTAssertEqual(image[9, 20].alpha, 0)
        XCTAssertEqual(Int(image[10, 20].alpha), 191, accuracy: 8, "three quarters of the column at x = 10")
        XCTAssertEqual(Int(image[30, 40].alpha), 128, accuracy: 8, "half of the row at y = 40")
        XCTAssertEqual(Int(image[10, 40].alpha), 96, accuracy: 10, "the corner pixel: 3/4 × 1/2")
    }

    func testFullyTransparentTexelsLeaveThePictureAlone() {
        let layout = TestScenes.layers([("l", Rect(x: 0, y: 0, width: 100, height: 100), 0, nil)])
        let viewpoint = Viewpoint.fitted(to: layout, options: frontView(layout, k: 1))
        let image = fill(layout.layers[0], viewpoint, texture: RGBAImage(width: 3, height: 3))
        XCTAssertFalse(image.contains { $0.alpha != 0 })
    }
}
