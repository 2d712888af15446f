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
    func testPaletteSamplesHoldWhatSixteenSeparateSamplesHold() {
        // Random masks and colours over a few pixels, against a plain model of 16 samples each:
        // the palette gives every sample the same Float value, bit for bit, and the same mean.
        var rng = SystemRandomNumberGenerator()
        let fb = Framebuffer(width: 4, height: 1, background: Color(red: 10, green: 20, blue: 30, alpha: 200))
        let pool = fb.pools[0]
        var model = [[SIMD4<Float>]](repeating: [SIMD4<Float>](repeating: fb.background, count: 16), count: 4)
        var mostColours = 0
        for _ in 0..<400 {
            let pixel = Int.random(in: 0..<4, using: &rng)
            let a = Float(Int.random(in: 1...255, using: &rng)) / 255
            let src = SIMD4<Float>(Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a,
                                   Float.random(in: 0...1, using: &rng) * a, a)
            let kind = Int.random(in: 0..<10, using: &rng)
            if kind == 0 {
                fb.blendFull(pixel, src, pool: pool)
                model[pixel] = model[pixel].map { src.w >= 1 ? src : src + $0 * (1 - src.w) }
            } else if kind == 1 {
                fb.blendWeighted(pixel, src, pool: pool)
                model[pixel] = model[pixel].map { src + $0 * (1 - src.w) }
            } else {
                let mask = UInt16.random(in: 1...0xFFFE, using: &rng)
                fb.blendMasked(pixel, src, mask: mask, pool: pool)
                for i in 0..<16 where mask & (1 << i) != 0 { model[pixel][i] = src + model[pixel][i] * (1 - src.w) }
            }
            for p in 0..<4 where fb.slot[p] >= 0 {
                let samples = pool.samples(fb.slot[p], first: fb.colour + p)
                mostColours = max(mostColours, samples.count)
                for i in 0..<16 { XCTAssertEqual(samples.sample(i), model[p][i], "pixel \(p) sample \(i)") }
            }
        }
        XCTAssertGreaterThan(mostColours, PixelSamples.inline, "colours past the inline ones were used")
    }

    func testPaletteBitTricks() {
        let table: UInt64 = 0x0123_4567_89AB_CDEF  // sample i holds colour 15 - i
        for j in 0..<16 { XCTAssertEqual(PixelSamples.samples(holding: j, in: table), 1 << (15 - j)) }
        XCTAssertEqual(PixelSamples.samples(holding: 0, in: 0), 0xFFFF)
        XCTAssertEqual(PixelSamples.nibbles(0x8001), 0x1000_0000_0000_0001)
        XCTAssertEqual(PixelSamples.nibbles(0xFFFF), 0x1111_1111_1111_1111)
    }
}
