import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `PNG.averaged(file:crop:to:)` averages each row as it is decoded: it must give exactly the
/// numbers of decoding the crop and averaging it, which is what the renderer did before.
final class PNGAveragedTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "hierarchy-png-averaged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func floats(_ size: PixelSize, _ fill: ((Int) -> UnsafeMutablePointer<SIMD4<Float>>) throws -> Void) rethrows -> [SIMD4<Float>] {
        let buffer = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: size.width * size.height)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: SIMD4(repeating: -1), count: size.width * size.height)
        try fill { buffer + $0 * size.width }
        return Array(UnsafeBufferPointer(start: buffer, count: size.width * size.height))
    }

    private func check(file: String, crop: PixelRect, size: PixelSize, line: UInt = #line) throws {
        let streamed = try floats(size) { try PNG.averaged(file: file, crop: crop, to: size, into: $0) }
        let whole = try floats(size) { try PNG.decode(file: file, crop: crop).averaged(width: size.width, height: size.height, into: $0) }
        XCTAssertEqual(streamed, whole, "\(crop) to \(size)", line: line)
        XCTAssertFalse(streamed.contains(SIMD4(repeating: -1)), "every texel written", line: line)
    }

    func testAveragingAsItDecodesEqualsDecodingThenAveraging() throws {
        let path = folder + "/p.png"
        try PNG.write(TestImages.pattern(width: 301, height: 203, opaque: false), to: path)
        for (crop, size) in [
            (PixelRect(x: 0, y: 0, width: 301, height: 203), PixelSize(width: 100, height: 67)),
            (PixelRect(x: 17, y: 40, width: 200, height: 150), PixelSize(width: 63, height: 41)),
            (PixelRect(x: 300, y: 0, width: 1, height: 203), PixelSize(width: 1, height: 7)),
            (PixelRect(x: 5, y: 5, width: 20, height: 20), PixelSize(width: 20, height: 20)),
        ] {
            try check(file: path, crop: crop, size: size)
        }
    }

    func testAnInterlacedImageIsDecodedWholeFirstWithTheSameResult() throws {
        let file = TestPaths.fixture("pngsuite/basi6a08.png").path
        try check(file: file, crop: PixelRect(x: 3, y: 5, width: 25, height: 20), size: PixelSize(width: 9, height: 6))
    }

    func testATruncatedFileIsAnErrorNamingIt() throws {
        let path = folder + "/t.png"
        try PNG.write(TestImages.pattern(width: 200, height: 300, opaque: true), to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try floats(PixelSize(width: 20, height: 30)) {
            try PNG.averaged(file: path, crop: PixelRect(x: 0, y: 0, width: 200, height: 300), to: PixelSize(width: 20, height: 30), into: $0)
        }) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
        }
        XCTAssertThrowsError(try floats(PixelSize(width: 2, height: 2)) {
            try PNG.averaged(file: path, crop: PixelRect(x: 190, y: 0, width: 20, height: 300), to: PixelSize(width: 2, height: 2), into: $0)
        }) { error in
            XCTAssertTrue("\(error)".contains("outside"), "\(error)")
        }
    }
}
