import Foundation
@_spi(Testing) import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The fast path for image rows (`CPNG/fast_rows.c`) against libpng alone: every file, valid or
/// damaged, must decode to the same picture or fail with the same message both ways; and the fast
/// path must really give the rows of the files it is for (else these tests would compare libpng
/// with itself).
final class PNGFastRowsTests: XCTestCase {
    /// A decoding's outcome: the picture, or the error's message.
    enum Outcome: Equatable {
        case image(RGBAImage)
        case error(String)
    }

    /// Decodes `bytes` both ways, checks the outcomes are the same, and gives it with the number
    /// of rows the fast path gave.
    @discardableResult
    func decodeBothWays(_ bytes: [UInt8], crop: PixelRect? = nil, _ label: String,
                        file: StaticString = #filePath, line: UInt = #line) -> (outcome: Outcome, fastRows: Int) {
        func outcome(_ rows: PNGRowSource) -> (Outcome, Int) {
            var fastRows = 0
            do throws(InputError) {
                return (.image(try PNG.decode(bytes, name: "a.png", crop: crop, rows: rows, fastRows: &fastRows)), fastRows)
            } catch {
                return (.error(error.description), fastRows)
            }
        }
        let (libpng, none) = outcome(.libpngOnly)
        let (fast, fastRows) = outcome(.fastWhereItApplies)
        XCTAssertEqual(none, 0, "\(label): libpng alone gave every row", file: file, line: line)
        XCTAssertEqual(fast, libpng, label, file: file, line: line)
        return (fast, fastRows)
    }

    // MARK: - Real files

