import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

final class PNGTests: XCTestCase {
    // MARK: - Round trips

    func testOpaqueImageRoundTripsExactly() throws {
        let image = TestImages.pattern(width: 37, height: 23, opaque: true)
        XCTAssertEqual(try PNG.decode(PNG.encode(image), name: "a.png"), image)
    }

    func testTransparentImageRoundTripsExactly() throws {
        let image = TestImages.pattern(width: 64, height: 17, opaque: false)
        XCTAssertEqual(try PNG.decode(PNG.encode(image, compression: .small), name: "a.png"), image)
    }

    func testOddSizesRoundTrip() throws {
        for (width, height) in [(1, 1), (1, 9), (9, 1), (3, 5), (255, 3), (2, 257)] {
            let image = TestImages.pattern(width: width, height: height, opaque: false)
            for compression in [PNGCompression.fast, .small] {
                XCTAssertEqual(try PNG.decode(PNG.encode(image, compression: compression), name: "a.png"), image, "\(width)×\(height)")
            }
        }
    }

    func testOnePixelRoundTripsEveryAlpha() throws {
        for alpha in [0, 1, 128, 254, 255] {
            let image = RGBAImage(width: 1, height: 1, fill: Color(red: 10, green: 200, blue: 30, alpha: UInt8(alpha)))
            XCTAssertEqual(try PNG.decode(PNG.encode(image), name: "a.png")[0, 0], image[0, 0])
        }
    }

