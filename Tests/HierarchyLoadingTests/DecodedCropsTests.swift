import Foundation
import HierarchyImaging
@testable import HierarchyLoading
import HierarchyModel
import XCTest

/// The loader's cache of decoded snapshot crops (HierarchyLoading/DecodedCrops.swift), which the
/// renderer's texture path goes through.
final class DecodedCropsTests: XCTestCase {
    func testACropIsDecodedOnceAndTheLeastRecentlyUsedGoesFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-crops-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/s.png", other = folder + "/o.png"
        let red = RGBAImage(width: 32, height: 32, fill: Color(red: 255, green: 0, blue: 0))
        try PNG.write(red, to: file)
        try PNG.write(RGBAImage(width: 32, height: 32, fill: Color(red: 0, green: 0, blue: 255)), to: other)
        // Room for four 16×16 crops (1 KB each) and no more.
        let cache = DecodedCrops(maxBytes: 4 * 1024 + 1)
        let crop = PixelRect(x: 8, y: 8, width: 16, height: 16)
        let first = try cache.decode(file: file, crop: crop)
        XCTAssertEqual(first, try PNG.decode(file: file, crop: crop))
        // The file changes behind the cache's back: the crop comes from memory.
        try PNG.write(RGBAImage(width: 32, height: 32, fill: Color(red: 0, green: 255, blue: 0)), to: file)
        XCTAssertEqual(try cache.decode(file: file, crop: crop), first)
        // Another crop of the same file is decoded anew.
        XCTAssertEqual(try cache.decode(file: file, crop: PixelRect(x: 0, y: 0, width: 16, height: 16)).pixels[0...2], [0, 255, 0])
        // Three more crops push the least recently used out; it is decoded again, with the file's new pixels.
        _ = try cache.decode(file: other, crop: crop)
        _ = try cache.decode(file: other, crop: PixelRect(x: 0, y: 0, width: 16, height: 16))
        _ = try cache.decode(file: other, crop: PixelRect(x: 16, y: 16, width: 16, height: 16))
        XCTAssertEqual(try cache.decode(file: file, crop: crop).pixels[0...2], [0, 255, 0])
        XCTAssertThrowsError(try cache.decode(file: folder + "/missing.png", crop: crop))
    }
}
