import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class TextureSamplerTests: XCTestCase {
    private let halves = RGBAImage.halves

    func testBilinearSamplingHitsTexelCentresExactlyAndBlendsBetween() {
        let chain = MipChain(halves, finest: PixelSize(width: 8, height: 8), levelCount: 1)
        let sampler = TextureSampler(chain)
        XCTAssertEqual(sampler.sample(3.5 / 8, 0.5, lod: 0).x, 0)
        XCTAssertEqual(sampler.sample(4.5 / 8, 0.5, lod: 0).x, 1)
        XCTAssertEqual(sampler.sample(4.0 / 8, 0.5, lod: 0).x, 0.5, accuracy: 1e-6)
        // Clamped at the edges.
        XCTAssertEqual(sampler.sample(0, 0, lod: 0).x, 0)
        XCTAssertEqual(sampler.sample(1, 1, lod: 0).x, 1)
    }

    func testTrilinearSamplingBlendsLevels() {
        let chain = MipChain(halves, finest: PixelSize(width: 8, height: 8), levelCount: 4)
        let sampler = TextureSampler(chain)
        // At s = 0.375 (between texels 2 and 3 of level 0, both black) level 2 (2×2: black, white)
        // blends its texel centres 0.25 and 0.75: 0.25.
        XCTAssertEqual(sampler.sample(0.375, 0.5, lod: 0).x, 0, accuracy: 1e-6)
        XCTAssertEqual(sampler.sample(0.375, 0.5, lod: 2).x, 0.25, accuracy: 1e-6)
        XCTAssertEqual(sampler.sample(0.375, 0.5, lod: 3).x, 0.5, accuracy: 1e-6, "level 3 is the 1×1 mean")
        XCTAssertEqual(sampler.sample(0.375, 0.5, lod: 2.5).x, 0.375, accuracy: 1e-6, "halfway between levels 2 and 3")
        XCTAssertEqual(sampler.sample(0.375, 0.5, lod: 9).x, 0.5, accuracy: 1e-6, "past the last level, the last level")
    }

}
