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

    /// The quad's 16 samples tested at once give the bits testing them one by one gives, edges
    /// (half-open) included.
    func testTheVectorSampleMaskIsTheOneByOneMask() {
        struct OneByOne: Coverage {
            func isOutside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool { UnitSquare().isOutside(s, t, hs, ht) }
            func isInside(_ s: Float, _ t: Float, _ hs: Float, _ ht: Float) -> Bool { UnitSquare().isInside(s, t, hs, ht) }
            func contains(_ s: Float, _ t: Float) -> Bool { UnitSquare().contains(s, t) }
        }
        var rng = SystemRandomNumberGenerator()
        let (dx, dy) = (SamplePattern.dx, SamplePattern.dy)
        var partial = 0
        for i in 0..<20_000 {
            // Pixels near the quad's edges, some exactly on them, at assorted scales and shears.
            let edge: [Float] = [0, 1]
            var s = Float.random(in: -0.05...1.05, using: &rng), t = Float.random(in: -0.05...1.05, using: &rng)
            if i % 7 == 0 { s = edge[i % 2] }
            if i % 11 == 0 { t = edge[i % 2] }
            let scale = Float.random(in: 0.001...0.2, using: &rng)
            let d = (0..<4).map { _ in Float.random(in: -1...1, using: &rng) * scale }
            let vector = UnitSquare().mask(s, t, d[0], d[1], d[2], d[3], dx, dy)
            XCTAssertEqual(vector, OneByOne().mask(s, t, d[0], d[1], d[2], d[3], dx, dy), "s \(s) t \(t) \(d)")
            if vector != 0 && vector != SamplePattern.full { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 1000, "many pixels straddle an edge")
        XCTAssertEqual(SamplePattern.dx[5], SamplePattern.offsets[5].x)
        XCTAssertEqual(SamplePattern.dy[11], SamplePattern.offsets[11].y)
    }
}
