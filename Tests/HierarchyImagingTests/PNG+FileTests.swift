import Foundation
import HierarchyImaging
import HierarchyModel
import XCTest

final class PNGFileTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "hierarchy-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testWriteThenDecodeTheFile() throws {
        let image = TestImages.pattern(width: 21, height: 34, opaque: false)
        let path = folder + "/a.png"
        try PNG.write(image, to: path, compression: .small)
        XCTAssertEqual(try PNG.decode(file: path), image)
        XCTAssertEqual(try PNG.readSize(file: path), PixelSize(width: 21, height: 34))
        XCTAssertEqual(try contents(), ["a.png"], "no temporary file is left")
    }

    func testWriteCreatesMissingFolders() throws {
        let path = folder + "/x/y/z/a.png"
        try PNG.write(TestImages.pattern(width: 2, height: 2, opaque: true), to: path)
        XCTAssertEqual(try PNG.readSize(file: path), PixelSize(width: 2, height: 2))
    }

    func testWriteReplacesAnExistingFile() throws {
        let path = folder + "/a.png"
        try PNG.write(TestImages.pattern(width: 5, height: 5, opaque: true), to: path)
        try PNG.write(TestImages.pattern(width: 3, height: 8, opaque: true), to: path)
        XCTAssertEqual(try PNG.readSize(file: path), PixelSize(width: 3, height: 8))
        XCTAssertEqual(try contents(), ["a.png"])
    }

    func testWritingOverAFolderFailsAndLeavesNoTemporaryFile() throws {
        let path = folder + "/taken.png"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try PNG.write(TestImages.pattern(width: 4, height: 4, opaque: true), to: path)) { error in
            XCTAssertEqual((error as? InputError)?.file, path)
            XCTAssertTrue(String(describing: error).contains("cannot replace the file"), "\(error)")
        }
        XCTAssertEqual(try contents(), ["taken.png"])
    }

    func testWritingBelowAFileFailsAndLeavesNothing() throws {
        _ = FileManager.default.createFile(atPath: folder + "/plain", contents: Data([1, 2, 3]))
        let path = folder + "/plain/sub/a.png"
        XCTAssertThrowsError(try PNG.write(TestImages.pattern(width: 4, height: 4, opaque: true), to: path)) { error in
            XCTAssertEqual(String(describing: error), "\(path): cannot create the folder '\(folder)/plain': a file of that name exists")
        }
        XCTAssertEqual(try contents(), ["plain"])
    }

    func testAMissingFileIsAnError() {
        let path = folder + "/missing.png"
        XCTAssertThrowsError(try PNG.decode(file: path)) { XCTAssertEqual(String(describing: $0), "\(path): no such file") }
        XCTAssertThrowsError(try PNG.readSize(file: path)) { XCTAssertEqual(String(describing: $0), "\(path): no such file") }
    }

    func testAFolderIsNotAPNG() {
        XCTAssertThrowsError(try PNG.decode(file: folder)) { XCTAssertEqual(String(describing: $0), "\(folder): cannot read: is a folder") }
    }

    func testTruncatedFilesAreErrorsNamingTheFile() throws {
        let bytes = try PNG.encode(TestImages.pattern(width: 40, height: 30, opaque: false))
        let path = folder + "/cut.png"
        for length in [0, 5, 33, 50, bytes.count / 2, bytes.count - 1] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(length)))
            XCTAssertThrowsError(try PNG.decode(file: path), "cut at \(length)") { error in
                XCTAssertTrue(String(describing: error).hasPrefix("\(path): truncated: "), "\(error)")
            }
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(60)))
        XCTAssertThrowsError(try PNG.decode(file: path)) { error in
            XCTAssertEqual(String(describing: error), "\(path): truncated: the file ends after 60 bytes, in the image data")
        }
    }

    func testAnOversizedFileIsRefusedByItsHeader() {
        let path = folder + "/huge.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(PNGTests.header(width: 40_000, height: 40_000)))
        let expected = "\(path): 40000×40000 pixels exceeds the limit of 256000000"
        XCTAssertThrowsError(try PNG.decode(file: path)) { XCTAssertEqual(String(describing: $0), expected) }
        XCTAssertThrowsError(try PNG.readSize(file: path)) { XCTAssertEqual(String(describing: $0), expected) }
    }

    /// Part of the rows (read through one row) and whole rows (read straight into the result).
    func testACropFromAFileMatchesTheCropInMemory() throws {
        let image = TestImages.pattern(width: 60, height: 90, opaque: false)
        let path = folder + "/snapshot.png"
        try PNG.write(image, to: path)
        for crop in [PixelRect(x: 5, y: 10, width: 40, height: 70), PixelRect(x: 0, y: 30, width: 60, height: 30)] {
            XCTAssertEqual(try PNG.decode(file: path, crop: crop), image.cropped(to: crop), "\(crop)")
        }
    }

    func testInterlacedFilesAreCroppedToo() throws {
        let path = PNGSuiteTests.image("basi6a08.png")
        let crop = PixelRect(x: 3, y: 4, width: 10, height: 20)
        XCTAssertEqual(try PNG.decode(file: path, crop: crop), try PNG.decode(file: path).cropped(to: crop))
    }

    func testACropOutsideTheFileIsAnError() throws {
        let path = folder + "/small.png"
        try PNG.write(TestImages.pattern(width: 10, height: 10, opaque: true), to: path)
        XCTAssertThrowsError(try PNG.decode(file: path, crop: PixelRect(x: 0, y: 0, width: 20, height: 20))) { error in
            XCTAssertEqual(String(describing: error), "\(path): crop 20×20 at (0, 0) lies outside the 10×10 image")
        }
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }
}
