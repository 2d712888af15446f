import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import XCTest

/// Every image of Willem van Schaik's PngSuite (in `../shared/pngsuite` beside the repository):
/// valid ones decode to the pixels its JSON goldens list, corrupt ones (`x*.png`) are errors.
final class PNGSuiteTests: XCTestCase {
    /// The suite, found from this file's path: Tests/HierarchyImagingTests/ → repository → ../shared.
    static let suite = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/pngsuite")

    /// Corrupt images whose golden we do not follow; see `testCorruptImagesAreInputErrorsNamingTheFile`.
    static let corruptWithGolden: Set<String> = ["xhdn0g08"]

    func images() throws -> [String] {
        let folder = Self.suite.appendingPathComponent("png").path
        guard FileManager.default.fileExists(atPath: folder) else {
            XCTFail("PngSuite is missing: expected it at \(folder)")
            return []
        }
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    func testTheSuiteIsComplete() throws {
        let names = try images()
        XCTAssertEqual(names.count, 175)
        XCTAssertEqual(names.filter { $0.hasPrefix("x") }.count, 14)
    }

    func testValidImagesMatchTheirGoldens() throws {
        let valid = try images().filter { !$0.hasPrefix("x") }
        XCTAssertEqual(valid.count, 161)
        for name in valid {
            let stem = String(name.dropLast(4))
            let path = Self.suite.appendingPathComponent("png/\(name)").path
            let image: RGBAImage
            do { image = try PNG.decode(file: path) } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            let (expected, tolerance) = try golden(stem)
            XCTAssertEqual(image.alpha, .straight)
            if let mismatch = firstMismatch(image, expected, tolerance: tolerance) { XCTFail("\(name): \(mismatch)") }
        }
    }

    /// Decoding from memory and from the file give the same pixels (they share the decoder but not the reader).
    func testMemoryAndFileDecodingAgree() throws {
        for name in try images() where !name.hasPrefix("x") {
            let path = Self.suite.appendingPathComponent("png/\(name)").path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(try PNG.decode(bytes, name: name), try PNG.decode(file: path), name)
            let size = try PNG.readSize(file: path)
            let image = try PNG.decode(file: path)
            XCTAssertEqual(size, PixelSize(width: image.width, height: image.height), name)
        }
    }

    /// Every corrupt image is an InputError naming the file, from memory and from disk.
    ///
    /// xhdn0g08 ("incorrect IHDR checksum") has a golden, made by a decoder that ignores the
    /// checksum; a critical chunk with a bad CRC is an error for libpng and for us.
    func testCorruptImagesAreInputErrorsNamingTheFile() throws {
        let corrupt = try images().filter { $0.hasPrefix("x") }
        XCTAssertEqual(corrupt.count, 14)
        for name in corrupt {
            let path = Self.suite.appendingPathComponent("png/\(name)").path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertThrowsError(try PNG.decode(file: path), name) { error in
                XCTAssertEqual((error as? InputError)?.file, path)
                XCTAssertFalse(String(describing: error).contains("\n"))
            }
            XCTAssertThrowsError(try PNG.decode(bytes, name: name), name) { error in
                XCTAssertEqual((error as? InputError)?.file, name)
            }
        }
    }

    func testCorruptImagesGiveTheirReason() throws {
        let expected = [
            "xs1n0g01": "not a PNG file (bad signature)",
            "xcrn0g04": "not a PNG file (bad signature)",
            "xlfn0g04": "not a PNG file (bad signature)",
            "xhdn0g08": "invalid PNG: IHDR CRC is",
            "xc1n0g08": "invalid PNG: IHDR colour type 1",
            "xd0n2c08": "invalid PNG: IHDR bit depth 0",
            "xd9n2c08": "invalid PNG: IHDR bit depth 99",
            "xc9n2c08": "invalid PNG: IHDR colour type 9",
            "xcsn0g01": "invalid PNG: IDAT: CRC error",
        ]
        for (stem, prefix) in expected {
            let path = Self.suite.appendingPathComponent("png/\(stem).png").path
            XCTAssertThrowsError(try PNG.decode(file: path)) { error in
                XCTAssertTrue((error as? InputError)?.message.hasPrefix(prefix) == true, "\(stem): \(error)")
            }
        }
    }

    // MARK: - Goldens

    /// The expected 8-bit RGBA values and the tolerance: exact for 8-bit images, 1 for 16-bit ones
    /// (their `_to8` golden, else their 16-bit values reduced), as rounding may differ by one.
    func golden(_ stem: String) throws -> ([Int], Int) {
        let folder = Self.suite.appendingPathComponent("json")
        let to8 = folder.appendingPathComponent("\(stem)_to8.json")
        let isSixteen = stem.hasSuffix("16")
        if isSixteen, FileManager.default.fileExists(atPath: to8.path) {
            return (try JSONDecoder().decode([Int].self, from: Data(contentsOf: to8)), 1)
        }
        let values = try JSONDecoder().decode([Int].self, from: Data(contentsOf: folder.appendingPathComponent("\(stem).json")))
        guard isSixteen else { return (values, 0) }
        return (values.map { ($0 * 255 + 32767) / 65535 }, 1)
    }

    /// The first pixel that differs by more than `tolerance` in a channel, described, or nil.
    func firstMismatch(_ image: RGBAImage, _ expected: [Int], tolerance: Int) -> String? {
        guard expected.count == image.pixels.count else {
            return "\(image.width)×\(image.height) gives \(image.pixels.count / 4) pixels, the golden has \(expected.count / 4)"
        }
        for (i, value) in image.pixels.enumerated() where abs(Int(value) - expected[i]) > tolerance {
            let pixel = i / 4, x = pixel % image.width, y = pixel / image.width
            let got = Array(image.pixels[pixel * 4..<pixel * 4 + 4]), want = Array(expected[pixel * 4..<pixel * 4 + 4])
            return "pixel (\(x), \(y)) is \(got), expected \(want) within \(tolerance)"
        }
        return nil
    }
}
