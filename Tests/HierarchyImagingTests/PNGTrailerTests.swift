import Foundation
import HierarchyTestSupport
@_spi(Testing) @testable import HierarchyImaging
import XCTest

/// The decoder stops at the image's end: compressed data left after the last row is not all
/// inflated (a 2×2 image followed by 1.6 GB of zeros deflated to 1.6 MB took 18 s to decode).
final class PNGTrailerTests: XCTestCase {
    /// A 2×2 red RGBA PNG whose one zlib stream goes on with `megabytes` MB of zeros after the image's
    /// rows, made by Python's zlib.
    private func paddedPNG(megabytes: Int) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-trailer-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, zlib, struct
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            raw = b''.join(b'\\x00' + b'\\xff\\x00\\x00\\xff' * 2 for _ in range(2))
            c = zlib.compressobj(9)
            z = c.compress(raw) + b''.join(c.compress(b'\\x00' * (1 << 20)) for _ in range(int(sys.argv[2]))) + c.flush()
            ihdr = struct.pack('>IIBBBBB', 2, 2, 8, 6, 0, 0, 0)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', z) + chunk(b'IEND', b''))
            """
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", script, path, String(megabytes)])
        XCTAssertEqual(status, 0, output)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testCompressedDataAfterTheImageIsReadOnlySoFar() throws {
        let png = try paddedPNG(megabytes: 256)
        XCTAssertGreaterThan(png.count, 200_000, "256 MB of zeros deflate to about 250 KB")
        for rows in [PNGRowSource.fastWhereItApplies, .libpngOnly] {
            try png.withUnsafeBufferPointer { bytes in
                let decoder = try PNGDecoder(bytes: bytes, limits: .default, rows: rows)
                let image = try decoder.decodeImage()
                XCTAssertEqual(image.pixels, Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }, "\(rows)")
                XCTAssertLessThan(decoder.bytesRead, 100_000, "\(rows): the rows and 64 KB after them, not the \(png.count) bytes")
            }
        }
        // A file decoded as a stream stops there too.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-trailer-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(png).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PNG.decode(file: path).width, 2)
    }
}
