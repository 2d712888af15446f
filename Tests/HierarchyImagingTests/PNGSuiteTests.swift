import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Every image of Willem van Schaik's PngSuite, carried in `Tests/Fixtures/pngsuite`: valid ones
/// decode to the pixels whose SHA-256 `expected-rgba.txt` lists (made from the suite's JSON goldens
/// by `scripts/pngsuite-digests.py`), corrupt ones (`x*.png`) are errors. The shared corpus
/// (`../shared/pngsuite`) adds the goldens themselves, compared pixel by pixel when present.
final class PNGSuiteTests: XCTestCase {
    /// The suite carried in the repository.
    static let fixtures = TestPaths.fixture("pngsuite")

    /// The suite in the shared corpus, with its JSON goldens; skips when it is absent (fails under CI=true).
    static func sharedSuite() throws -> URL { try TestPaths.shared("pngsuite", for: "PngSuite's JSON goldens") }

    /// The path of a carried image, `name` with its extension.
    static func image(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Corrupt images whose golden we do not follow; see `testCorruptImagesAreInputErrorsNamingTheFile`.
    static let corruptWithGolden: Set<String> = ["xhdn0g08"]

    func images() throws -> [String] {
        try TestPaths.contents(of: Self.fixtures).filter { $0.hasSuffix(".png") }
    }

    func testTheSuiteIsComplete() throws {
        let names = try images()
        XCTAssertEqual(names.count, 175)
        XCTAssertEqual(names.filter { $0.hasPrefix("x") }.count, 14)
    }

    func testTheDigestFunctionIsSHA256() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// The carried digests: stem → (width, height, SHA-256 of the 8-bit RGBA pixels).
    func digests() throws -> [String: (Int, Int, String)] {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("expected-rgba.txt"), encoding: .utf8)
        var digests: [String: (Int, Int, String)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]) else {
                XCTFail("expected-rgba.txt: bad line '\(line)'")
                continue
            }
            digests[fields[0]] = (width, height, fields[3])
        }
        return digests
    }

    func testValidImagesMatchTheirDigests() throws {
        let valid = try images().filter { !$0.hasPrefix("x") }
        let digests = try digests()
        XCTAssertEqual(valid.count, 161)
        XCTAssertEqual(Set(digests.keys), Set(valid.map { String($0.dropLast(4)) }))
        for name in valid {
            let stem = String(name.dropLast(4))
            let image: RGBAImage
            do { image = try PNG.decode(file: Self.image(name)) } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            guard let (width, height, digest) = digests[stem] else { continue }
            XCTAssertEqual(image.alpha, .straight, name)
            XCTAssertEqual([image.width, image.height], [width, height], name)
            XCTAssertEqual(SHA256.hex(image.pixels), digest, "\(name): decoded pixels differ from the golden's")
        }
    }

    /// The shared corpus's copy: the carried images are its images, byte for byte, and they match
    /// its JSON goldens pixel by pixel (the digests were made from them). One test, so that a
    /// clone without the corpus skips it with one line.
    func testTheSharedSuite() throws {
        let suite = try Self.sharedSuite()
        try checkTheCarriedSuiteIsTheSharedOne(suite)
        try checkValidImagesMatchTheSharedGoldens(suite)
    }

    private func checkTheCarriedSuiteIsTheSharedOne(_ suite: URL) throws {
        let shared = suite.appendingPathComponent("png")
        XCTAssertEqual(try TestPaths.contents(of: shared).filter { $0.hasSuffix(".png") }, try images())
        for name in try images() {
            XCTAssertEqual(FileManager.default.contents(atPath: Self.image(name)),
                           FileManager.default.contents(atPath: shared.appendingPathComponent(name).path), name)
        }
    }

    /// Pixel by pixel against the shared corpus's JSON goldens (which the digests were made from).
    private func checkValidImagesMatchTheSharedGoldens(_ suite: URL) throws {
        let valid = try images().filter { !$0.hasPrefix("x") }
        XCTAssertEqual(valid.count, 161)
        for name in valid {
            let stem = String(name.dropLast(4))
            let image: RGBAImage
            do { image = try PNG.decode(file: Self.image(name)) } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            let (expected, tolerance) = try golden(stem, in: suite)
            XCTAssertEqual(image.alpha, .straight)
            if let mismatch = firstMismatch(image, expected, tolerance: tolerance) { XCTFail("\(name): \(mismatch)") }
        }
    }

    func testMemoryAndFileDecodingAgree() throws {
        for name in try images() where !name.hasPrefix("x") {
            let path = Self.image(name)
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
            let path = Self.image(name)
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
            let path = Self.image("\(stem).png")
            XCTAssertThrowsError(try PNG.decode(file: path)) { error in
                XCTAssertTrue((error as? InputError)?.message.hasPrefix(prefix) == true, "\(stem): \(error)")
            }
        }
    }

    // MARK: - Goldens

    /// The expected 8-bit RGBA values and the tolerance: exact for 8-bit images, 1 for 16-bit ones
    /// (their `_to8` golden, else their 16-bit values reduced), as rounding may differ by one.
    func golden(_ stem: String, in suite: URL) throws -> ([Int], Int) {
        let folder = suite.appendingPathComponent("json")
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
