import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The hole filler on generated images: what it must give back exactly, nearly, and never touch.
final class HoleFillerTests: XCTestCase {
    /// An opaque image whose rows are one colour each, running linearly from `top` to `bottom`.
    func verticalGradient(width: Int, height: Int, top: (Double, Double, Double), bottom: (Double, Double, Double)) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            let r: Double = top.0 + (bottom.0 - top.0) * t
            let g: Double = top.1 + (bottom.1 - top.1) * t
            let b: Double = top.2 + (bottom.2 - top.2) * t
            let row: [UInt8] = [UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), 255]
            for _ in 0..<width { pixels += row }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Holes: a label in the middle, a card reaching the right edge, a band across the whole width,
    /// a corner, a one-pixel line.
    let holes = [
        PixelRect(x: 20, y: 10, width: 50, height: 12), PixelRect(x: 150, y: 30, width: 50, height: 40),
        PixelRect(x: 0, y: 80, width: 200, height: 15), PixelRect(x: 0, y: 0, width: 8, height: 8),
        PixelRect(x: 100, y: 5, width: 1, height: 110),
    ]

    func mask(width: Int, height: Int, holes: [PixelRect]) -> [Bool] {
        var known = [Bool](repeating: true, count: width * height)
        for hole in holes {
            for y in hole.y..<(hole.y + hole.height) { for x in hole.x..<(hole.x + hole.width) { known[y * width + x] = false } }
        }
        return known
    }

    /// `truth` with the holes painted over in a colour that must not survive.
    func punched(_ truth: RGBAImage, _ known: [Bool]) -> RGBAImage {
        var image = truth
        for (i, isKnown) in known.enumerated() where !isKnown {
            image.pixels.replaceSubrange(i * 4..<(i * 4 + 4), with: [255, 0, 255, 255])
        }
        return image
    }

    /// The largest difference of any channel between the two images inside the holes, and outside.
    func errors(_ a: RGBAImage, _ b: RGBAImage, _ known: [Bool]) -> (inside: Int, outside: Int) {
        var (inside, outside) = (0, 0)
        for i in 0..<a.pixels.count {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if known[i / 4] { outside = max(outside, d) } else { inside = max(inside, d) }
        }
        return (inside, outside)
    }

    func testASolidBackgroundComesBackExactly() {
        let truth = RGBAImage(width: 200, height: 120, fill: Color(red: 242, green: 242, blue: 247))
        let known = mask(width: 200, height: 120, holes: holes)
        var image = punched(truth, known)
        XCTAssertEqual(HoleFiller.fill(&image, known: known), known.filter { !$0 }.count)
        XCTAssertEqual(image, truth)
    }

    func testAVerticalGradientComesBackWithinOneLevel() {
        let truth = verticalGradient(width: 200, height: 120, top: (10, 120, 250), bottom: (250, 60, 20))
        let known = mask(width: 200, height: 120, holes: holes)
        var image = punched(truth, known)
        HoleFiller.fill(&image, known: known)
        let e = errors(image, truth, known)
        XCTAssertEqual(e.outside, 0, "known pixels are never changed")
        XCTAssertLessThanOrEqual(e.inside, 1)
    }

    func testAHorizontalGradientComesBackWithinOneLevel() {
        // The vertical gradient turned on its side: a progress track, a horizontal fade.
        let tall = verticalGradient(width: 120, height: 200, top: (0, 0, 0), bottom: (255, 200, 100))
        var pixels = [UInt8](repeating: 0, count: tall.pixels.count)
        for y in 0..<120 { for x in 0..<200 { for c in 0..<4 { pixels[(y * 200 + x) * 4 + c] = tall.pixels[(x * 120 + y) * 4 + c] } } }
        let truth = RGBAImage(width: 200, height: 120, pixels: pixels)
        // Not the corner: there the row is continued, which suits vertical gradients only.
        let known = mask(width: 200, height: 120, holes: holes.filter { $0.x > 0 || $0.y > 0 })
        var image = punched(truth, known)
        HoleFiller.fill(&image, known: known)
        XCTAssertLessThanOrEqual(errors(image, truth, known).inside, 1)
    }

    func testHolesOutOfReachOfAnyRowOrColumnAreFilledFromTheFilledOnes() {
        // Only the top-left corner is known: the bottom-right pixels share no row or column with it.
        let truth = RGBAImage(width: 30, height: 20, fill: Color(red: 9, green: 99, blue: 199))
        var known = [Bool](repeating: false, count: 600)
        known[0] = true
        var image = punched(truth, known)
        XCTAssertEqual(HoleFiller.fill(&image, known: known), 599)
        XCTAssertEqual(image, truth)
    }

    /// Large images are swept in bands of rows at once; any number of bands gives the pixels one
    /// gives: on random pictures with random holes (a few multi-sweep cases among them), and on a
    /// size at which `fill` starts a second band by itself.
    func testBandsOfRowsGiveWhatOneSweepGives() {
        var random = SplitMix(seed: 16)
        for round in 0..<6 {
            let (width, height) = round == 0 ? (300, 260) : (Int.random(in: 1...90, using: &random), Int.random(in: 1...120, using: &random))
            var pixels = (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
            // Sparse known pixels in some rounds: then holes need further sweeps.
            let knownShare = [0.6, 0.02, 0.3, 0.001, 0.9, 0.1][round]
            let known = (0..<width * height).map { _ in Double.random(in: 0..<1, using: &random) < knownShare }
            var one = RGBAImage(width: width, height: height, pixels: pixels)
            let filledByOne = HoleFiller.fill(&one, known: known, margin: round % 3, bands: 1)
            for bands in [nil, 2, 3, 7] {
                var banded = RGBAImage(width: width, height: height, pixels: pixels)
                XCTAssertEqual(HoleFiller.fill(&banded, known: known, margin: round % 3, bands: bands), filledByOne, "round \(round), \(bands.map(String.init) ?? "automatic") bands")
                let differing = zip(banded.pixels, one.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "channels differing, round \(round), \(bands.map(String.init) ?? "automatic") bands")
            }
        }
    }

    func testNothingKnownLeavesTheImageAsItIs() {
        var image = RGBAImage(width: 4, height: 3, fill: Color(red: 1, green: 2, blue: 3, alpha: 4))
        let before = image
        XCTAssertEqual(HoleFiller.fill(&image, known: [Bool](repeating: false, count: 12)), 0)
        XCTAssertEqual(image, before)
        var empty = RGBAImage(width: 0, height: 0, pixels: [])
        XCTAssertEqual(HoleFiller.fill(&empty, known: []), 0)
    }

    func testAGapTakesItsEndsAndTheColumnsAboveAndBelow() {
        // One unknown pixel between black (left), white (right, twice as far), red above, blue below.
        var image = RGBAImage(width: 4, height: 3, fill: Color(red: 0, green: 0, blue: 0))
        func set(_ x: Int, _ y: Int, _ c: [UInt8]) { image.pixels.replaceSubrange((y * 4 + x) * 4..<((y * 4 + x) * 4 + 4), with: c) }
        set(1, 0, [255, 0, 0, 255]); set(1, 2, [0, 0, 255, 255]); set(3, 1, [255, 255, 255, 255])
        var known = [Bool](repeating: true, count: 12)
        known[5] = false; known[6] = false
        HoleFiller.fill(&image, known: known)
        // Weights 1 (left), 1/2 (right), 1 (above), 1 (below), sum 3.5: red (127.5 + 255) / 3.5 = 109.3,
        // green 127.5 / 3.5 = 36.4, blue as red.
        XCTAssertEqual(image[1, 1], Color(red: 109, green: 36, blue: 109, alpha: 255))
    }

    func testAMarginKeepsTheFrontViewsSpilledEdgeOutOfTheHole() {
        // White, with a hole whose one-pixel ring is red: a front view's anti-aliased edge.
        let (width, height) = (40, 30)
        let hole = PixelRect(x: 10, y: 8, width: 12, height: 10)
        var truth = RGBAImage(width: width, height: height, fill: Color(red: 255, green: 255, blue: 255))
        for y in (hole.y - 1)...(hole.y + hole.height) { for x in (hole.x - 1)...(hole.x + hole.width) {
            truth.pixels.replaceSubrange((y * width + x) * 4..<((y * width + x) * 4 + 4), with: [255, 0, 0, 255])
        } }
        let known = mask(width: width, height: height, holes: [hole])
        var plain = punched(truth, known), withMargin = plain
        HoleFiller.fill(&plain, known: known)
        HoleFiller.fill(&withMargin, known: known, margin: 1)
        XCTAssertNotEqual(plain[hole.x, hole.y], Color(red: 255, green: 255, blue: 255), "without a margin the ring runs in")
        XCTAssertEqual(errors(withMargin, truth, known).outside, 0, "the ring itself is kept")
        for y in hole.y..<(hole.y + hole.height) { for x in hole.x..<(hole.x + hole.width) {
            XCTAssertEqual(withMargin[x, y], Color(red: 255, green: 255, blue: 255), "(\(x), \(y))")
        } }
    }
}
