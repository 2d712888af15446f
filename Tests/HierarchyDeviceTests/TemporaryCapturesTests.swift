import Foundation
import HierarchyDevice
import XCTest

/// The temporary folders of live inputs: each a new folder in its parent, all removed at once.
final class TemporaryCapturesTests: XCTestCase {
    func testFoldersAreNewAndRemovedTogether() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-temporary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let captures = TemporaryCaptures(parent: parent)
        let first = try captures.folder(), second = try captures.folder()
        XCTAssertNotEqual(first, second)
        for folder in [first, second] {
            XCTAssertTrue(folder.hasPrefix(parent + "/"), folder)
            XCTAssertTrue(folder.hasSuffix("/screen"), "the capture creates the screen's folder itself: \(folder)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent).count, 2)
        captures.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), [])
        captures.removeAll()  // nothing left: a second call is harmless
    }
}
