@testable import HierarchyImaging
import HierarchyModel
import XCTest

/// The fast encoder compresses pieces of rows on all cores and joins them: the file must be one
/// valid zlib stream whatever the number of pieces, with the right checksums.
final class PNGPiecesTests: XCTestCase {
    func testImagesOfManyPiecesRoundTripExactly() throws {
        // 1 piece, several with a short last one, one row a piece (wider than a piece's bytes).
        for (width, height) in [(40, 30), (300, 1000), (97, 2711), (70_000, 3)] {
            let image = TestImages.pattern(width: width, height: height, opaque: false)
            let pieces = (height + PNG.Pieces.rowsPerPiece(width: width) - 1) / PNG.Pieces.rowsPerPiece(width: width)
            XCTAssertEqual(try PNG.decode(PNG.encode(image), name: "a.png"), image, "\(width)×\(height) in \(pieces) pieces")
        }
        XCTAssertEqual(PNG.Pieces.rowsPerPiece(width: 70_000), 1)
        XCTAssertGreaterThan(2711 / PNG.Pieces.rowsPerPiece(width: 97), 3)
    }

    func testTheJoinedStreamHasAZlibHeaderTheCombinedAdlerAndGoodCRCs() throws {
        let image = TestImages.pattern(width: 97, height: 2711, opaque: false)
        let file = try PNG.encode(image)
        var data: [UInt8] = [], types: [String] = []
        var at = 8
        while at < file.count {
            let length = Int(file[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = Array(file[at + 4..<at + 8]), body = Array(file[at + 8..<at + 8 + length])
            let crc = file[at + 8 + length..<at + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(crc, Self.crc32(type + body), "CRC of the chunk at byte \(at)")
            types.append(String(decoding: type, as: UTF8.self))
            if types.last == "IDAT" { data += body }
            at += 12 + length
        }
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types.last, "IEND")
        XCTAssertGreaterThan(types.filter { $0 == "IDAT" }.count, 3, "one IDAT a piece")
        XCTAssertEqual((Int(data[0]) << 8 | Int(data[1])) % 31, 0, "zlib header check bits")
        XCTAssertEqual(data[0] & 0x0F, 8, "deflate")
        // Every row is Up-filtered (the first against zeros): the checksum is of those bytes.
        var filtered: [UInt8] = []
        let stride = image.width * 4
        for y in 0..<image.height {
            filtered.append(2)
            for k in 0..<stride {
                let above = y == 0 ? 0 : image.pixels[(y - 1) * stride + k]
                filtered.append(image.pixels[y * stride + k] &- above)
            }
        }
        let trailer = data.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        XCTAssertEqual(trailer, Self.adler32(filtered))
    }

    func testTheFileIsTheSameWhateverRunsIt() throws {
        let image = TestImages.pattern(width: 500, height: 900, opaque: true)
        let first = try PNG.encode(image)
        for _ in 0..<3 { XCTAssertEqual(try PNG.encode(image), first) }
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