    func testThePngSuiteDecodesTheSameBothWays() throws {
        let folder = PNGSuiteTests.fixtures
        var fast = 0
        for name in try TestPaths.contents(of: folder).filter({ $0.hasSuffix(".png") }) {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let (outcome, rows) = decodeBothWays(bytes, name)
            fast += rows
            if case .image(let image) = outcome, image.width > 2, image.height > 2 {
                decodeBothWays(bytes, crop: PixelRect(x: 1, y: 1, width: image.width - 2, height: image.height - 2), "\(name), a crop")
            }
        }
        // The suite's 8-bit RGB and RGBA images, filters 0 to 4 among them, go the fast way.
        for name in ["basn2c08", "basn6a08", "f00n2c08", "f01n2c08", "f02n2c08", "f03n2c08", "f04n2c08"] {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".png")))
            XCTAssertEqual(decodeBothWays(bytes, name).fastRows, 32, name)
        }
        XCTAssertGreaterThan(fast, 32 * 10)
    }

    func testEveryPictureOfTheSamplesAndFixturesDecodesTheSameBothWays() throws {
        // Screenshots and snapshots as apps, simulators, Appium and our own capture wrote them.
        let root = TestPaths.repository
        var files = 0, fast = 0
        for folder in ["Samples", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for path in paths where path.hasSuffix(".png") && !path.hasPrefix("pngsuite/") {
                let bytes = try [UInt8](Data(contentsOf: base.appendingPathComponent(path)))
                fast += decodeBothWays(bytes, "\(folder)/\(path)").fastRows
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 100)
        XCTAssertGreaterThan(fast, 10_000, "the fast path gave the rows of most of them")
    }

    func testImagesLibpngCompressesDecodeTheSameBothWays() throws {
        // libpng's adaptive filters pick among all five on each row; `.fast` is our own encoder's
        // Up filter in several IDAT pieces.
        for (width, height) in [(1, 1), (3, 2), (37, 23), (255, 9), (640, 40)] {
            for opaque in [true, false] {
                let image = TestImages.pattern(width: width, height: height, opaque: opaque)
                for compression in [PNGCompression.small, .balanced, .fast] {
                    let label = "\(width)×\(height) \(opaque ? "opaque" : "transparent") \(compression)"
                    let (outcome, rows) = decodeBothWays(try PNG.encode(image, compression: compression), label)
                    XCTAssertEqual(outcome, .image(image), label)
                    XCTAssertEqual(rows, height, label)
                }
            }
        }
    }

    // MARK: - Files made here, filter by filter

    func testEveryFilterOnRandomRowsDecodesTheSameBothWays() {
        var random = SplitMix(seed: 26)
        for case_ in 0..<300 {
            let file = CraftedPNG.random(&random)
            let (outcome, rows) = decodeBothWays(file.bytes, "case \(case_): \(file)")
            XCTAssertEqual(outcome, .image(file.image), "case \(case_): \(file)")
            XCTAssertEqual(rows, file.image.height, "case \(case_): the fast path gave every row")
        }
    }

    func testEveryDamagedByteAndEveryTruncationGetsLibpngsAnswer() {
        var random = SplitMix(seed: 2026)
        for case_ in 0..<6 {
            let file = CraftedPNG.random(&random, maxWidth: 9, maxHeight: 5)
            let bytes = file.bytes
            for i in bytes.indices {
                var damaged = bytes
                damaged[i] ^= UInt8(truncatingIfNeeded: 1 << (i % 8)) | 0x40
                decodeBothWays(damaged, "case \(case_): byte \(i) of \(bytes.count) changed")
            }
            for count in 0..<bytes.count {
                decodeBothWays(Array(bytes[..<count]), "case \(case_): the first \(count) of \(bytes.count) bytes")
            }
        }
    }

    func testUnusualStructuresGetLibpngsAnswer() {
        var random = SplitMix(seed: 7)
        var file = CraftedPNG.random(&random, maxWidth: 12, maxHeight: 6)
        file.width = max(file.width, 2)
        file.height = 6
        file.regenerate(&random)
        let image = Outcome.image(file.image)
        let text = CraftedPNG.chunk("tEXt", Array("Comment\u{0}hello".utf8))
        // What libpng takes in silence, or with a warning only: the picture, the fast path having
        // stepped aside (or not) on the way.
        var cases: [(String, [UInt8], Outcome?)] = [
            ("the image data in one-byte chunks", file.with(chunkSize: 1), image),
            ("empty IDAT chunks among the others", file.with(chunkSize: 5, emptyChunks: true), image),
            ("a text chunk after the image data", file.with(after: [text]), image),
            ("bytes after IEND", file.bytes + [1, 2, 3], image),
            ("compressed data after the rows", file.with(extraRowBytes: 9), image),
            ("bytes after the compressed stream in its IDAT", file.with(trailing: [0, 0, 0]), image),
            ("an ancillary chunk with a bad CRC after the image data", file.with(after: [CraftedPNG.damagedCRC(text)]), image),
        ]
        // What libpng refuses: the same message both ways.
        cases += [
            ("filter 5 on the third row", file.with(filterOverride: (2, 5)), nil),
            ("a row too few", file.with(missingRows: 1), nil),
            ("every row, but the stream's checksum cut off", file.with(cutFromStream: 4), nil),
            ("every row, but the stream's last checksum byte cut off", file.with(cutFromStream: 1), nil),
            ("a text chunk between IDAT chunks", file.with(chunkSize: 10, between: text), nil),
            ("a bad CRC on the last IDAT chunk", file.with(damagedLastCRC: true), nil),
            ("no IEND", file.with(end: false), nil),
        ]
        for (label, bytes, expected) in cases {
            let (outcome, _) = decodeBothWays(bytes, label)
            if let expected {
                XCTAssertEqual(outcome, expected, label)
            } else if case .image = outcome {
                XCTFail("\(label): decoded, where libpng should refuse it")
            }
        }
        // The fast path gives the rows of the sound chunks before it steps aside (libpng then
        // reads them again), and gives every row of a sound file.
        XCTAssertEqual(decodeBothWays(file.with(damagedLastCRC: true), "a bad CRC").fastRows, 0,
                       "in one IDAT chunk, the bad chunk holds every row")
        XCTAssertGreaterThan(decodeBothWays(file.with(chunkSize: 16, damagedLastCRC: true), "a bad CRC on the last of several").fastRows, 0)
        XCTAssertEqual(decodeBothWays(file.with(after: [text]), "text after").fastRows, file.height)
    }
}

/// A PNG made byte by byte: 8-bit RGB or RGBA rows with a chosen filter on each, stored (not
/// compressed) in a zlib stream cut into IDAT chunks, so that every part of the file is known.
struct CraftedPNG: CustomStringConvertible {
    var width: Int
    var height: Int
    var hasAlpha: Bool
    var filters: [UInt8]
    /// The pixels as stored: `width * (3 or 4)` bytes a row.
    var rows: [[UInt8]]

    var pixel: Int { hasAlpha ? 4 : 3 }
    var description: String { "\(width)×\(height) \(hasAlpha ? "RGBA" : "RGB"), filters \(filters)" }

