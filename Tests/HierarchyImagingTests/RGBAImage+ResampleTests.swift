import HierarchyImaging
import HierarchyModel
import XCTest

final class RGBAImageResampleTests: XCTestCase {
    func testACheckerboardReducedByTwoIsUniformGrey() {
        let grey = TestImages.checkerboard(width: 64, height: 48).resampled(width: 32, height: 24)
        for y in 0..<24 {
            for x in 0..<32 {
                let c = grey[x, y]
                XCTAssertTrue((127...128).contains(c.red) && c.green == c.red && c.blue == c.red && c.alpha == 255, "(\(x), \(y)): \(c)")
            }
        }
    }

    func testACheckerboardReducedByANonIntegerFactorIsNearGrey() {
        let grey = TestImages.checkerboard(width: 300, height: 30).resampled(width: 7, height: 3)
        XCTAssertTrue(grey.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || abs(Int($0.element) - 128) <= 6 }, "\(grey.pixels)")
    }

    /// An opaque red square on a transparent field: averaging premultiplied values leaves no dark fringe.
    func testARedSquareKeepsAPureRedEdge() {
        var image = RGBAImage(width: 99, height: 99)
        for y in 30..<70 { for x in 31..<68 { image.pixels.replaceSubrange((y * 99 + x) * 4..<(y * 99 + x) * 4 + 4, with: [255, 0, 0, 255]) } }
        for (width, height) in [(33, 33), (10, 13), (50, 49)] {
            let small = image.resampled(width: width, height: height)
            XCTAssertEqual(small.alpha, .straight)
            var partial = 0
            for y in 0..<height {
                for x in 0..<width where small[x, y].alpha > 0 {
                    let c = small[x, y]
                    XCTAssertTrue(c.red >= 254 && c.green <= 1 && c.blue <= 1, "\(width)×\(height) (\(x), \(y)): \(c)")
                    if c.alpha < 255 { partial += 1 }
                }
            }
            XCTAssertGreaterThan(partial, 0, "the edge is partly transparent, so the test looks at it")
        }
    }

    func testPremultipliedInputGivesPremultipliedOutput() {
        let image = TestImages.pattern(width: 20, height: 20, opaque: false)
        let fromStraight = image.resampled(width: 7, height: 9)
        let fromPremultiplied = image.premultiplied().resampled(width: 7, height: 9)
        XCTAssertEqual(fromPremultiplied.alpha, .premultiplied)
        let a = fromStraight.premultiplied().pixels, b = fromPremultiplied.pixels
        XCTAssertTrue(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "the same picture either way, within rounding")
    }

    func testHalvingKeepsTheAverageColour() {
        let image = TestImages.pattern(width: 64, height: 32, opaque: true)
        let half = image.resampled(width: 32, height: 16)
        for (before, after) in zip(TestImages.meanChannels(image), TestImages.meanChannels(half)) {
            XCTAssertEqual(before, after, accuracy: 0.5)
        }
    }

    /// The Float pixels (the renderer's mip levels) and the bytes come from the same sums.
    func testAveragedFloatsAreTheResampledPremultipliedPixels() {
        let image = TestImages.pattern(width: 20, height: 20, opaque: false)
        let bytes = image.premultiplied().resampled(width: 7, height: 9)
        var floats = [SIMD4<Float>](repeating: .zero, count: 7 * 9)
        floats.withUnsafeMutableBufferPointer { floats in image.averaged(width: 7, height: 9) { floats.baseAddress! + $0 * 7 } }
        for y in 0..<9 {
            for x in 0..<7 {
                let c = bytes[x, y], expected = [c.red, c.green, c.blue, c.alpha].map { Float($0) / 255 }
                for k in 0..<4 { XCTAssertEqual(floats[y * 7 + x][k], expected[k], accuracy: 1.5 / 255, "(\(x), \(y)) channel \(k)") }
            }
        }
    }

    /// 9×5 to 4×2: each output pixel covers parts of input pixels, which count by the area covered.
    func testANonIntegerReductionKeepsTheAverage() {
        let image = TestImages.pattern(width: 9, height: 5, opaque: true)
        let small = image.resampled(width: 4, height: 2)
        for (before, after) in zip(TestImages.meanChannels(image), TestImages.meanChannels(small)) {
            XCTAssertEqual(before, after, accuracy: 1)
        }
    }

    /// A tall strip: rows shared by two output rows are resampled once and still count for both,
    /// so every output pixel is the exact area average (of premultiplied values) within rounding.
    func testATallStripReducedMatchesExactAreaAverages() {
        let image = TestImages.pattern(width: 7, height: 1000, opaque: false)
        for (width, height) in [(3, 333), (7, 999), (2, 7), (7, 1)] {
            let small = image.resampled(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let expected = Self.areaAverage(image, x: x, y: y, width: width, height: height)
                    let c = small[x, y], got = [c.red, c.green, c.blue, c.alpha].map(Double.init)
                    XCTAssertTrue(zip(expected, got).allSatisfy { abs($0 - $1) <= 1 }, "\(width)×\(height) (\(x), \(y)): \(got) vs \(expected)")
                }
            }
        }
    }

    /// Rows that repeat the row above (most rows of a flat picture) are averaged once; every output
    /// is still the exact area average, whether the repeats run across output rows, stop, or come back.
    func testRepeatedRowsGiveExactAreaAverages() {
        let width = 13, height = 40
        let rowKinds = [0, 0, 0, 1, 1, 0, 2, 2, 2, 2, 0, 0, 3, 1, 1, 1, 0, 0, 0, 0, 2, 3, 3, 3, 3, 3, 1, 0, 0, 2, 2, 2, 2, 2, 2, 0, 1, 1, 1, 1]
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let k = rowKinds[y]
                // Kind 3 is transparent; the others differ in colour and alpha.
                let pixel: [UInt8] = k == 3 ? [90, 90, 90, 0] : [UInt8(40 * k + 3 * x), UInt8(200 - 50 * k), UInt8(7 * x), UInt8(255 - 60 * k)]
                image.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: pixel)
            }
        }
        for (ow, oh) in [(5, 7), (13, 40), (4, 13), (26, 80)] {
            var floats = [SIMD4<Float>](repeating: .zero, count: ow * oh)
            floats.withUnsafeMutableBufferPointer { floats in image.averaged(width: ow, height: oh) { floats.baseAddress! + $0 * ow } }
            for oy in 0..<oh {
                for ox in 0..<ow {
                    // The exact average of premultiplied values over the output pixel's area, in Double.
                    var sum = [Double](repeating: 0, count: 4)
                    let sx = Double(width) / Double(ow), sy = Double(height) / Double(oh)
                    for y in 0..<height {
                        let hy = min(Double(oy + 1) * sy, Double(y + 1)) - max(Double(oy) * sy, Double(y))
                        guard hy > 0 else { continue }
                        for x in 0..<width {
                            let hx = min(Double(ox + 1) * sx, Double(x + 1)) - max(Double(ox) * sx, Double(x))
                            guard hx > 0 else { continue }
                            let c = image[x, y], a = Double(c.alpha) / 255
                            let v = [Double(c.red) / 255 * a, Double(c.green) / 255 * a, Double(c.blue) / 255 * a, a]
                            for k in 0..<4 { sum[k] += v[k] * hx * hy / (sx * sy) }
                        }
                    }
                    for k in 0..<4 {
                        XCTAssertEqual(Double(floats[oy * ow + ox][k]), sum[k], accuracy: 1e-4, "\(ow)×\(oh) (\(ox), \(oy)) channel \(k)")
                    }
                }
            }
        }
    }

    /// An output row whose input rows all have the same bytes is their value exactly, whatever
    /// share of each it covers: so the output rows of a flat run are bitwise equal (what lets the
    /// renderer keep one copy of them), where summing the shares would round differently row by row.
    func testAnOutputRowOfEqualInputRowsIsTheirValueExactly() {
        let width = 11, height = 97
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                // A flat run, a stripe, and another flat run of the first colour.
                let stripe = (40..<43).contains(y)
                let pixel: [UInt8] = stripe ? [10, 20, 30, 255] : [UInt8(17 * x % 256), 201, 77, UInt8(128 + x)]
                image.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: pixel)
            }
        }
        for (ow, oh) in [(5, 41), (11, 23), (3, 60)] {
            var floats = [SIMD4<Float>](repeating: .zero, count: ow * oh)
            floats.withUnsafeMutableBufferPointer { floats in image.averaged(width: ow, height: oh) { floats.baseAddress! + $0 * ow } }
            let row = { (oy: Int) in Array(floats[oy * ow..<(oy + 1) * ow]) }
            let scale = Double(height) / Double(oh)
            // Output rows wholly inside the first run, and wholly inside the last.
            let inFirst = (0..<oh).filter { Double($0 + 1) * scale <= 40 }
            let inLast = (0..<oh).filter { Double($0) * scale >= 43 }
            XCTAssertGreaterThan(inFirst.count, 3)
            XCTAssertGreaterThan(inLast.count, 3)
            for oy in inFirst + inLast { XCTAssertEqual(row(oy), row(inFirst[0]), "\(ow)×\(oh) row \(oy)") }
            // And that value is the pixels' own, premultiplied.
            for ox in 0..<ow where ow == width {
                let c = image[ox, 0], a = Float(c.alpha) / 255
                XCTAssertEqual(floats[ox].w, a, accuracy: 1e-6)
                XCTAssertEqual(floats[ox].x, Float(c.red) / 255 * a, accuracy: 1e-6)
            }
        }
    }

    /// Rows given by the same pointer twice running are averaged once: the result is the one of
    /// rows with the same texels at distinct addresses (to the rounding of the sums), and output
    /// rows made of one shared row alone are equal.
    func testRowsSharingMemoryAverageAsTheirTexelsDo() {
        let width = 9, height = 31
        let texel = { (x: Int, y: Int) -> SIMD4<Float> in
            let v = y < 12 || y >= 20 ? Float(x) / 9 : 0.5
            return SIMD4(v, 1 - v, 0.25, 1)
        }
        var distinct = [SIMD4<Float>](repeating: .zero, count: width * height)
        for y in 0..<height { for x in 0..<width { distinct[y * width + x] = texel(x, y) } }
        // The shared version: each row that equals the row above points at it.
        var pointers: [Int] = []
        for y in 0..<height { pointers.append(y > 0 && (0..<width).allSatisfy { texel($0, y) == texel($0, y - 1) } ? pointers[y - 1] : y) }
        for (ow, oh) in [(4, 10), (9, 31), (2, 3)] {
            let averager = AreaAverager(from: PixelSize(width: width, height: height), to: PixelSize(width: ow, height: oh))
            var plain = [SIMD4<Float>](repeating: .zero, count: ow * oh), shared = plain
            distinct.withUnsafeBufferPointer { source in
                plain.withUnsafeMutableBufferPointer { out in
                    averager.average(texels: { source.baseAddress! + $0 * width }, into: { out.baseAddress! + $0 * ow })
                }
                shared.withUnsafeMutableBufferPointer { out in
                    averager.average(texels: { source.baseAddress! + pointers[$0] * width }, into: { out.baseAddress! + $0 * ow })
                }
            }
            for i in 0..<ow * oh {
                for k in 0..<4 { XCTAssertEqual(shared[i][k], plain[i][k], accuracy: 1e-6, "\(ow)×\(oh) texel \(i)") }
            }
            // Output rows wholly inside the run of rows 12–19 are bitwise equal.
            let scale = Double(height) / Double(oh)
            let inside = (0..<oh).filter { Double($0) * scale >= 12 && Double($0 + 1) * scale <= 20 }
            for oy in inside { XCTAssertEqual(Array(shared[oy * ow..<(oy + 1) * ow]), Array(shared[inside[0] * ow..<(inside[0] + 1) * ow])) }
        }
    }

    /// A 10000×300 image reduced to the texture limit (8192×246) has that size and stays uniform.
    func testALongImageReducedToTheTextureLimit() {
        let image = RGBAImage(width: 10000, height: 300, fill: Color(red: 20, green: 40, blue: 60, alpha: 200))
        let texture = image.resampled(width: 8192, height: 246)
        XCTAssertEqual([texture.width, texture.height], [8192, 246])
        XCTAssertEqual(texture[4000, 100], Color(red: 20, green: 40, blue: 60, alpha: 200), "a uniform image stays uniform")
    }

    func testExactAveragesOfKnownBlocks() {
        // Two 2×1 blocks: (0 + 100) / 2 and (200 + 255) / 2 = 227.5, rounded half up.
        let image = RGBAImage(width: 4, height: 1, pixels: [0, 0, 0, 255, 100, 100, 100, 255, 200, 0, 0, 255, 255, 0, 0, 255])
        XCTAssertEqual(image.resampled(width: 2, height: 1).pixels, [50, 50, 50, 255, 228, 0, 0, 255])
    }

    func testTransparentPixelsDoNotBleedTheirColour() {
        // Half opaque white, half transparent green: the average is white at half alpha.
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 255, 0, 0])
        XCTAssertEqual(image.resampled(width: 1, height: 1)[0, 0], Color(red: 255, green: 255, blue: 255, alpha: 128))
    }

    func testEnlargingRepeatsPixels() {
        let image = RGBAImage(width: 2, height: 1, pixels: [10, 20, 30, 255, 40, 50, 60, 255])
        XCTAssertEqual(image.resampled(width: 4, height: 2).pixels, Array(repeating: [10, 20, 30, 255, 10, 20, 30, 255, 40, 50, 60, 255, 40, 50, 60, 255], count: 2).flatMap { $0 })
    }

    /// Output pixel (x, y) of `image` reduced to `width`×`height`, worked out in doubles: colours
    /// weighted by alpha and by the area each input pixel shares with the output pixel.
    static func areaAverage(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> [Double] {
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double { max(0, min(hi, Double(i + 1)) - max(lo, Double(i))) }
        var sums = [0.0, 0.0, 0.0], alpha = 0.0
        for iy in Int(Double(y) * sy)..<min(image.height, Int((Double(y + 1) * sy).rounded(.up))) {
            for ix in Int(Double(x) * sx)..<min(image.width, Int((Double(x + 1) * sx).rounded(.up))) {
                let w = overlap(ix, Double(x) * sx, Double(x + 1) * sx) * overlap(iy, Double(y) * sy, Double(y + 1) * sy) / (sx * sy)
                let c = image[ix, iy], a = Double(c.alpha) * w
                for (k, v) in [c.red, c.green, c.blue].enumerated() { sums[k] += Double(v) * a }
                alpha += a
            }
        }
        guard alpha >= 0.5 else { return [0, 0, 0, 0] }
        return sums.map { $0 / alpha } + [alpha]
    }

    func testTheSameSizeIsTheSameImage() {
        let image = TestImages.pattern(width: 5, height: 6, opaque: false)
        XCTAssertEqual(image.resampled(width: 5, height: 6), image)
    }
}
