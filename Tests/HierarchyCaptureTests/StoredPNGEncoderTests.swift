@testable import HierarchyCapture
import HierarchyImaging
import HierarchyModel
import XCTest

/// The store-only PNG writer, checked by decoding its files with libpng (through HierarchyImaging).
final class StoredPNGEncoderTests: XCTestCase {
    func testChecksumsMatchTheirStandardCheckValues() {
        XCTAssertEqual(Checksums.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(Checksums.crc32(Array("IEND".utf8)), 0xAE42_6082, "the CRC every PNG ends with")
        XCTAssertEqual(Checksums.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Checksums.adler32([UInt8]()), 1)
        // Past the 5552-byte reduction interval, against the definition summed in 64 bits.
        let long = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        var (a, b): (UInt64, UInt64) = (1, 0)
        for byte in long { a = (a + UInt64(byte)) % 65521; b = (b + a) % 65521 }
        XCTAssertEqual(Checksums.adler32(long), UInt32(b << 16 | a))
    }

    func testLibpngDecodesWhatItWritesPixelForPixel() throws {
        // 300×200 RGBA is 240,200 bytes of scanlines: four stored blocks.
        var canvas = CaptureCanvas(width: 300, height: 200, scaleX: 1, scaleY: 1)
        for i in 0..<(canvas.width * canvas.height) {
            let (x, y) = (i % canvas.width, i / canvas.width)
            canvas.pixels[i * 4 ..< i * 4 + 4] = [UInt8(x % 256), UInt8(y), UInt8((x + y) % 256), 255]
        }
        let image = try decode(canvas)
        XCTAssertEqual([image.width, image.height], [300, 200])
        for (x, y) in [(0, 0), (299, 0), (0, 199), (299, 199), (150, 77)] {
            XCTAssertEqual(image[x, y], Color(red: UInt8(x % 256), green: UInt8(y), blue: UInt8((x + y) % 256)), "pixel \(x),\(y)")
        }
    }

    func testPremultipliedPixelsAreWrittenWithStraightAlpha() throws {
        var canvas = CaptureCanvas(width: 3, height: 1, scaleX: 1, scaleY: 1)
        canvas.pixels = [100, 50, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]
        let image = try decode(canvas)
        XCTAssertEqual(image[0, 0], Color(red: 199, green: 100, blue: 0, alpha: 128))
        XCTAssertEqual(image[1, 0], Color(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(image[2, 0], Color(red: 255, green: 255, blue: 255))
    }

    func testEmptyScanlinesAndOnePixelImagesAreValid() throws {
        let image = try decode(CaptureCanvas(width: 1, height: 1, scaleX: 1, scaleY: 1))
        XCTAssertEqual(image[0, 0].alpha, 0)
        let stream = StoredPNGEncoder.zlibStored([])
        XCTAssertEqual(stream, [0x78, 0x01, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1], "one final empty block and Adler-32 of nothing")
    }

    func testABlockHoldsAtMost65535Bytes() {
        let stream = StoredPNGEncoder.zlibStored([UInt8](repeating: 7, count: 65_536))
        XCTAssertEqual(Array(stream[2..<7]), [0, 0xFF, 0xFF, 0, 0], "a full block, not final")
        XCTAssertEqual(Array(stream[(7 + 65_535)..<(7 + 65_535 + 5)]), [1, 1, 0, 0xFE, 0xFF], "then a final block of one byte")
        XCTAssertEqual(stream.count, 2 + 5 + 65_535 + 5 + 1 + 4)
    }

    private func decode(_ canvas: CaptureCanvas) throws -> RGBAImage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stored-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(StoredPNGEncoder().encode(canvas)).write(to: file)
        return try PNG.decode(file: file.path)
    }
}