    /// The picture libpng gives: RGBA, alpha 255 added to RGB.
    var image: RGBAImage {
        var pixels: [UInt8] = []
        for row in rows {
            for x in 0..<width {
                pixels += row[x * pixel..<x * pixel + 3]
                pixels.append(hasAlpha ? row[x * pixel + 3] : 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func random(_ random: inout SplitMix, maxWidth: Int = 40, maxHeight: Int = 12) -> CraftedPNG {
        var file = CraftedPNG(width: Int.random(in: 1...maxWidth, using: &random), height: Int.random(in: 1...maxHeight, using: &random),
                              hasAlpha: Bool.random(using: &random), filters: [], rows: [])
        file.regenerate(&random)
        return file
    }

    /// New rows and filters for the size: runs of one colour with noise, as pictures have, so that
    /// the filters' predictions are sometimes right and sometimes far off.
    mutating func regenerate(_ random: inout SplitMix) {
        filters = (0..<height).map { _ in UInt8.random(in: 0...4, using: &random) }
        rows = (0..<height).map { _ in
            var row: [UInt8] = []
            var colour = (0..<pixel).map { _ in UInt8.random(in: 0...255, using: &random) }
            for _ in 0..<width {
                if Int.random(in: 0..<4, using: &random) == 0 { colour = (0..<pixel).map { _ in UInt8.random(in: 0...255, using: &random) } }
                row += colour
            }
            return row
        }
    }

    /// The rows filtered as PNG stores them, each after its filter byte.
    func filtered(filterOverride: (row: Int, filter: UInt8)? = nil) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            let row = rows[y], above = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: row.count)
            let filter = filters[y]
            out.append(filterOverride?.row == y ? filterOverride!.filter : filter)
            for i in row.indices {
                let a = i >= pixel ? Int(row[i - pixel]) : 0, b = Int(above[i]), c = i >= pixel ? Int(above[i - pixel]) : 0
                let prediction: Int
                switch filter {
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4:
                    let (pa, pb, pc) = (abs(b - c), abs(a - c), abs(a + b - 2 * c))
                    prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: prediction = 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - prediction))
            }
        }
        return out
    }

    var bytes: [UInt8] { with() }

    /// The file, with what a case changes: the zlib stream cut into IDAT chunks of `chunkSize`
    /// bytes (empty ones between them with `emptyChunks`), `extraRowBytes` more bytes inside the
    /// stream, `trailing` bytes after it in the last IDAT, a chunk `between` the first two IDAT
    /// chunks, chunks `after` the image data, a row's filter byte replaced, `missingRows` rows left
    /// out, `cutFromStream` bytes cut from the stream's end, the last IDAT chunk's CRC damaged, and
    /// IEND left out.
    func with(chunkSize: Int? = nil, emptyChunks: Bool = false, extraRowBytes: Int = 0, trailing: [UInt8] = [],
              between: [UInt8]? = nil, after: [[UInt8]] = [], filterOverride: (Int, UInt8)? = nil,
              missingRows: Int = 0, cutFromStream: Int = 0, damagedLastCRC: Bool = false, end: Bool = true) -> [UInt8] {
        var raw = filtered(filterOverride: filterOverride.map { (row: $0.0, filter: $0.1) })
        raw.removeLast(missingRows * (width * pixel + 1))
        raw += [UInt8](repeating: 0, count: extraRowBytes)
        let stream = CraftedPNG.zlibStored(raw).dropLast(cutFromStream) + trailing
        // IDAT chunks of `chunkSize` bytes of the stream (the last one shorter), or one.
        let size = chunkSize ?? stream.count
        var chunks: [[UInt8]] = stride(from: 0, to: stream.count, by: size).map {
            CraftedPNG.chunk("IDAT", Array(stream[$0..<min(stream.count, $0 + size)]))
        }
        if damagedLastCRC { chunks[chunks.count - 1] = CraftedPNG.damagedCRC(chunks[chunks.count - 1]) }
        if emptyChunks { chunks = chunks.flatMap { [$0, CraftedPNG.chunk("IDAT", [])] } }
        if let between { chunks.insert(between, at: 1) }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += CraftedPNG.chunk("IHDR", CraftedPNG.bigEndian(UInt32(width)) + CraftedPNG.bigEndian(UInt32(height)) + [8, hasAlpha ? 6 : 2, 0, 0, 0])
        file += chunks.flatMap { $0 }
        file += after.flatMap { $0 }
        if end { file += CraftedPNG.chunk("IEND", []) }
        return file
    }


    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// The chunk with its CRC's last byte changed.
    static func damagedCRC(_ chunk: [UInt8]) -> [UInt8] {
        var damaged = chunk
        damaged[damaged.count - 1] ^= 0xFF
        return damaged
    }

    /// A zlib stream of stored blocks (at most 7 bytes each, so that blocks cross rows and chunks).
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(raw.count, start + 7)
            let length = UInt16(end - start)
            out += [end == raw.count ? 1 : 0, UInt8(length & 255), UInt8(length >> 8), UInt8(~length & 255), UInt8(~length >> 8)]
            out += raw[start..<end]
            start = end
        } while start < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { (a, b) = ((a + UInt32(byte)) % 65521, (b + (a + UInt32(byte)) % 65521) % 65521) }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
