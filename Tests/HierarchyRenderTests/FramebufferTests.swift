import HierarchyModel
@testable import HierarchyRender
import XCTest

final class FramebufferTests: XCTestCase {
    let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)

    func testSamplePatternHasOneSampleInEachRowAndColumnInsideThePixel() {
        let xs = Set(SamplePattern.offsets.map(\.x)), ys = Set(SamplePattern.offsets.map(\.y))
        XCTAssertEqual(xs.count, 16)
        XCTAssertEqual(ys.count, 16)
        for (x, y) in SamplePattern.offsets { XCTAssertTrue(abs(x) < 0.5 && abs(y) < 0.5) }
    }

    func testComplementaryMasksLeaveNoBackgroundAndResolveToTheMean() {
        let fb = Framebuffer(width: 1, height: 1, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let pool = fb.pools[0]
        fb.blendMasked(0, red, mask: 0x00FF, pool: pool)
        fb.blendMasked(0, blue, mask: 0xFF00, pool: pool)
        XCTAssertEqual(fb.resolve()[0, 0], Color(red: 128, green: 0, blue: 128, alpha: 255))
    }

    func testAnOpaqueFullCoverMakesThePixelUniformAgain() {
        let fb = Framebuffer(width: 2, height: 1, background: Color(red: 0, green: 0, blue: 0))
        let pool = fb.pools[0]
        fb.blendMasked(0, red, mask: 0x0F0F, pool: pool)
        XCTAssertGreaterThanOrEqual(fb.slot[0], 0)
        fb.blendFull(0, blue, pool: pool)
        XCTAssertEqual(fb.slot[0], -1)
        // The freed samples are reused by the next pixel that needs them.
        fb.blendMasked(1, red, mask: 1, pool: pool)
        XCTAssertEqual(fb.slot[1], 0)
        XCTAssertEqual(fb.resolve()[0, 0], Color(red: 0, green: 0, blue: 255))
    }

    func testTranslucentFullCoverBlendsEverySample() {
        let fb = Framebuffer(width: 1, height: 1, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let pool = fb.pools[0]
        fb.blendMasked(0, red, mask: 0x00FF, pool: pool)
        fb.blendFull(0, SIMD4(0, 0, 0.5, 0.5), pool: pool)
        // Half the samples: red under half blue → (0.5, 0, 0.5, 1); the others: (0, 0, 0.5, 0.5).
        let c = fb.resolve()[0, 0]
        XCTAssertEqual(Int(c.alpha), 191, accuracy: 1)
        XCTAssertEqual(Int(c.red), 85, accuracy: 1)
        XCTAssertEqual(Int(c.blue), 170, accuracy: 1)
    }

    func testWithoutSampleMemoryPartialCoverageBlendsByCoverage() {
        let fb = Framebuffer(width: 8, height: 1, background: Color(red: 0, green: 0, blue: 0, alpha: 0), sampleBudget: 0)
        let pool = fb.pools[0]
        for i in 0..<8 { fb.blendMasked(i, red, mask: 0x00FF, pool: pool) }
        let image = fb.resolve()
        for x in 0..<8 { XCTAssertEqual(Int(image[x, 0].alpha), 128, accuracy: 1, "pixel \(x)") }
        XCTAssertEqual(fb.slot.advanced(by: 7).pointee, -1, "beyond the budget, pixels stay uniform")
    }

    func testEveryBandCanExpandEveryPixel() {
        // Three bands (the last one short) sharing one arena of sample chunks.
        let fb = Framebuffer(width: 21, height: 40, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        for index in 0..<21 * 40 { fb.blendMasked(index, red, mask: 0x00FF, pool: fb.pools[index / 21 / fb.bandHeight]) }
        XCTAssertEqual((0..<21 * 40).filter { fb.slot[$0] < 0 }, [], "pixels left uniform")
        // Slots of different bands hold their own samples.
        fb.blendFull(0, SIMD4(0, 0, 1, 1), pool: fb.pools[0])
        XCTAssertEqual(fb.resolve()[0, 39].red, 255)
    }
}
