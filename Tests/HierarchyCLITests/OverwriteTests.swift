import Foundation
import XCTest

final class OverwriteTests: XCTestCase {
    func testNoCommandWritesOverItsInput() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let before = try Data(contentsOf: URL(fileURLWithPath: ws.path("tree.json")))
        for arguments in [["layout", "tree.json", "--format", "json", "-o", "tree.json"], ["import", "tree.json", "-o", "./tree.json"],
                          ["render", "tree.json", "-o", "tree.json", "--size", "10x10"]] {
            let result = try Hierarchy.run(arguments, in: ws.url)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasSuffix("is an input of this command; choose another output\n"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: ws.path("tree.json"))), before)
    }
}
