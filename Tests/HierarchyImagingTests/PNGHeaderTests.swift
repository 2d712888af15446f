import HierarchyImaging
import HierarchyModel
import XCTest

/// The header reader behind `readSize` and the limit check, through `PNG.readSize`.
final class PNGHeaderTests: XCTestCase {
    func testSizeComesFromTheHeaderAlone() throws {
        XCTAssertEqual(try PNG.readSize(PNGTests.header(width: 1170, height: 30000), name: "a.png"), PixelSize(width: 1170, height: 30000))
    }

    func testSizeOfAnEncodedImage() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 13, height: 7, opaque: true))
        XCTAssertEqual(try PNG.readSize(bytes, name: "a.png"), PixelSize(width: 13, height: 7))
    }

    func testABadHeaderCRCIsRefused() {
        var bytes = PNGTests.header(width: 10, height: 10)
        bytes[32] ^= 1
        assertSizeError(bytes, "a.png: invalid PNG: IHDR CRC is")
    }

    func testAFirstChunkOtherThanIHDRIsRefused() {
        var bytes = PNGTests.header(width: 10, height: 10)
        bytes.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        assertSizeError(bytes, "a.png: invalid PNG: the first chunk is 'IDAT' of 13 bytes, expected IHDR of 13")
    }

    func testInvalidFieldsAreNamed() {
        assertSizeError(Self.header(width: 0, height: 5), "a.png: invalid PNG: IHDR size 0×5, each side must be 1...2147483647")
        assertSizeError(Self.header(width: 0x8000_0000, height: 5), "a.png: invalid PNG: IHDR size 2147483648×5")
        assertSizeError(Self.header(width: 5, height: 5, depth: 4, colorType: 2), "a.png: invalid PNG: IHDR bit depth 4 with colour type 2, expected one of [8, 16]")
        assertSizeError(Self.header(width: 5, height: 5, colorType: 5), "a.png: invalid PNG: IHDR colour type 5")
        assertSizeError(Self.header(width: 5, height: 5, interlace: 2), "a.png: invalid PNG: IHDR compression 0, filter 0, interlace 2")
    }

    func testEveryValidColourTypeAndDepthIsAccepted() throws {
        let valid: [(UInt8, [UInt8])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        for (colorType, depths) in valid {
            for depth in depths {
                XCTAssertEqual(try PNG.readSize(Self.header(width: 3, height: 4, depth: depth, colorType: colorType), name: "a.png"),
                               PixelSize(width: 3, height: 4))
            }
        }
    }

    /// An IHDR with any field values and a valid CRC.
    static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        var bytes = PNGTests.header(width: width, height: height)
        bytes[24] = depth; bytes[25] = colorType; bytes[28] = interlace
        let crc = PNGTests.crc32(Array(bytes[12..<29]))
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return bytes
    }

    func assertSizeError(_ bytes: [UInt8], _ prefix: String, line: UInt = #line) {
        XCTAssertThrowsError(try PNG.readSize(bytes, name: "a.png"), line: line) { error in
            XCTAssertTrue(String(describing: error).hasPrefix(prefix), "\(error)", line: line)
        }
    }
}
