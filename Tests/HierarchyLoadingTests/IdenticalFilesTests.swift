import Foundation
import HierarchyImaging
@testable import HierarchyLoading
import XCTest

/// Finding snapshot files with the same bytes: only files of equal size are read, and they are
/// compared whole.
final class IdenticalFilesTests: XCTestCase {
    func testAFileWithTheBytesOfAnEarlierOneIsRepresentedByIt() {
        let content: [String: [UInt8]] = ["a": [1, 2, 3], "b": [1, 2, 4], "c": [1, 2, 3], "d": [1, 2], "e": [1, 2, 3]]
        var read: [String] = []
        let files = IdenticalFiles(["a", "b", "c", "d", "e"], size: { content[$0]?.count }, bytes: { read.append($0); return content[$0] })
        XCTAssertEqual(["a", "b", "c", "d", "e"].map(files.representative(of:)), ["a", "b", "a", "d", "a"])
        XCTAssertEqual(files.repeatCount, 2)
        // "d" has a size of its own: nothing to compare it with, so it is never read.
        XCTAssertEqual(Set(read), ["a", "b", "c", "e"])
    }

    func testTheFirstInTheGivenOrderRepresentsTheOthers() {
        let content: [String: [UInt8]] = ["x": [7, 7], "y": [7, 7]]
        let forward = IdenticalFiles(["y", "x"], size: { content[$0]?.count }, bytes: { content[$0] })
        XCTAssertEqual(forward.representative(of: "x"), "y")
        XCTAssertEqual(forward.representative(of: "y"), "y")
    }

    func testAFileThatCannotBeSizedOrReadIsNobodysTwin() {
        let unsized = IdenticalFiles(["a", "b"], size: { $0 == "a" ? nil : 3 }, bytes: { _ in [0, 0, 0] })
        XCTAssertEqual(unsized.representative(of: "b"), "b")
        let unreadable = IdenticalFiles(["a", "b", "c"], size: { _ in 3 }, bytes: { $0 == "a" ? nil : [0, 0, 0] })
        XCTAssertEqual(unreadable.representative(of: "a"), "a")
        XCTAssertEqual(unreadable.representative(of: "c"), "b")
    }

    func testAFileNamedTwiceIsNotItsOwnTwin() {
        let files = IdenticalFiles(["a", "a", "a"], size: { _ in 1 }, bytes: { _ in [9] })
        XCTAssertEqual(files.representative(of: "a"), "a")
        XCTAssertEqual(files.repeatCount, 0)
    }

    func testTheFilesOnDiskAreSizedAndRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identical-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in [("one", "same"), ("two", "same"), ("three", "diff"), ("four", "longer")] {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let names = ["one", "two", "three", "four", "missing", ""].map { folder + "/" + $0 }
        let files = IdenticalFiles(files: names)
        XCTAssertEqual(names.map(files.representative(of:)), [names[0], names[0], names[2], names[3], names[4], names[5]])
    }

    func testManyGroupsOfManyFilesOnDiskAreMatchedAsOneByOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identical-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 600 files in 20 sizes, 7 contents a size: compared on all cores, as compared one by one.
        var names: [String] = []
        for i in 0..<600 {
            let name = folder + "/\(i)"
            try Data(repeating: UInt8((i % 140) / 20), count: 10 + i % 20).write(to: URL(fileURLWithPath: name))
            names.append(name)
        }
        let parallel = IdenticalFiles(files: names)
        let serial = IdenticalFiles(names, size: FileSystem.size(of:), bytes: { try? FileSystem.read($0) })
        XCTAssertEqual(names.map(parallel.representative(of:)), names.map(serial.representative(of:)))
        XCTAssertEqual(parallel.repeatCount, 600 - 20 * 7)
    }
}
