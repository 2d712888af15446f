import Foundation
import HierarchyImaging
@testable import HierarchyLoading
import XCTest

/// Resolving snapshot paths a folder at a time gives what `realpath` gives for each path: links
/// as the last component, as a folder on the way, dangling or missing.
final class RealPathsTests: XCTestCase {
    func testEachPathResolvesAsRealpathResolvesIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("real-paths-\(UUID().uuidString)").path
        let outside = root + "-outside"
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/snapshots/deeper", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        for file in ["/snapshots/a.png", "/snapshots/deeper/b.png", "/top.png"] {
            try Data([1]).write(to: URL(fileURLWithPath: root + file))
        }
        // More files than are asked about one by one: the folder is then listed.
        let many = (0..<RealPaths.listAfter + 4).map { "/snapshots/many\($0).png" }
        for file in many { try Data([1]).write(to: URL(fileURLWithPath: root + file)) }
        try Data([2]).write(to: URL(fileURLWithPath: outside + "/secret.png"))
        try fm.createSymbolicLink(atPath: root + "/snapshots/link.png", withDestinationPath: outside + "/secret.png")
        try fm.createSymbolicLink(atPath: root + "/snapshots/inside.png", withDestinationPath: "a.png")
        try fm.createSymbolicLink(atPath: root + "/snapshots/dangling.png", withDestinationPath: root + "/nowhere.png")
        try fm.createSymbolicLink(atPath: root + "/away", withDestinationPath: outside)
        let paths = ["snapshots/a.png", "snapshots/deeper/b.png", "top.png", "snapshots/link.png", "snapshots/inside.png",
                     "snapshots/dangling.png", "snapshots/missing.png", "away/secret.png", "away/missing.png",
                     "snapshots/deeper/..", "snapshots/.", "snapshots/", "snapshots/deeper/../a.png", "./top.png"].map { root + "/" + $0 }
        // The links and missing files again once the folder is listed.
        let listed = many.map { root + $0 } + ["snapshots/link.png", "snapshots/inside.png", "snapshots/dangling.png",
                                                "snapshots/missing.png", "snapshots/a.png"].map { root + "/" + $0 }
        var realPaths = RealPaths()
        // Twice: the second time from the folders already resolved.
        for _ in 0..<2 {
            for path in paths + listed { XCTAssertEqual(realPaths.of(path), FileSystem.realPath(path), path) }
        }
        XCTAssertEqual(realPaths.of(root + "/away/secret.png"), FileSystem.realPath(outside + "/secret.png"))
        XCTAssertNil(realPaths.of(root + "/snapshots/dangling.png"))
    }
}
