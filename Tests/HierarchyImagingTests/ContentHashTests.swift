import HierarchyImaging
import HierarchyModel
import XCTest

final class ContentHashTests: XCTestCase {
    func testEqualBytesHashAlikeAndAnyChangeDiffers() {
        let bytes = (0..<203).map { UInt8(truncatingIfNeeded: $0 * 7) }
        XCTAssertEqual(ContentHash(bytes), ContentHash(Array(bytes)))
        var hashes: Set<ContentHash> = [ContentHash(bytes)]
        // Each byte changed alone (whole words and the tail), and every length.
        for i in bytes.indices {
            var changed = bytes
            changed[i] ^= 1
            hashes.insert(ContentHash(changed))
        }
        for n in 0..<bytes.count { hashes.insert(ContentHash(Array(bytes.prefix(n)))) }
        XCTAssertEqual(hashes.count, 1 + 2 * bytes.count)
        XCTAssertEqual(ContentHash(bytes).hex.count, 32)
    }

    func testAnImageHashCountsItsShapeAndAlphaMode() {
        let pixels = (0..<64).map { UInt8($0) }
        let square = RGBAImage(width: 4, height: 4, pixels: pixels), wide = RGBAImage(width: 8, height: 2, pixels: pixels)
        XCTAssertNotEqual(ContentHash(square), ContentHash(wide))
        XCTAssertNotEqual(ContentHash(square), ContentHash(RGBAImage(width: 4, height: 4, pixels: pixels, alpha: .premultiplied)))
        XCTAssertEqual(ContentHash(square), ContentHash(RGBAImage(width: 4, height: 4, pixels: pixels)))
    }

    func testTheMemoGivesTheEncodersBytesForEachContent() throws {
        let memo = PNGMemo()
        let a = RGBAImage(width: 3, height: 2, fill: Color(red: 200, green: 10, blue: 10, alpha: 255))
        let b = RGBAImage(width: 3, height: 2, fill: Color(red: 10, green: 200, blue: 10, alpha: 255))
        for compression in [PNGCompression.fast, .small, .balanced] {
            XCTAssertEqual(try memo.encode(a, compression: compression), try PNG.encode(a, compression: compression))
            XCTAssertEqual(try memo.encode(b, compression: compression), try PNG.encode(b, compression: compression))
            XCTAssertEqual(try memo.encode(a, compression: compression), try PNG.encode(a, compression: compression))
        }
        XCTAssertEqual(try PNG.decode(try memo.encode(b, compression: .small), name: "b"), b)
    }
}