    func testPremultipliedImagesAreStraightenedBeforeEncoding() throws {
        let straight = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 128, 0, 0, 0, 0])
        let decoded = try PNG.decode(PNG.encode(straight.premultiplied()), name: "a.png")
        XCTAssertEqual(decoded.alpha, .straight)
        XCTAssertEqual(decoded.pixels, [255, 0, 0, 128, 0, 0, 0, 0])
    }

    func testSmallCompressionIsSmallerOnAScreenshotLikeImage() throws {
        var image = RGBAImage(width: 200, height: 200, fill: Color(red: 250, green: 250, blue: 250))
        for i in stride(from: 0, to: image.pixels.count, by: 52) { image.pixels[i] = UInt8(i / 800 % 256) }
        let fast = try PNG.encode(image, compression: .fast), small = try PNG.encode(image, compression: .small)
        XCTAssertLessThanOrEqual(small.count, fast.count)
        XCTAssertEqual(try PNG.decode(small, name: "s.png"), try PNG.decode(fast, name: "f.png"))
    }

    func testEncodedBytesStartWithTheSignatureAndAnRGBAHeader() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 300, height: 2, opaque: true))
        XCTAssertEqual(Array(bytes.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        XCTAssertEqual(Array(bytes[16..<26]), [0, 0, 1, 44, 0, 0, 0, 2, 8, 6], "300×2, 8 bits, RGBA")
    }

    func testAnImageWithoutPixelsCannotBeEncoded() {
        XCTAssertThrowsError(try PNG.encode(RGBAImage(width: 0, height: 4, pixels: []))) { error in
            XCTAssertEqual((error as? InputError)?.message, "cannot encode a 0×4 image as PNG: each side must be 1...2147483647")
        }
    }

    // MARK: - Bad input

    func testNotAPNGIsRefusedBySignature() {
        assertError(Array("GIF89a, not a PNG at all, long enough for a header".utf8), "a.png: not a PNG file (bad signature)")
    }

    func testEmptyDataIsTruncated() {
        assertError([], "a.png: truncated: the data is empty")
    }

    func testTruncatedPNGsAreErrorsAtEveryLength() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 40, height: 30, opaque: false))
        for length in [1, 7, 8, 20, 32, 33, 40, 60, bytes.count / 2, bytes.count - 13, bytes.count - 1] {
            XCTAssertThrowsError(try PNG.decode(Array(bytes.prefix(length)), name: "a.png"), "cut at \(length)") { error in
                let text = String(describing: error)
                XCTAssertTrue(text.hasPrefix("a.png: truncated: "), "cut at \(length): \(text)")
            }
        }
    }

    func testTruncationMessagesSayWhere() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 40, height: 30, opaque: false))
        assertError(Array(bytes.prefix(20)), "a.png: truncated: 20 bytes, the PNG header needs 33")
        assertError(Array(bytes.prefix(60)), "a.png: truncated: the data ends after 60 bytes, in the image data")
        assertError(Array(bytes.dropLast()), "a.png: truncated: the data ends after \(bytes.count - 1) bytes, in the chunks after the image data")
    }

    func testCorruptImageDataIsAnError() throws {
        var bytes = try PNG.encode(TestImages.pattern(width: 40, height: 30, opaque: false))
        bytes[60] ^= 0xFF
        XCTAssertThrowsError(try PNG.decode(bytes, name: "a.png")) { error in
            XCTAssertEqual((error as? InputError)?.file, "a.png")
            XCTAssertTrue(String(describing: error).hasPrefix("a.png: invalid PNG: IDAT: "), "\(error)")
        }
    }

    func testABadImageDataCRCIsAnError() throws {
        var bytes = try PNG.encode(TestImages.pattern(width: 40, height: 30, opaque: false))
        XCTAssertEqual(String(decoding: bytes[37..<41], as: UTF8.self), "IDAT", "the first chunk after IHDR")
        let length = Int(bytes[33]) << 24 | Int(bytes[34]) << 16 | Int(bytes[35]) << 8 | Int(bytes[36])
        bytes[41 + length] ^= 0x55
        assertError(bytes, "a.png: invalid PNG: IDAT: CRC error")
    }

    func testADeclaredSizeOverTheLimitIsRefusedBeforeDecoding() {
        let header = Self.header(width: 40_000, height: 40_000)
        assertError(header, "a.png: 40000×40000 pixels exceeds the limit of 256000000")
        XCTAssertThrowsError(try PNG.readSize(header, name: "a.png")) { error in
            XCTAssertEqual(String(describing: error), "a.png: 40000×40000 pixels exceeds the limit of 256000000")
        }
    }

    func testTheLimitIsConfigurable() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 10, height: 10, opaque: true))
        XCTAssertEqual(try PNG.decode(bytes, name: "a.png", limits: ImageLimits(maxPixels: 100)).width, 10)
        assertError(bytes, "a.png: 10×10 pixels exceeds the limit of 99", limits: ImageLimits(maxPixels: 99))
    }

    func testTheLargestDeclaredSizeDoesNotOverflow() {
        assertError(Self.header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), "a.png: 2147483647×2147483647 pixels exceeds the limit of 256000000")
    }

    // MARK: - Crop while decoding

    func testDecodingACropEqualsCroppingTheDecodedImage() throws {
        let image = TestImages.pattern(width: 50, height: 40, opaque: false)
        let bytes = try PNG.encode(image)
        for crop in [PixelRect(x: 3, y: 5, width: 20, height: 7), PixelRect(x: 0, y: 39, width: 50, height: 1),
                     PixelRect(x: 0, y: 0, width: 50, height: 40), PixelRect(x: 49, y: 0, width: 1, height: 40),
                     PixelRect(x: 10, y: 10, width: 0, height: 0)] {
            XCTAssertEqual(try PNG.decode(bytes, name: "a.png", crop: crop), image.cropped(to: crop), "\(crop)")
        }
    }

    func testACropOutsideTheImageIsAnError() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 50, height: 40, opaque: false))
        XCTAssertThrowsError(try PNG.decode(bytes, name: "a.png", crop: PixelRect(x: 40, y: 0, width: 11, height: 5))) { error in
            XCTAssertEqual(String(describing: error), "a.png: crop 11×5 at (40, 0) lies outside the 50×40 image")
        }
    }

    // MARK: - Helpers

    /// A PNG signature and an IHDR chunk (RGBA, 8 bits) with a valid CRC, and nothing else.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + be(13) + chunk + be(crc32(chunk))
    }

    /// CRC-32 written out bit by bit, independently of the one under test.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    func assertError(_ bytes: [UInt8], _ expected: String, limits: ImageLimits = .default, line: UInt = #line) {
        XCTAssertThrowsError(try PNG.decode(bytes, name: "a.png", limits: limits), line: line) { error in
            XCTAssertEqual(String(describing: error), expected, line: line)
        }
    }

    // MARK: - Hostile chunk lengths

    /// A 150-byte file whose tEXt chunk declares 1.9 GB (a fuzzing find, kept in
    /// Tests/Fixtures/fuzz/FuzzPNG): libpng reads an ancillary chunk whole into one block of the
    /// declared length, so it allocated 1.9 GB before finding the file too short. The decoders'
    /// allocator now refuses blocks no real chunk needs: the file is an error, and the process's
    /// peak memory does not jump.
    func testAChunkDeclaringGigabytesIsAnErrorWithoutAllocatingThem() throws {
        let url = TestPaths.fixture("fuzz/FuzzPNG/oom-bdf307261ba40150a33018571d995c603f592114")
        let bytes = Array(try Data(contentsOf: url))
        XCTAssertEqual(bytes.count, 150)
        let before = peakResidentMegabytes()
        XCTAssertThrowsError(try PNG.decode(bytes, name: "hostile.png")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("hostile.png: "), "\(error)")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try PNG.decode(file: path))
        XCTAssertLessThan(peakResidentMegabytes() - before, 256, "decoding a 150-byte file raised the peak memory")
    }

    /// The process's peak resident memory so far, in megabytes.
    private func peakResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
