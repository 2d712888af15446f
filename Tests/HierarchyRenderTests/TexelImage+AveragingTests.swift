import HierarchyTestSupport
import HierarchyImaging
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class TexelImageAveragingTests: XCTestCase {
    private func image(_ width: Int, _ height: Int, _ value: (Int, Int) -> Color) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let c = value(x, y); pixels += [c.red, c.green, c.blue, c.alpha] } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testHalvingAveragesEachTwoByTwoBlock() {
        let checker = image(4, 2) { x, y in (x + y) % 2 == 0 ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 255) }
        let half = TexelImage(averaging: checker, width: 2, height: 1)
        for x in 0..<2 {
            XCTAssertEqual(half[x, 0].x, 0.5, accuracy: 1e-6)
            XCTAssertEqual(half[x, 0].z, 0.5, accuracy: 1e-6)
            XCTAssertEqual(half[x, 0].w, 1, accuracy: 1e-6)
        }
    }

    func testThreeToTwoSplitsTheMiddleTexel() {
        // Columns 0, 30, 60 (red channel): output 0 covers 1.5 texels: (0 + 0.5·30) / 1.5 = 10;
        // output 1 covers (0.5·30 + 60) / 1.5 = 50.
        let ramp = image(3, 1) { x, _ in Color(red: UInt8(x * 30), green: 0, blue: 0) }
        let reduced = TexelImage(averaging: ramp, width: 2, height: 1)
        XCTAssertEqual(reduced[0, 0].x * 255, 10, accuracy: 1e-3)
        XCTAssertEqual(reduced[1, 0].x * 255, 50, accuracy: 1e-3)
    }

    func testAveragingIsPremultipliedSoTransparentColoursDoNotBleed() {
        // A transparent green texel beside an opaque red one: the mean is half-transparent red.
        let pair = image(2, 1) { x, _ in x == 0 ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 255, blue: 0, alpha: 0) }
        let one = TexelImage(averaging: pair, width: 1, height: 1)[0, 0]
        XCTAssertEqual(one.x, 0.5, accuracy: 1e-6)
        XCTAssertEqual(one.y, 0, accuracy: 1e-6)
        XCTAssertEqual(one.w, 0.5, accuracy: 1e-6)
    }

    func testTheMeanOfTheWholeImageIsKeptAtAnySize() {
        var rng = SplitMix(seed: 7)
        let noise = image(37, 23) { _, _ in Color(red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng), blue: 0) }
        let full = TexelImage(averaging: noise, width: 37, height: 23)
        func mean(_ t: TexelImage) -> Float {
            var sum: Float = 0
            for y in 0..<t.height { for x in 0..<t.width { sum += t[x, y].x } }
            return sum / Float(t.width * t.height)
        }
        for (w, h) in [(18, 11), (5, 7), (1, 1), (36, 22)] {
            XCTAssertEqual(mean(TexelImage(averaging: noise, width: w, height: h)), mean(full), accuracy: 1e-4, "\(w)×\(h)")
        }
    }

    func testATransparentRowOrImageStaysTransparent() {
        let empty = TexelImage(averaging: RGBAImage(width: 9, height: 5), width: 4, height: 2)
        XCTAssertFalse(empty.isVisible)
        let dot = image(9, 5) { x, y in x == 4 && y == 4 ? Color(red: 9, green: 9, blue: 9) : Color(red: 0, green: 0, blue: 0, alpha: 0) }
        XCTAssertTrue(TexelImage(averaging: dot, width: 4, height: 2).isVisible)
    }

    /// A flat picture (runs of equal rows, as UI snapshots are) reduced to a texture keeps one copy
    /// of each run's rows, and its texels are those of the same averaging into plain memory.
    func testAFlatPictureKeepsOneCopyOfEachRunOfRows() {
        // 300×701: a border, a flat fill, two stripes; reduced by a non-integer factor.
        let picture = image(300, 701) { x, y in
            if x == 0 || y == 0 || x == 299 || y == 700 { return Color(red: 0, green: 0, blue: 0, alpha: 80) }
            if (200..<230).contains(y) || (500..<507).contains(y) { return Color(red: 120, green: 0, blue: 0) }
            return Color(red: 250, green: 250, blue: 240)
        }
        let (w, h) = (131, 307)
        let texture = TexelImage(averaging: picture, width: w, height: h)
        var plain = [SIMD4<Float>](repeating: .zero, count: w * h)
        plain.withUnsafeMutableBufferPointer { out in picture.averaged(width: w, height: h) { out.baseAddress! + $0 * w } }
        for y in 0..<h { for x in 0..<w { XCTAssertEqual(texture[x, y], plain[y * w + x], "(\(x), \(y))") } }
        // Distinct rows: the two edge rows, each run's first row and the rows a boundary crosses.
        XCTAssertLessThan(texture.storedRows, 20)
        XCTAssertEqual(texture.byteCount, texture.storedRows * w * 16)
        // Its next level shares rows too, and is halving the plain texels (to the rounding of the
        // sums, which equal rows skip).
        let half = texture.halved()
        XCTAssertLessThan(half.storedRows, 20)
        let averager = AreaAverager(from: PixelSize(width: w, height: h), to: PixelSize(width: half.width, height: half.height))
        var halfPlain = [SIMD4<Float>](repeating: .zero, count: half.width * half.height)
        plain.withUnsafeBufferPointer { source in
            halfPlain.withUnsafeMutableBufferPointer { out in
                averager.average(texels: { source.baseAddress! + $0 * w }, into: { out.baseAddress! + $0 * half.width })
            }
        }
        for y in 0..<half.height {
            for x in 0..<half.width {
                for k in 0..<4 { XCTAssertEqual(half[x, y][k], halfPlain[y * half.width + x][k], accuracy: 1e-6, "half (\(x), \(y))") }
            }
        }
    }
}
